// A lease's end in money: 核算主体 and 核算单, the deposit's movements and refunds, and what closing an order's
// books did to each receivable.
import type { SettlementLine } from '@cp/contracts';
import { accountingUnitResource, depositRefundResource, returnSettlementResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
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
    rentDue: moneyColumn('rent_due'),
    rentPaid: moneyColumn('rent_paid'),
    lateFee: moneyColumn('late_fee'),
    violationFee: moneyColumn('violation_fee'),
    damageFee: moneyColumn('damage_fee'),
    damageNote: text('damage_note'),
    otherFee: moneyColumn('other_fee'),
    otherNote: text('other_note'),
    /** 违约金 of an early end, where the order's 商务约定事项 has it. */
    penaltyFee: moneyColumn('penalty_fee'),
    /** Late fee already received on the order's receivables, given back against the rule's late fee. */
    lateFeePaid: moneyColumn('late_fee_paid'),
    /** The unpaid remainder of the charges already on the order (首付款, 整备费, 尾款, 添加费用's costs). */
    chargesDue: moneyColumn('charges_due'),
    deposit: moneyColumn('deposit'),
    total: moneyColumn('total'),
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
    amount: moneyColumn('amount'),
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
    amount: moneyColumn('amount'),
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
    amount: moneyColumn('amount'),
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
