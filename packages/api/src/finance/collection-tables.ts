import {
  badDebtCallResource,
  badDebtRecoveryResource,
  collectionRecordResource,
  overdueCaseResource,
} from '@cp/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { businessNow } from '../clock';
import { businessColumns, idColumn, moneyColumn, refColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';

/**
 * The days the overdue job has done, per branch company: a day is done once, in the transaction that did it,
 * so running again on a day changes nothing and a restart after downtime does the missed days in order.
 */
export const overdueDayRuns = pgTable(
  'overdue_day_runs',
  {
    tenantId: refColumn('tenant_id').notNull(),
    day: date('day').notNull(),
    receivables: integer('receivables').notNull(),
    lateFees: moneyColumn('late_fees'),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.day] })],
);

/** 逾期明细: one open account per order owing money past due, kept by the overdue job and by payments. */
export const overdueCases = pgTable(
  'overdue_cases',
  {
    id: idColumn(),
    orderId: refColumn('order_id').notNull(),
    driverId: refColumn('driver_id').notNull(),
    vehicleId: refColumn('vehicle_id'),
    cityId: refColumn('city_id'),
    overdueDays: integer('overdue_days').notNull().default(0),
    overdueAmount: moneyColumn('overdue_amount'),
    lateFee: moneyColumn('late_fee'),
    levelId: refColumn('level_id'),
    badDebt: boolean('bad_debt').notNull().default(false),
    collectorRoleId: refColumn('collector_role_id'),
    collectorId: refColumn('collector_id'),
    promiseDate: date('promise_date'),
    promiseAmount: bigint('promise_amount', { mode: 'number' }),
    lastContactAt: timestamp('last_contact_at', { withTimezone: true }),
    contacts: integer('contacts').notNull().default(0),
    firstOverdueDate: date('first_overdue_date'),
    status: smallint('status').notNull().default(1),
    remark: text('remark'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('overdue_cases', table, overdueCaseResource, [
      uniqueIndex('overdue_cases_open_order_key').on(table.orderId).where(sql`status = 1`),
      index('overdue_cases_tenant_status_days_idx').on(table.tenantId, table.status, table.overdueDays, table.id),
      index('overdue_cases_tenant_bad_debt_idx').on(table.tenantId, table.badDebt, table.status, table.overdueDays),
      index('overdue_cases_tenant_city_idx').on(table.tenantId, table.cityId, table.status, table.overdueDays),
      index('overdue_cases_tenant_level_idx').on(table.tenantId, table.levelId, table.status, table.overdueDays),
      index('overdue_cases_tenant_collector_idx').on(
        table.tenantId,
        table.collectorId,
        table.status,
        table.overdueDays,
      ),
      index('overdue_cases_tenant_driver_idx').on(table.tenantId, table.driverId),
      index('overdue_cases_order_idx').on(table.orderId),
    ]),
);

/** 催收明细: each contact with an overdue customer. */
export const collectionRecords = pgTable(
  'collection_records',
  {
    id: idColumn(),
    caseId: refColumn('case_id').notNull(),
    orderId: refColumn('order_id').notNull(),
    driverId: refColumn('driver_id').notNull(),
    contactedAt: timestamp('contacted_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(businessNow),
    collectorId: refColumn('collector_id').notNull(),
    way: smallint('way').notNull(),
    reached: boolean('reached').notNull(),
    promiseDate: date('promise_date'),
    promiseAmount: bigint('promise_amount', { mode: 'number' }),
    result: text('result').notNull(),
    escalation: smallint('escalation').notNull().default(0),
    overdueDays: integer('overdue_days').notNull(),
    overdueAmount: moneyColumn('overdue_amount'),
    ...businessColumns(),
  },
  (table) =>
    listIndexes(
      'collection_records',
      table,
      [collectionRecordResource, badDebtCallResource],
      [
        index('collection_records_tenant_contacted_idx').on(table.tenantId, table.contactedAt, table.id),
        index('collection_records_tenant_case_idx').on(table.tenantId, table.caseId, table.contactedAt),
        index('collection_records_tenant_driver_idx').on(table.tenantId, table.driverId, table.contactedAt),
        index('collection_records_tenant_collector_idx').on(table.tenantId, table.collectorId, table.contactedAt),
        index('collection_records_tenant_escalation_idx').on(table.tenantId, table.escalation, table.contactedAt),
      ],
    ),
);

/** 坏账回款: money a bad-debt customer paid, reported by the collector and confirmed by finance. */
export const badDebtRecoveries = pgTable(
  'bad_debt_recoveries',
  {
    id: idColumn(),
    caseId: refColumn('case_id').notNull(),
    orderId: refColumn('order_id').notNull(),
    driverId: refColumn('driver_id').notNull(),
    amount: moneyColumn('amount'),
    arrivedOn: date('arrived_on').notNull(),
    channel: smallint('channel').notNull(),
    payerName: text('payer_name').notNull(),
    reference: text('reference'),
    vouchers: text('vouchers').array().notNull().default(sql`'{}'::text[]`),
    remark: text('remark'),
    status: smallint('status').notNull().default(1),
    paymentId: refColumn('payment_id'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('bad_debt_recoveries', table, badDebtRecoveryResource, [
      index('bad_debt_recoveries_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
      index('bad_debt_recoveries_tenant_status_idx').on(table.tenantId, table.status, table.createdAt),
      index('bad_debt_recoveries_tenant_arrived_idx').on(table.tenantId, table.arrivedOn),
      index('bad_debt_recoveries_tenant_case_idx').on(table.tenantId, table.caseId),
      index('bad_debt_recoveries_tenant_driver_idx').on(table.tenantId, table.driverId),
    ]),
);
