import { type FleetByStage, vehicleEnums } from '@cp/contracts';
import { count } from 'drizzle-orm';
import type { Db } from '../db';
import { scope } from '../resource/read';
import { vehicleFamily } from '../vehicles/family';
import { vehicles } from '../vehicles/tables';

/** The tenant's vehicles per stage, one GROUP BY over the (tenant, stage) index; every stage listed, in order. */
export async function fleetByStage(db: Db, tenantId: number): Promise<FleetByStage> {
  const rows = await db
    .select({ stage: vehicles.stage, count: count() })
    .from(vehicles)
    .where(scope(vehicleFamily, tenantId))
    .groupBy(vehicles.stage);
  const byStage = new Map(rows.map((row) => [Number(row.stage), Number(row.count)]));
  return { stages: vehicleEnums.stage.values.map((stage) => ({ stage, count: byStage.get(stage) ?? 0 })) };
}
