import {
  driverApplicationResource,
  dueOrderResource,
  exchangeOrderResource,
  leaseOrderResource,
  orderChangeRequestResource,
  orderReceivableResource,
  type RentStage,
  receivableResource,
  receivablesOwingFirst,
  returnCalculationResource,
} from '@cp/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, moneyColumn, refColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';
import { sortIndexColumns } from '../resource/query';

/** The serial part of order numbers: unique across processes, never rolled back. */
export const orderNoSequence = pgSequence('lease_order_no_seq', { startWith: 1 });

/** 租赁订单: a driver's lease of a model, then of the vehicle handed over, with its terms. */
export const leaseOrders = pgTable(
  'lease_orders',
  {
    id: idColumn(),
    orderNo: text('order_no').notNull(),
    driverId: refColumn('driver_id').notNull(),
    cityId: refColumn('city_id').notNull(),
    modelId: refColumn('model_id').notNull(),
    vehicleId: refColumn('vehicle_id'),
    rentalMode: smallint('rental_mode').notNull(),
    orderType: smallint('order_type').notNull(),
    rentReceipt: smallint('rent_receipt').notNull(),
    rentTiming: smallint('rent_timing').notNull(),
    maintenancePlan: smallint('maintenance_plan').notNull(),
    rentSettlement: smallint('rent_settlement').notNull(),
    businessItems: smallint('business_items').array().notNull().default(sql`'{}'::smallint[]`),
    startDate: date('start_date').notNull(),
    termMonths: integer('term_months').notNull(),
    endDate: date('end_date').notNull(),
    rent: moneyColumn('rent'),
    stages: jsonb('stages').$type<RentStage[]>().notNull().default(sql`'[]'::jsonb`),
    deposit: moneyColumn('deposit'),
    firstPayment: moneyColumn('first_payment'),
    servicingFee: moneyColumn('servicing_fee'),
    finalPayment: moneyColumn('final_payment'),
    rentFreeDays: integer('rent_free_days').notNull().default(0),
    graceDays: integer('grace_days').notNull().default(0),
    lateFeeRate: integer('late_fee_rate').notNull().default(0),
    contractFiles: text('contract_files').array().notNull().default(sql`'{}'::text[]`),
    status: smallint('status').notNull().default(1),
    deliveryState: smallint('delivery_state').notNull().default(0),
    extendTenancy: smallint('extend_tenancy').notNull().default(0),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    renewedFromId: refColumn('renewed_from_id'),
    /** The car's return record, once 退租 asked for it. */
    returnId: refColumn('return_id'),
    /** Where the return's settlement stands (核算状态): kept by the 核算单's writes and its approval. */
    settlementState: smallint('settlement_state').notNull().default(0),
    associatedOrderNo: text('associated_order_no'),
    cancelReason: text('cancel_reason'),
    /** The credit problem found of the driver (orders/credit.ts), in words, or null: 司机张三已冻结. */
    creditIssue: text('credit_issue'),
    /** Its kinds (`creditFlags` of contracts: 冻结 1, 黑名单 2, 逾期 4); 0 when none was found. */
    creditFlags: smallint('credit_flags').notNull().default(0),
    /** The 运营经理 whose approval overrode the problem found, and when; null while not overridden. */
    creditOverrideBy: refColumn('credit_override_by'),
    creditOverrideAt: timestamp('credit_override_at', { withTimezone: true }),
    remark: text('remark'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes(
      'lease_orders',
      table,
      [leaseOrderResource, dueOrderResource, returnCalculationResource],
      [
        uniqueIndex('lease_orders_tenant_no_key').on(table.tenantId, table.orderNo),
        index('lease_orders_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
        // The list by status tab + city + start date range (npm run bench orders).
        index('lease_orders_tenant_status_city_start_idx').on(
          table.tenantId,
          table.status,
          table.cityId,
          table.startDate,
          table.id,
        ),
        index('lease_orders_tenant_status_created_idx').on(table.tenantId, table.status, table.createdAt, table.id),
        // The same filters in the list's order (newest first), the start date checked in the index: walking the
        // created index alone skipped every newer order of the branch company to reach an older start window.
        index('lease_orders_tenant_status_city_created_idx').on(
          table.tenantId,
          table.status,
          table.cityId,
          table.createdAt,
          table.id,
          table.startDate,
        ),
        index('lease_orders_tenant_driver_idx').on(table.tenantId, table.driverId, table.createdAt),
        index('lease_orders_tenant_vehicle_idx').on(table.tenantId, table.vehicleId),
        index('lease_orders_tenant_start_idx').on(table.tenantId, table.startDate, table.id),
        index('lease_orders_tenant_end_idx').on(table.tenantId, table.endDate, table.id),
        // 退车核算: the orders whose car is coming or came back, by their settlement's state.
        index('lease_orders_tenant_returning_idx')
          .on(table.tenantId, table.settlementState, table.updatedAt)
          .where(sql`${table.deliveryState} in (2, 3)`),
        index('lease_orders_tenant_order_no_trgm_idx').using('gin', sql`${table.orderNo} gin_trgm_ops`),
        // An order's renewal: found from the old order (the overdue job, 延期's refusal, the renewals job).
        index('lease_orders_renewed_from_idx').on(table.renewedFromId).where(sql`${table.renewedFromId} is not null`),
        // A vehicle is with one order at a time: the order it was handed over to until it is back.
        uniqueIndex('lease_orders_vehicle_with_driver_key')
          .on(table.vehicleId)
          .where(sql`${table.deliveryState} in (1, 2) and ${table.status} = 3`),
      ],
    ),
);

/** 应收计划: an order's receivables, one row per rent period (stepped rent as explicit rows), and others. */
export const orderReceivables = pgTable(
  'order_receivables',
  {
    id: idColumn(),
    orderId: refColumn('order_id').notNull(),
    driverId: refColumn('driver_id').notNull(),
    kind: smallint('kind').notNull().default(1),
    period: integer('period').notNull(),
    stage: integer('stage').notNull().default(1),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    dueDate: date('due_date').notNull(),
    amount: moneyColumn('amount'),
    received: moneyColumn('received'),
    relieved: moneyColumn('relieved'),
    /** Accrued by the daily overdue job on what is still owed of `amount`. */
    lateFee: moneyColumn('late_fee'),
    /** Days past due as of the last day the overdue job ran, kept once paid. */
    overdueDays: integer('overdue_days').notNull().default(0),
    /** The 坏账分级 level those days fall in. */
    levelId: refColumn('level_id'),
    /** The order's city, kept here so a list by city and due range is one index's range. */
    cityId: refColumn('city_id'),
    /** The bill gathering it, if billed. */
    billId: refColumn('bill_id'),
    /** Whether money may be taken for it: false while its bill is 未激活 or once 已关停. */
    collectible: boolean('collectible').notNull().default(true),
    /** What it charges, for a cost added to a bill (添加费用), or what 应收明细's 编辑 notes. */
    note: text('note'),
    /** Papers kept with it (应收明细's 编辑): a violation notice, an invoice. */
    attachments: text('attachments').array().notNull().default(sql`'{}'::text[]`),
    /** The record a cost passed on comes from (1 违章, 2 维修保养), charged once. */
    sourceKind: smallint('source_kind'),
    sourceId: refColumn('source_id'),
    status: smallint('status').notNull().default(0),
    /** Why it was cancelled (已作废): kept, never deleted — a settlement, a renewal, a termination replaced it. */
    voidReason: text('void_reason'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes(
      'order_receivables',
      table,
      [receivableResource, orderReceivableResource],
      [
        // One live receivable per order, kind and period: a cancelled one (已作废) stays beside the one replacing it.
        uniqueIndex('order_receivables_order_kind_period_key')
          .on(table.orderId, table.kind, table.period)
          .where(sql`status <> 5`),
        index('order_receivables_tenant_city_status_due_idx').on(
          table.tenantId,
          table.cityId,
          table.status,
          table.dueDate,
        ),
        index('order_receivables_tenant_kind_due_idx').on(table.tenantId, table.kind, table.dueDate),
        index('order_receivables_tenant_level_idx').on(table.tenantId, table.levelId, table.dueDate),
        index('order_receivables_tenant_due_id_idx').on(table.tenantId, table.dueDate, table.id),
        // 应收明细's default order: what still owes first, by due date (the declared sort `owingFirst`).
        index('order_receivables_tenant_owing_due_idx').on(...sortIndexColumns(table, receivablesOwingFirst)),
        index('order_receivables_bill_idx').on(table.billId),
        uniqueIndex('order_receivables_source_key')
          .on(table.sourceKind, table.sourceId)
          .where(sql`source_id is not null`),
        index('order_receivables_tenant_order_due_idx').on(table.tenantId, table.orderId, table.dueDate, table.id),
        index('order_receivables_tenant_due_idx').on(table.tenantId, table.status, table.dueDate, table.id),
        index('order_receivables_tenant_driver_idx').on(table.tenantId, table.driverId, table.dueDate),
      ],
    ),
);

/** The serial part of 换车单 numbers. */
export const exchangeNoSequence = pgSequence('exchange_order_no_seq', { startWith: 1 });

/** 换车订单: an order's car exchanged for another, approved, then handed over. */
export const exchangeOrders = pgTable(
  'exchange_orders',
  {
    id: idColumn(),
    exchangeNo: text('exchange_no').notNull(),
    orderId: refColumn('order_id').notNull(),
    orderNo: text('order_no').notNull(),
    driverId: refColumn('driver_id').notNull(),
    oldVehicleId: refColumn('old_vehicle_id').notNull(),
    newVehicleId: refColumn('new_vehicle_id').notNull(),
    reason: text('reason').notNull(),
    /** The monthly rent's change with the new car, in fen; negative when cheaper. */
    rentDifference: bigint('rent_difference', { mode: 'number' }).notNull().default(0),
    /** Why an exchange stuck before its handover was cancelled (已取消). */
    cancelReason: text('cancel_reason'),
    status: smallint('status').notNull().default(1),
    /** The old car's return record, written at the handover. */
    returnId: refColumn('return_id'),
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    remark: text('remark'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('exchange_orders', table, exchangeOrderResource, [
      uniqueIndex('exchange_orders_tenant_no_key').on(table.tenantId, table.exchangeNo),
      // One exchange under way per order: asked twice at once, one wins.
      uniqueIndex('exchange_orders_order_open_key').on(table.orderId).where(sql`${table.status} in (1, 3)`),
      index('exchange_orders_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
      index('exchange_orders_tenant_status_created_idx').on(table.tenantId, table.status, table.createdAt, table.id),
      index('exchange_orders_tenant_driver_idx').on(table.tenantId, table.driverId, table.createdAt),
      index('exchange_orders_exchange_no_trgm_idx').using('gin', sql`${table.exchangeNo} gin_trgm_ops`),
      index('exchange_orders_order_no_trgm_idx').using('gin', sql`${table.orderNo} gin_trgm_ops`),
    ]),
);

/** 司机申请: a driver's application from the app to lease a model in a city, reviewed into an order or refused. */
export const driverApplications = pgTable(
  'driver_applications',
  {
    id: idColumn(),
    applicationNo: text('application_no').notNull(),
    driverId: refColumn('driver_id').notNull(),
    cityId: refColumn('city_id').notNull(),
    modelId: refColumn('model_id').notNull(),
    rentalMode: smallint('rental_mode').notNull(),
    wantedDate: date('wanted_date'),
    termMonths: integer('term_months'),
    documents: text('documents').array().notNull().default(sql`'{}'::text[]`),
    message: text('message'),
    status: smallint('status').notNull().default(0),
    orderId: refColumn('order_id'),
    orderNo: text('order_no'),
    refuseReason: text('refuse_reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('driver_applications', table, driverApplicationResource, [
      uniqueIndex('driver_applications_tenant_no_key').on(table.tenantId, table.applicationNo),
      index('driver_applications_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
      index('driver_applications_tenant_status_created_idx').on(
        table.tenantId,
        table.status,
        table.createdAt,
        table.id,
      ),
      index('driver_applications_tenant_driver_idx').on(table.tenantId, table.driverId, table.createdAt),
    ]),
);

/** The city of a receivable's order, as a value of its insert (`cityId`). */
export const cityOfOrder = (orderId: number) =>
  sql<number>`(select ${leaseOrders.cityId} from ${leaseOrders} where ${leaseOrders.id} = ${orderId})`;

/**
 * 订单变更申请: 修改订单类型 or 延期 asked of an order in force, with the action's body as asked; applied when
 * its approval (订单变更审批) passes. One under way per order.
 */
export const orderChangeRequests = pgTable(
  'order_change_requests',
  {
    id: idColumn(),
    orderId: refColumn('order_id').notNull(),
    orderNo: text('order_no').notNull(),
    kind: smallint('kind').notNull(),
    /** The lease order action's body as asked (`extraMonths`, `orderType` and `finalPayment`…). */
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    summary: text('summary').notNull(),
    status: smallint('status').notNull().default(1),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('order_change_requests', table, orderChangeRequestResource, [
      index('order_change_requests_tenant_order_idx').on(table.tenantId, table.orderId, table.createdAt),
      uniqueIndex('order_change_requests_order_open_key').on(table.orderId).where(sql`${table.status} = 1`),
    ]),
);

export * from './retail-tables';
export * from './settlement-tables';
