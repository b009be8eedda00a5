import { leaseOrderStates } from '@cp/contracts';
import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db';
import { drivers } from '../drivers/tables';
import { seedDriveStations } from '../driveStations/demo';
import { driveStations } from '../driveStations/tables';
import { accounts } from '../identity/tables';
import { vehicleCatalog } from '../lookups/tables';
import { leaseOrders } from '../orders/tables';
import { seedEachBranch } from '../seed/branches';
import { boardingPlans } from './tables';

/** People planned who are not drivers yet: leads met by sales, known by name and mobile. */
const leads = [
  ['周志强', '13716285093'],
  ['吴海燕', '15901273846'],
  ['郑凯', '18610394527'],
  ['孙丽娟', '13520867314'],
  ['冯建军', '13911725608'],
] as const;

/**
 * 上车计划's demo, per branch company: the last few handed-over orders as plans fulfilled (已上车 on their day),
 * then leads planned around today — today, the coming days, one postponed, one called off, one who did not
 * come. Stations and salesperson are the branch's own, models the catalogue's.
 */
export async function seedBoardingPlans(db: Db) {
  await seedDriveStations(db);
  return seedEachBranch(db, boardingPlans, async (branch) => {
    const { tx, tenantId } = branch;
    const stationIds = (
      await tx
        .select({ id: driveStations.id, cityId: driveStations.cityId })
        .from(driveStations)
        .where(and(eq(driveStations.tenantId, tenantId), eq(driveStations.status, 1)))
        .orderBy(asc(driveStations.displayOrder))
    ).map((station) => station.id);
    const [staff] = await tx
      .select({ userId: accounts.userId })
      .from(accounts)
      .where(and(eq(accounts.tenantId, tenantId), eq(accounts.status, 1)))
      .orderBy(desc(accounts.id))
      .limit(1);
    const salespersonId = staff?.userId ?? branch.adminId;
    const boarded = await tx
      .select({
        id: leaseOrders.id,
        driverId: leaseOrders.driverId,
        name: drivers.name,
        mobile: drivers.mobile,
        cityId: leaseOrders.cityId,
        modelId: leaseOrders.modelId,
        vehicleId: leaseOrders.vehicleId,
        rentalMode: leaseOrders.rentalMode,
        deliveredAt: leaseOrders.deliveredAt,
      })
      .from(leaseOrders)
      .innerJoin(drivers, eq(drivers.id, leaseOrders.driverId))
      .where(
        and(
          eq(leaseOrders.tenantId, tenantId),
          inArray(leaseOrders.status, [leaseOrderStates.performing, leaseOrderStates.completed]),
          isNotNull(leaseOrders.deliveredAt),
          isNull(leaseOrders.renewedFromId),
        ),
      )
      .orderBy(desc(leaseOrders.deliveredAt))
      .limit(3);
    const modelIds = (
      await tx
        .select({ id: vehicleCatalog.id })
        .from(vehicleCatalog)
        .where(eq(vehicleCatalog.level, 3))
        .orderBy(asc(vehicleCatalog.id))
        .limit(4)
    ).map((model) => model.id);
    if (modelIds.length === 0) return [];
    const station = (n: number) => stationIds[n % Math.max(stationIds.length, 1)] ?? null;
    const fulfilled = boarded.flatMap((order, n) => {
      const at = order.deliveredAt;
      if (!at) return [];
      const created = new Date(at.getTime() - (3 + n) * 86_400_000);
      return [
        {
          ...{ customerName: order.name, mobile: order.mobile, driverId: order.driverId, cityId: order.cityId },
          ...{ modelId: order.modelId, rentalMode: order.rentalMode, vehicleId: order.vehicleId },
          plannedDate: new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10),
          stationId: station(n),
          deposit: 200_000,
          salespersonId,
          status: 2,
          leaseOrderId: order.id,
          boardedAt: at,
          createdAt: created < branch.ago(0) ? created : branch.ago(1),
        },
      ];
    });
    const cityId = branch.cityIds[0] ?? 0;
    // [plan day (days ago; negative: to come), status, reason, created days ago]
    const planned = [
      [0, 1, null, 4],
      [-1, 1, null, 3],
      [-3, 1, null, 2],
      [-5, 3, '司机驾驶证换证中，约定换证后提车', 9],
      [2, 4, '司机已选择其他平台车辆，取消计划', 8],
      [1, 5, null, 6],
    ] as const;
    const open = planned.map(([day, status, reason, created], n) => {
      const [customerName, mobile] = leads[n % leads.length] ?? leads[0];
      return {
        customerName: n === 5 ? '何玉梅' : customerName,
        mobile: n === 5 ? '13651208374' : `${mobile.slice(0, 10)}${branch.index}`,
        cityId,
        modelId: modelIds[n % modelIds.length] ?? 0,
        rentalMode: n % 3,
        plannedDate: branch.day(day),
        stationId: station(n + 1),
        deposit: status === 4 ? null : ([100_000, 200_000, 50_000][n % 3] ?? null),
        salespersonId,
        status,
        reason,
        createdAt: branch.ago(created),
      };
    });
    return [...fulfilled, ...open];
  });
}
