import { stage, vehicleResource, vehicleScreens } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/migrate';
import { businessError } from '../http/errors';
import { defineServerResource, type Row } from '../resource/family';
import { vehicleActions } from './actions';
import { vehiclePreparations, vehicles } from './tables';

/** Rent status (SPEC §3) that follows each stage: 0 已租赁, 1 退车中, 2 在库. */
function rentStatusOf(next: number, current: number): number {
  if (next === stage.leased || next === stage.temporarilyDelivered) return 0;
  if (next === stage.returning) return 1;
  if (next === stage.inStock || next === stage.awaitingOutbound) return 2;
  return current;
}

/** Vehicles whose preparation item of this number (a value, or a statement's placeholder) is still open. */
const openPreparation = (item: unknown) =>
  sql`exists (select 1 from ${vehiclePreparations} p where p.vehicle_id = ${vehicles.id} and p.item = ${item} and not p.done)`;

/** The vehicles: soft-deleted, their brand and series following their model, their rent status their stage. */
export const vehicleFamily = defineServerResource({
  resource: vehicleResource,
  table: vehicles,
  screens: Object.values(vehicleScreens),
  deleted: vehicles.deleted,
  expose: ['seriesId'],
  filters: { pendingPreparation: openPreparation },
  normalize(values) {
    const normal: Row = { ...values };
    if (typeof normal.plateNo === 'string') normal.plateNo = normal.plateNo.toUpperCase() || null;
    if (typeof normal.vin === 'string') normal.vin = normal.vin.toUpperCase();
    return normal;
  },
  async prepare(values, ctx) {
    if (values.modelId == null) return values;
    const lineage = await ctx.memo(`lineage:${values.modelId}`, async () => {
      const result = await ctx.tx.execute(sql`
        select s.id as series_id, s.parent_id as brand_id from vehicle_catalog m join vehicle_catalog s on s.id = m.parent_id
        where m.id = ${Number(values.modelId)}`);
      return rowsOf<{ series_id: number; brand_id: number }>(result)[0];
    });
    if (!lineage) throw businessError('车型不存在');
    return { ...values, seriesId: Number(lineage.series_id), brandId: Number(lineage.brand_id) };
  },
  onState: (next, row) => ({ rentStatus: rentStatusOf(next, Number(row.rentStatus)) }),
  actions: vehicleActions,
});
