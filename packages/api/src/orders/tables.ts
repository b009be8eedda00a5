import {
  accountingUnitResource,
  depositRefundResource,
  driverApplicationResource,
  dueOrderResource,
  exchangeOrderResource,
  leaseOrderResource,
  orderChangeRequestResource,
  orderReceivableResource,
  type RentStage,
  receivableResource,
  receivablesOwingFirst,
  retailOrderResource,
  retailWorkOrderResource,
  returnCalculationResource,
  returnSettlementResource,
  type SettlementLine,
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
import { businessColumns, idColumn, refColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';
import { sortIndexColumns } from '../resource/query';

/** The serial part of order numbers: unique across processes, never rolled back. */
export const orderNoSequence = pgSequence('lease_order_no_seq', { startWith: 1 });

const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

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
    rent: money('rent'),
    stages: jsonb('stages').$type<RentStage[]>().notNull().default(sql`'[]'::jsonb`),
    deposit: money('deposit'),
    firstPayment: money('first_payment'),
    servicingFee: money('servicing_fee'),
    finalPayment: money('final_payment'),
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
    amount: money('amount'),
    received: money('received'),
    relieved: money('relieved'),
    /** Accrued by the daily overdue job on what is still owed of `amount`. */
    lateFee: money('late_fee'),
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

/** 核算主体: the company's legal entities that settle returns. */
export const accountingUnits = pgTable(
  'accounting_units',
  {
    id: idColumn(),
    name: text('name').notNull(),
    taxNo: text('tax_no').notNull(),
    bankName: text('bank_name').notNull(),
    bankAccount: text('bank_account').notNull(),
    address: text('address'),
    phone: text('phone'),
    remark: text('remark'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('accounting_units', table, accountingUnitResource, [
      uniqueIndex('accounting_units_tenant_name_key').on(table.tenantId, table.name),
      uniqueIndex('accounting_units_tenant_tax_no_key').on(table.tenantId, table.taxNo),
      index('accounting_units_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
    ]),
);

/** The serial part of 核算单 numbers. */
export const settlementNoSequence = pgSequence('return_settlement_no_seq', { startWith: 1 });

/** 核算单: a returned car's settlement, its lines and totals as computed when it was (re)submitted. */
export const returnSettlements = pgTable(
  'return_settlements',
  {
    id: idColumn(),
    settlementNo: text('settlement_no').notNull(),
    orderId: refColumn('order_id').notNull(),
    orderNo: text('order_no').notNull(),
    driverId: refColumn('driver_id').notNull(),
    vehicleId: refColumn('vehicle_id').notNull(),
    returnId: refColumn('return_id').notNull(),
    accountingUnitId: refColumn('accounting_unit_id').notNull(),
    returnDate: date('return_date').notNull(),
    rentDue: money('rent_due'),
    rentPaid: money('rent_paid'),
    lateFee: money('late_fee'),
    violationFee: money('violation_fee'),
    damageFee: money('damage_fee'),
    damageNote: text('damage_note'),
    otherFee: money('other_fee'),
    otherNote: text('other_note'),
    /** 违约金 of an early end, where the order's 商务约定事项 has it. */
    penaltyFee: money('penalty_fee'),
    /** Late fee already received on the order's receivables, given back against the rule's late fee. */
    lateFeePaid: money('late_fee_paid'),
    /** The unpaid remainder of the charges already on the order (首付款, 整备费, 尾款, 添加费用's costs). */
    chargesDue: money('charges_due'),
    deposit: money('deposit'),
    total: money('total'),
    lines: jsonb('lines').$type<SettlementLine[]>().notNull().default(sql`'[]'::jsonb`),
    status: smallint('status').notNull().default(1),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    remark: text('remark'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('return_settlements', table, returnSettlementResource, [
      uniqueIndex('return_settlements_tenant_no_key').on(table.tenantId, table.settlementNo),
      // One settlement per order: 核算 twice at once, one wins.
      uniqueIndex('return_settlements_order_key').on(table.orderId),
      index('return_settlements_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
      index('return_settlements_tenant_status_created_idx').on(table.tenantId, table.status, table.createdAt, table.id),
      index('return_settlements_tenant_driver_idx').on(table.tenantId, table.driverId, table.createdAt),
      index('return_settlements_settlement_no_trgm_idx').using('gin', sql`${table.settlementNo} gin_trgm_ops`),
      index('return_settlements_order_no_trgm_idx').using('gin', sql`${table.orderNo} gin_trgm_ops`),
    ]),
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

export const retailOrderNoSequence = pgSequence('retail_order_no_seq', { startWith: 1 });
export const retailWorkOrderNoSequence = pgSequence('retail_work_order_no_seq', { startWith: 1 });

/** 零售订单: a car sold to a person or a company, approved through its 零售工单, handed over, transferred. */
export const retailOrders = pgTable(
  'retail_orders',
  {
    id: idColumn(),
    orderNo: text('order_no').notNull(),
    buyerType: smallint('buyer_type').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerMobile: text('buyer_mobile').notNull(),
    buyerIdNo: text('buyer_id_no').notNull(),
    cityId: refColumn('city_id').notNull(),
    modelId: refColumn('model_id').notNull(),
    vehicleId: refColumn('vehicle_id'),
    price: money('price'),
    paymentMethod: smallint('payment_method').notNull(),
    downPayment: money('down_payment'),
    financingPartner: smallint('financing_partner'),
    loanTerms: integer('loan_terms'),
    loanAmount: money('loan_amount'),
    plannedDeliveryDate: date('planned_delivery_date'),
    salespersonId: refColumn('salesperson_id'),
    contractFiles: text('contract_files').array().notNull().default(sql`'{}'::text[]`),
    remark: text('remark'),
    status: smallint('status').notNull().default(1),
    /** The work order last sent to approval, and the discount it asked for. */
    workOrderId: refColumn('work_order_id'),
    workOrderNo: text('work_order_no'),
    discount: money('discount'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    transferredOn: date('transferred_on'),
    newPlateNo: text('new_plate_no'),
    cancelReason: text('cancel_reason'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('retail_orders', table, retailOrderResource, [
      uniqueIndex('retail_orders_tenant_no_key').on(table.tenantId, table.orderNo),
      // A car is sold once: two orders handed the same car, one wins.
      uniqueIndex('retail_orders_vehicle_key').on(table.vehicleId).where(sql`${table.status} in (5, 6)`),
      index('retail_orders_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
      index('retail_orders_tenant_status_created_idx').on(table.tenantId, table.status, table.createdAt, table.id),
      index('retail_orders_order_no_trgm_idx').using('gin', sql`${table.orderNo} gin_trgm_ops`),
      index('retail_orders_buyer_name_trgm_idx').using('gin', sql`${table.buyerName} gin_trgm_ops`),
    ]),
);

/** 零售工单: a retail order's terms as put to approval, with the discount asked for and why. */
export const retailWorkOrders = pgTable(
  'retail_work_orders',
  {
    id: idColumn(),
    workOrderNo: text('work_order_no').notNull(),
    retailOrderId: refColumn('retail_order_id').notNull(),
    orderNo: text('order_no').notNull(),
    buyerName: text('buyer_name').notNull(),
    modelId: refColumn('model_id').notNull(),
    price: money('price'),
    discount: money('discount'),
    finalPrice: money('final_price'),
    paymentMethod: smallint('payment_method').notNull(),
    downPayment: money('down_payment'),
    financingPartner: smallint('financing_partner'),
    loanTerms: integer('loan_terms'),
    explanation: text('explanation').notNull(),
    attachments: text('attachments').array().notNull().default(sql`'{}'::text[]`),
    status: smallint('status').notNull().default(1),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('retail_work_orders', table, retailWorkOrderResource, [
      uniqueIndex('retail_work_orders_tenant_no_key').on(table.tenantId, table.workOrderNo),
      // One work order in approval per order: sent twice at once, one wins.
      uniqueIndex('retail_work_orders_order_open_key').on(table.retailOrderId).where(sql`${table.status} = 1`),
      index('retail_work_orders_order_idx').on(table.retailOrderId, table.createdAt),
    ]),
);

export const depositRefundNoSequence = pgSequence('deposit_refund_no_seq', { startWith: 1 });

/** 押金退款: what an approved 核算单 owes the driver back, its approval, and where it was paid. */
export const depositRefunds = pgTable(
  'deposit_refunds',
  {
    id: idColumn(),
    refundNo: text('refund_no').notNull(),
    settlementId: refColumn('settlement_id').notNull(),
    settlementNo: text('settlement_no').notNull(),
    orderId: refColumn('order_id').notNull(),
    orderNo: text('order_no').notNull(),
    driverId: refColumn('driver_id').notNull(),
    amount: money('amount'),
    payeeName: text('payee_name'),
    bankName: text('bank_name'),
    bankAccount: text('bank_account'),
    status: smallint('status').notNull().default(1),
    paidOn: date('paid_on'),
    paymentReference: text('payment_reference'),
    remark: text('remark'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('deposit_refunds', table, depositRefundResource, [
      uniqueIndex('deposit_refunds_tenant_no_key').on(table.tenantId, table.refundNo),
      // One refund per settlement: its approval is decided once.
      uniqueIndex('deposit_refunds_settlement_key').on(table.settlementId),
      index('deposit_refunds_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
    ]),
);

/**
 * 押金台账's own rows: held money moving (结算抵扣, 退还, 没收, 转出至续租, 自原订单转入), posted by the event in its
 * transaction under a lock of the order, never edited. What was collected is read from the allocations to the
 * order's 押金 receivables, not kept here.
 */
export const depositMovements = pgTable(
  'deposit_movements',
  {
    id: idColumn(),
    orderId: refColumn('order_id').notNull(),
    driverId: refColumn('driver_id').notNull(),
    /** `depositEntryKinds`: 1 结算抵扣, 2 退还, 3 没收, 4 转出至续租, 5 自原订单转入. */
    kind: smallint('kind').notNull(),
    amount: money('amount'),
    day: date('day').notNull(),
    settlementId: refColumn('settlement_id'),
    refundId: refColumn('refund_id'),
    /** The other order of a carry-over (the renewal, or the order renewed). */
    otherOrderId: refColumn('other_order_id'),
    note: text('note').notNull(),
    ...businessColumns(),
  },
  (table) => [
    index('deposit_movements_tenant_order_idx').on(table.tenantId, table.orderId, table.id),
    index('deposit_movements_tenant_driver_idx').on(table.tenantId, table.driverId),
    // A refund is paid out of the deposit once.
    uniqueIndex('deposit_movements_refund_key').on(table.refundId).where(sql`${table.refundId} is not null`),
  ],
);

/**
 * What a closing event (an approved settlement, an exchange's handover) settled of a receivable that had money
 * on it: its remainder, relieved off it and carried into the event's own balance (转入结算) or no longer owed
 * (a deposit not collected in full). A receivable with nothing on it is cancelled (已作废) instead.
 */
export const receivableClosings = pgTable(
  'receivable_closings',
  {
    id: idColumn(),
    orderId: refColumn('order_id').notNull(),
    receivableId: refColumn('receivable_id').notNull(),
    settlementId: refColumn('settlement_id'),
    amount: money('amount'),
    /** Carried into the settlement's balance (true) or no longer owed (false). */
    carried: boolean('carried').notNull(),
    reason: text('reason').notNull(),
    ...businessColumns(),
  },
  (table) => [
    index('receivable_closings_tenant_order_idx').on(table.tenantId, table.orderId),
    uniqueIndex('receivable_closings_receivable_key').on(table.receivableId),
  ],
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
