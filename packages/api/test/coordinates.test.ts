import { describe, expect, it } from 'vitest';
import {
  gcj02ToBd09,
  invert,
  metresBetween,
  outsideChina,
  type Point,
  toGcj02,
  wgs84ToGcj02,
} from '../src/driveStations/coordinates';

const tiananmen: Point = { lng: 116.404, lat: 39.915 };
const close = (a: Point, b: Point, degrees: number) => {
  expect(Math.abs(a.lng - b.lng)).toBeLessThan(degrees);
  expect(Math.abs(a.lat - b.lat)).toBeLessThan(degrees);
};

describe('coordinate systems', () => {
  it('offsets a WGS-84 point in Beijing into GCJ-02 as the published formula does, a few hundred metres', () => {
    const gcj = wgs84ToGcj02(tiananmen);
    close(gcj, { lng: 116.41024449916938, lat: 39.91640428150164 }, 1e-12);
    const metres = metresBetween(tiananmen, gcj);
    expect(metres).toBeGreaterThan(300);
    expect(metres).toBeLessThan(800);
  });

  it('offsets a GCJ-02 point into BD-09 as Baidu does', () => {
    close(gcj02ToBd09(tiananmen), { lng: 116.41036949371029, lat: 39.92133699351021 }, 1e-12);
  });

  it('brings a BD-09 point back to the GCJ-02 point Baidu offset, to a tenth of a millimetre', () => {
    for (const gcj of [tiananmen, { lng: 121.319763, lat: 31.194178 }, { lng: 120.219375, lat: 30.291002 }]) {
      const back = toGcj02(3, gcj02ToBd09(gcj));
      close(back, gcj, 1e-9);
      expect(metresBetween(back, gcj)).toBeLessThan(0.001);
    }
  });

  it('inverts GCJ-02 to WGS-84 by iteration where the closed formula is only approximate', () => {
    const gcj = { lng: 116.41024449916938, lat: 39.91640428150164 };
    const wgs = invert(wgs84ToGcj02, gcj);
    close(wgs, tiananmen, 1e-9);
    close(wgs84ToGcj02(wgs), gcj, 1e-9);
    // One step of "subtract the offset at the GCJ-02 point" (the usual shortcut) misses by centimetres to metres.
    const shortcut = wgs84ToGcj02(gcj);
    const oneStep = { lng: 2 * gcj.lng - shortcut.lng, lat: 2 * gcj.lat - shortcut.lat };
    expect(metresBetween(oneStep, tiananmen)).toBeGreaterThan(0.01);
  });

  it('converts WGS-84 on entry and keeps GCJ-02 as given', () => {
    close(toGcj02(2, tiananmen), wgs84ToGcj02(tiananmen), 1e-12);
    expect(toGcj02(1, tiananmen)).toEqual(tiananmen);
  });

  it('leaves points outside China where they are, in every system', () => {
    const tokyo = { lng: 139.767125, lat: 35.681236 };
    const paris = { lng: 2.294481, lat: 48.85837 };
    for (const point of [tokyo, paris]) {
      expect(outsideChina(point)).toBe(true);
      expect(toGcj02(2, point)).toEqual(point);
      expect(toGcj02(3, point)).toEqual(point);
    }
    expect(outsideChina(tiananmen)).toBe(false);
  });

  it('measures distances on the sphere: a degree of latitude is about 111 km, 50 m is 50 m', () => {
    expect(metresBetween({ lng: 116, lat: 39 }, { lng: 116, lat: 40 })).toBeCloseTo(111_195, -1);
    const north = { lng: tiananmen.lng, lat: tiananmen.lat + 50 / 111_195 };
    expect(metresBetween(tiananmen, north)).toBeCloseTo(50, 1);
  });
});
