import { driveStationResource, driveStationScreens } from '@cp/contracts';
import { and, asc, between, count, eq, ne, sql } from 'drizzle-orm';
import { boardingPlans } from '../boardingPlans/tables';
import type { Tx } from '../db';
import { businessError } from '../http/errors';
import { defineServerLookup } from '../lookups/registry';
import { defineServerResource } from '../resource/family';
import { metresBetween, type Point, storedPoint } from './coordinates';
import { driveStations } from './tables';

/** Two stations closer than this are one site entered twice. */
const sameSiteMetres = 50;
/**
 * The same site twice is refused under the branch company's station lock: the same name in the same city, or
 * a point within 50 m of another station (looked for in a box of about ±110 m around it).
 */
async function refuseSameSite(
  tx: Tx,
  tenantId: number,
  station: { id?: number; name: string; cityId: number; point: Point },
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`drive_stations:${tenantId}`}))`);
  const others = and(eq(driveStations.tenantId, tenantId), station.id ? ne(driveStations.id, station.id) : undefined);
  const [named] = await tx
    .select({ id: driveStations.id })
    .from(driveStations)
    .where(and(others, eq(driveStations.cityId, station.cityId), eq(driveStations.name, station.name)))
    .limit(1);
  if (named) throw businessError(`该城市已有名为「${station.name}」的驿站，请勿重复添加`);
  const { lng, lat } = station.point;
  const near = await tx
    .select({ name: driveStations.name, longitude: driveStations.longitude, latitude: driveStations.latitude })
    .from(driveStations)
    .where(
      and(
        others,
        between(sql`${driveStations.latitude}::float8`, lat - 0.001, lat + 0.001),
        between(sql`${driveStations.longitude}::float8`, lng - 0.0015, lng + 0.0015),
      ),
    );
  for (const other of near) {
    const metres = metresBetween(station.point, { lng: Number(other.longitude), lat: Number(other.latitude) });
    if (metres < sameSiteMetres) {
      throw businessError(`与驿站「${other.name}」相距约${Math.round(metres)}米，视为同一地点，请勿重复添加`);
    }
  }
}

/** 司机驿站: points kept in GCJ-02, the same site refused, a station 上车计划 name disabled rather than deleted. */
export const driveStationFamily = defineServerResource({
  resource: driveStationResource,
  table: driveStations,
  screens: driveStationScreens,
  filters: { amenity: (value) => sql`${driveStations.amenities} @> array[${value}::smallint]` },
  async prepare(values, ctx, before) {
    const point = storedPoint(values, before);
    const merged = { ...before, ...values, ...point };
    const hours = merged.allDay === true ? { openingHours: null } : {};
    await refuseSameSite(ctx.tx, ctx.auth.tenantId, {
      ...(before ? { id: Number(before.id) } : {}),
      name: String(merged.name),
      cityId: Number(merged.cityId),
      point: { lng: Number(merged.longitude), lat: Number(merged.latitude) },
    });
    return { ...values, ...point, ...hours };
  },
  async beforeRemove(row, ctx) {
    const [used] = await ctx.tx
      .select({ n: count() })
      .from(boardingPlans)
      .where(and(eq(boardingPlans.tenantId, ctx.auth.tenantId), eq(boardingPlans.stationId, Number(row.id))));
    if (used && used.n > 0) {
      throw businessError(`驿站「${row.name}」已被${used.n}条上车计划选为提车地点，不能删除，请停用`);
    }
  },
});

defineServerLookup('driveStation', {
  // Every station names the plans that chose it; only enabled ones are offered for a plan.
  all: (db, tenantId) =>
    db
      .select({ id: driveStations.id, name: driveStations.name })
      .from(driveStations)
      .where(eq(driveStations.tenantId, tenantId))
      .orderBy(asc(driveStations.displayOrder), asc(driveStations.id)),
  options: async (db, tenantId) => {
    const rows = await db
      .select({ id: driveStations.id, name: driveStations.name })
      .from(driveStations)
      .where(and(eq(driveStations.tenantId, tenantId), eq(driveStations.status, 1)))
      .orderBy(asc(driveStations.displayOrder), asc(driveStations.id));
    return rows.map((row) => ({ label: row.name, value: String(row.id) }));
  },
});
