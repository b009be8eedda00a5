import { and, eq, isNull } from 'drizzle-orm';
import { businessNow } from '../clock';
import type { Tx } from '../db';
import { cities } from '../lookups/tables';
import { vehicles } from '../vehicles/tables';
import type { DeviceGateway } from './gateway';
import { vehicleDevices as b } from './tables';

/** A province's capital as a terminal's first position, for the cities the demo and most fleets run in. */
const centres: Record<string, { lng: number; lat: number }> = {
  北京: { lng: 116.397, lat: 39.909 },
  上海: { lng: 121.473, lat: 31.23 },
  广东: { lng: 113.264, lat: 23.129 },
  浙江: { lng: 120.155, lat: 30.274 },
  江苏: { lng: 118.796, lat: 32.059 },
  四川: { lng: 104.066, lat: 30.572 },
};

/**
 * The terminal in a car now, from the car's GPS设备号 (车辆管理 keeps it): the car's binding is started, or
 * ended and a new one started when the number changed (a swap), or ended when the number was cleared — so a
 * command is always sent to the unit in this car, never to one since moved to another. Answers its IMEI.
 */
export async function deviceOf(
  tx: Tx,
  gateway: DeviceGateway,
  auth: { tenantId: number; userId: number | null },
  vehicleId: number,
): Promise<string | null> {
  const [car] = await tx
    .select({ imei: vehicles.gpsDeviceNo, province: cities.province })
    .from(vehicles)
    .leftJoin(cities, eq(cities.id, vehicles.cityId))
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.tenantId, auth.tenantId)));
  const imei = car?.imei?.trim() || null;
  const [bound] = await tx
    .select({ id: b.id, imei: b.imei })
    .from(b)
    .where(and(eq(b.vehicleId, vehicleId), eq(b.tenantId, auth.tenantId), isNull(b.unboundAt)))
    .for('update');
  if (bound?.imei === imei) return imei;
  const now = businessNow();
  if (bound)
    await tx.update(b).set({ unboundAt: now, updatedAt: now, updatedBy: auth.userId }).where(eq(b.id, bound.id));
  if (!imei) return null;
  // The unit leaves the car it was in before (moved between cars): that car's binding ends here.
  await tx
    .update(b)
    .set({ unboundAt: now, updatedAt: now, updatedBy: auth.userId })
    .where(and(eq(b.tenantId, auth.tenantId), eq(b.imei, imei), isNull(b.unboundAt)));
  await tx.insert(b).values({
    tenantId: auth.tenantId,
    vehicleId,
    imei,
    boundAt: now,
    createdBy: auth.userId,
    updatedBy: auth.userId,
  });
  const province = Object.keys(centres).find((name) => car?.province?.startsWith(name)) ?? '北京';
  await gateway.register(tx, auth.tenantId, imei, centres[province] ?? { lng: 116.397, lat: 39.909 });
  return imei;
}
