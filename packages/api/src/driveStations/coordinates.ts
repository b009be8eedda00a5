import { coordinateSystem } from '@cp/contracts';

/**
 * Conversions between the coordinate systems maps in China use: WGS-84 (GPS), GCJ-02 (the national offset of
 * Amap and Tencent) and BD-09 (Baidu's further offset of GCJ-02). Points outside China are not offset by
 * GCJ-02 and pass through unchanged. Forward formulas are closed; their inverses are found by iteration
 * (`invert`), which lands within a millionth of a metre of the point the forward formula maps back.
 */
export interface Point {
  lng: number;
  lat: number;
}

/** Krasovsky 1940: the ellipsoid GCJ-02's offset is computed on. */
const semiMajor = 6378245.0;
const eccentricitySquared = 0.006693421622965943;
const baiduPi = (Math.PI * 3000) / 180;

/** GCJ-02 offsets only points in the rough box around China. */
export function outsideChina({ lng, lat }: Point): boolean {
  return lng < 72.004 || lng > 137.8347 || lat < 0.8293 || lat > 55.8271;
}

function latitudeOffset(x: number, y: number): number {
  let offset = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  offset += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  offset += ((20 * Math.sin(y * Math.PI) + 40 * Math.sin((y / 3) * Math.PI)) * 2) / 3;
  offset += ((160 * Math.sin((y / 12) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30)) * 2) / 3;
  return offset;
}

function longitudeOffset(x: number, y: number): number {
  let offset = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  offset += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  offset += ((20 * Math.sin(x * Math.PI) + 40 * Math.sin((x / 3) * Math.PI)) * 2) / 3;
  offset += ((150 * Math.sin((x / 12) * Math.PI) + 300 * Math.sin((x / 30) * Math.PI)) * 2) / 3;
  return offset;
}

export function wgs84ToGcj02(point: Point): Point {
  if (outsideChina(point)) return { ...point };
  const radLat = (point.lat / 180) * Math.PI;
  const magic = 1 - eccentricitySquared * Math.sin(radLat) ** 2;
  const sqrtMagic = Math.sqrt(magic);
  const dLat =
    (latitudeOffset(point.lng - 105, point.lat - 35) * 180) /
    (((semiMajor * (1 - eccentricitySquared)) / (magic * sqrtMagic)) * Math.PI);
  const dLng =
    (longitudeOffset(point.lng - 105, point.lat - 35) * 180) / ((semiMajor / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return { lng: point.lng + dLng, lat: point.lat + dLat };
}

export function gcj02ToBd09({ lng, lat }: Point): Point {
  const z = Math.sqrt(lng * lng + lat * lat) + 0.00002 * Math.sin(lat * baiduPi);
  const theta = Math.atan2(lat, lng) + 0.000003 * Math.cos(lng * baiduPi);
  return { lng: z * Math.cos(theta) + 0.0065, lat: z * Math.sin(theta) + 0.006 };
}

/**
 * The point `forward` maps onto `target`: start from the target, move by how far the forward image misses
 * it, until the miss is below 1e-9 degrees (about 0.1 mm; two or three steps for these offsets, which change
 * slowly over a few hundred metres).
 */
export function invert(forward: (point: Point) => Point, target: Point): Point {
  let guess = { ...target };
  for (let step = 0; step < 30; step++) {
    const image = forward(guess);
    const miss = { lng: image.lng - target.lng, lat: image.lat - target.lat };
    if (Math.abs(miss.lng) < 1e-9 && Math.abs(miss.lat) < 1e-9) break;
    guess = { lng: guess.lng - miss.lng, lat: guess.lat - miss.lat };
  }
  return guess;
}

/** What each system's point is in GCJ-02, by `coordinateSystem` (1 GCJ-02, 2 WGS-84, 3 BD-09). */
export function toGcj02(system: number, point: Point): Point {
  if (system === 2) return wgs84ToGcj02(point);
  // Baidu offsets GCJ-02 points; outside China there is no GCJ-02 offset to undo and Baidu's maps hold none.
  if (system === 3) return outsideChina(point) ? { ...point } : invert(gcj02ToBd09, point);
  return { ...point };
}

/** Metres between two points on a sphere of the Earth's mean radius (haversine): fine for 50 m. */
export function metresBetween(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

const gcj02 = 1;

const degrees = (value: number) => value.toFixed(6);

/**
 * The point as stored: in GCJ-02, six decimals (about 0.1 m). A point typed in WGS-84 or BD-09 is converted,
 * and what was typed is kept beside it; a point typed in GCJ-02 keeps nothing else.
 */
export function storedPoint(values: Record<string, unknown>, before?: Record<string, unknown>) {
  const merged = { ...before, ...values };
  const system = Number(merged.coordinateSystem);
  // The stored point sent back as it is (an edit of the other fields) is no new entry.
  const same = before && system === gcj02 && ['longitude', 'latitude'].every((name) => merged[name] === before[name]);
  if (same || ['coordinateSystem', 'longitude', 'latitude'].every((name) => values[name] === undefined)) return {};
  const typed: Point = { lng: Number(merged.longitude), lat: Number(merged.latitude) };
  const point = toGcj02(system, typed);
  return {
    coordinateSystem: gcj02,
    longitude: degrees(point.lng),
    latitude: degrees(point.lat),
    sourcePoint: system === gcj02 ? null : `${coordinateSystem.label(system)}：${merged.longitude},${merged.latitude}`,
  };
}
