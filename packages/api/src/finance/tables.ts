import {
  badDebtBillResource,
  badDebtLevelResource,
  billReliefResource,
  billResource,
  financialCodeResource,
  paymentAllocationResource,
  paymentResource,
  transactionNameResource,
} from '@cp/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgSequence,
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

/** 财务编码: the ledger accounts of a branch company's books, uploaded from xlsx. */
export const financialCodes = pgTable(
  'financial_codes',
  {
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    category: smallint('category').notNull(),
    direction: smallint('direction').notNull(),
    enabled: boolean('enabled').notNull(),
    remark: text('remark'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('financial_codes', table, financialCodeResource, [
      uniqueIndex('financial_codes_tenant_code_key').on(table.tenantId, table.code),
      index('financial_codes_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
      index('financial_codes_code_trgm_idx').using('gin', sql`${table.code} gin_trgm_ops`),
      index('financial_codes_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    ]),
);

/** 交易名称配置: the accounts a kind of receivable posts to in a transaction, one per (type, kind). */
export const transactionNames = pgTable(
  'transaction_names',
  {
    id: idColumn(),
    name: text('name').notNull(),
    direction: smallint('direction').notNull(),
    receivableKind: smallint('receivable_kind').notNull(),
    debitCodeId: refColumn('debit_code_id').notNull(),
    creditCodeId: refColumn('credit_code_id').notNull(),
    enabled: boolean('enabled').notNull(),
    remark: text('remark'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('transaction_names', table, transactionNameResource, [
      uniqueIndex('transaction_names_tenant_name_key').on(table.tenantId, table.name),
      uniqueIndex('transaction_names_tenant_kind_key').on(table.tenantId, table.direction, table.receivableKind),
      index('transaction_names_tenant_updated_idx').on(table.tenantId, table.updatedAt, table.id),
      index('transaction_names_tenant_debit_idx').on(table.tenantId, table.debitCodeId),
      index('transaction_names_tenant_credit_idx').on(table.tenantId, table.creditCodeId),
      index('transaction_names_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    ]),
);

/** 坏账分级配置: overdue-day ranges → level, late fee and default collector group. */
export const badDebtLevels = pgTable(
  'bad_debt_levels',
  {
    id: idColumn(),
    name: text('name').notNull(),
    minDays: integer('min_days').notNull(),
    maxDays: integer('max_days'),
    badDebt: boolean('bad_debt').notNull(),
    lateFeeRate: integer('late_fee_rate').notNull(),
    collectorRoleId: refColumn('collector_role_id').notNull(),
    remark: text('remark'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('bad_debt_levels', table, badDebtLevelResource, [
      uniqueIndex('bad_debt_levels_tenant_name_key').on(table.tenantId, table.name),
      index('bad_debt_levels_tenant_min_idx').on(table.tenantId, table.minDays, table.id),
      index('bad_debt_levels_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    ]),
);

export const paymentNoSequence = pgSequence('payment_no_seq', { startWith: 1 });

/** 实收: money received from a customer, allocated to their receivables. */
export const payments = pgTable(
  'payments',
  {
    id: idColumn(),
    paymentNo: text('payment_no').notNull(),
    driverId: refColumn('driver_id').notNull(),
    amount: moneyColumn('amount'),
    paidOn: date('paid_on').notNull(),
    channel: smallint('channel').notNull(),
    reference: text('reference'),
    allocated: moneyColumn('allocated'),
    status: smallint('status').notNull().default(1),
    vouchers: text('vouchers').array().notNull().default(sql`'{}'::text[]`),
    remark: text('remark'),
    reversalReason: text('reversal_reason'),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    /** The 线下收款 whose approval recorded it. */
    offlinePaymentId: refColumn('offline_payment_id'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('payments', table, paymentResource, [
      uniqueIndex('payments_tenant_no_key').on(table.tenantId, table.paymentNo),
      uniqueIndex('payments_offline_payment_key').on(table.offlinePaymentId),
      index('payments_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
      index('payments_tenant_paid_idx').on(table.tenantId, table.paidOn, table.id),
      index('payments_tenant_driver_idx').on(table.tenantId, table.driverId, table.paidOn),
      index('payments_tenant_channel_paid_idx').on(table.tenantId, table.channel, table.paidOn),
      index('payments_tenant_reference_idx').on(table.tenantId, table.reference),
      // The overdue job's day finds the receivables a reversal of that day gave principal back to.
      index('payments_tenant_reversed_idx').on(table.tenantId, table.reversedAt).where(sql`reversed_at is not null`),
    ]),
);

/** What of a payment went to which receivable; a reversal marks its lines reversed, never deletes them. */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: idColumn(),
    tenantId: refColumn('tenant_id').notNull(),
    paymentId: refColumn('payment_id').notNull(),
    receivableId: refColumn('receivable_id').notNull(),
    amount: moneyColumn('amount'),
    reversed: boolean('reversed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(businessNow),
  },
  (table) =>
    listIndexes('payment_allocations', table, paymentAllocationResource, [
      index('payment_allocations_payment_idx').on(table.paymentId),
      index('payment_allocations_receivable_idx').on(table.receivableId),
    ]),
);

export const billNoSequence = pgSequence('bill_no_seq', { startWith: 1 });

/** 账单: an order's receivables of a month; its money summed from them and kept in step (`refreshBills`). */
export const bills = pgTable(
  'bills',
  {
    id: idColumn(),
    billNo: text('bill_no').notNull(),
    orderId: refColumn('order_id').notNull(),
    driverId: refColumn('driver_id').notNull(),
    cityId: refColumn('city_id'),
    period: text('period').notNull(),
    dueDate: date('due_date').notNull(),
    amount: moneyColumn('amount'),
    lateFee: moneyColumn('late_fee'),
    received: moneyColumn('received'),
    relieved: moneyColumn('relieved'),
    status: smallint('status').notNull().default(1),
    shutdownReason: text('shutdown_reason'),
    remark: text('remark'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes(
      'bills',
      table,
      [billResource, badDebtBillResource],
      [
        uniqueIndex('bills_tenant_no_key').on(table.tenantId, table.billNo),
        uniqueIndex('bills_order_period_key').on(table.orderId, table.period),
        index('bills_tenant_due_idx').on(table.tenantId, table.dueDate, table.id),
        index('bills_tenant_status_due_idx').on(table.tenantId, table.status, table.dueDate, table.id),
        index('bills_tenant_driver_idx').on(table.tenantId, table.driverId, table.dueDate),
        index('bills_tenant_city_idx').on(table.tenantId, table.cityId, table.status, table.dueDate),
        index('bills_tenant_period_idx').on(table.tenantId, table.period),
      ],
    ),
);

/** 减免: an amount asked off a bill, relieved once 费用减免审批 approves. */
export const billReliefs = pgTable(
  'bill_reliefs',
  {
    id: idColumn(),
    billId: refColumn('bill_id').notNull(),
    amount: moneyColumn('amount'),
    applied: moneyColumn('applied'),
    reason: text('reason').notNull(),
    attachments: text('attachments').array().notNull().default(sql`'{}'::text[]`),
    status: smallint('status').notNull().default(1),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('bill_reliefs', table, billReliefResource, [
      index('bill_reliefs_tenant_bill_idx').on(table.tenantId, table.billId, table.createdAt),
      index('bill_reliefs_tenant_created_idx').on(table.tenantId, table.createdAt),
    ]),
);

/**
 * What an approved 减免 relieved off each receivable, on the day it was approved (Beijing): the relief's own
 * rows, never edited, so a receivable's principal owed on any day — and its late fee — is a sum of rows.
 */
export const billReliefLines = pgTable(
  'bill_relief_lines',
  {
    id: idColumn(),
    tenantId: refColumn('tenant_id').notNull(),
    reliefId: refColumn('relief_id').notNull(),
    receivableId: refColumn('receivable_id').notNull(),
    amount: moneyColumn('amount'),
    relievedOn: date('relieved_on').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(businessNow),
  },
  (table) => [
    index('bill_relief_lines_receivable_idx').on(table.receivableId),
    index('bill_relief_lines_tenant_day_idx').on(table.tenantId, table.relievedOn),
    index('bill_relief_lines_relief_idx').on(table.reliefId),
  ],
);

/**
 * The days the billing job has done, per branch company: bills issued for what falls due within the lead
 * days and bills activated on their due date — a day done once, in the transaction that did it.
 */
export const billingDayRuns = pgTable(
  'billing_day_runs',
  {
    tenantId: refColumn('tenant_id').notNull(),
    day: date('day').notNull(),
    issued: integer('issued').notNull().default(0),
    activated: integer('activated').notNull().default(0),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.day] })],
);

/**
 * 静态/动态租金趋势's pre-aggregate of receivables: per branch company, month due and city (0: none), what
 * is scheduled and due, received, relieved and overdue. Rebuilt by the hourly job (`refreshRentTrends`).
 */
export const rentMonthDues = pgTable(
  'rent_month_dues',
  {
    tenantId: refColumn('tenant_id').notNull(),
    month: text('month').notNull(),
    cityId: refColumn('city_id').notNull(),
    scheduled: moneyColumn('scheduled'),
    due: moneyColumn('due'),
    overdue: moneyColumn('overdue'),
    orders: integer('orders').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.month, table.cityId] })],
);

/** The money received per branch company, month received, city and channel, allocated to receivables. */
export const rentMonthCollections = pgTable(
  'rent_month_collections',
  {
    tenantId: refColumn('tenant_id').notNull(),
    month: text('month').notNull(),
    cityId: refColumn('city_id').notNull(),
    channel: smallint('channel').notNull(),
    collected: moneyColumn('collected'),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.month, table.cityId, table.channel] })],
);

/** When a branch company's trend figures were last added up. */
export const rentTrendRefreshes = pgTable('rent_trend_refreshes', {
  tenantId: refColumn('tenant_id').primaryKey(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
});

// 逾期 and 催收: the overdue accounts, their contacts and what bad debt brought back.
export * from './collection-tables';
