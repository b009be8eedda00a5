import { boardingPlanResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { bigint, date, index, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, refColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';

/** 上车计划: one planned pickup; a lease order fulfils at most one plan. */
export const boardingPlans = pgTable(
  'boarding_plans',
  {
    id: idColumn(),
    customerName: text('customer_name').notNull(),
    mobile: text('mobile').notNull(),
    driverId: refColumn('driver_id'),
    plannedDate: date('planned_date').notNull(),
    cityId: refColumn('city_id').notNull(),
    stationId: refColumn('station_id'),
    modelId: refColumn('model_id').notNull(),
    rentalMode: smallint('rental_mode').notNull(),
    vehicleId: refColumn('vehicle_id'),
    deposit: bigint('deposit', { mode: 'number' }),
    salespersonId: refColumn('salesperson_id').notNull(),
    status: smallint('status').notNull().default(1),
    reason: text('reason'),
    leaseOrderId: refColumn('lease_order_id'),
    boardedAt: timestamp('boarded_at', { withTimezone: true }),
    remark: text('remark'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('boarding_plans', table, boardingPlanResource, [
      uniqueIndex('boarding_plans_lease_order_key')
        .on(table.leaseOrderId)
        .where(sql`${table.leaseOrderId} is not null`),
      // The daily job's open plans past their day, and a station's plans (may it be deleted?).
      index('boarding_plans_open_date_idx').on(table.plannedDate).where(sql`${table.status} in (1, 3)`),
      index('boarding_plans_tenant_station_idx').on(table.tenantId, table.stationId),
    ]),
);
