import {
  type CouponStage,
  couponMoneyResource,
  couponOrderResource,
  couponResource,
  couponTagResource,
} from '@cp/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, refColumn, versionColumn } from '../db/columns';
import { familyTable } from '../db/family-table';
import { listIndexes } from '../db/list-indexes';

const moment = (name: string) => timestamp(name, { withTimezone: true });
const fen = (name: string) => bigint(name, { mode: 'number' });

/** 优惠券商品标签: a branch company's product labels, unique by name. */
export const couponTags = familyTable('coupon_tags', couponTagResource);

/**
 * 优惠券 templates. `issued` only grows, and never past `total_stock` (the claim's conditional update; a
 * timed-out purchase gives its one back). The stages are the template's own until it is edited; an issued
 * coupon keeps its copy.
 */
export const couponTemplates = pgTable(
  'coupon_templates',
  {
    id: idColumn(),
    name: text('name').notNull(),
    kind: smallint('kind').notNull(),
    price: fen('price'),
    stages: jsonb('stages').$type<CouponStage[]>().notNull(),
    stageSummary: text('stage_summary').notNull(),
    faceValue: fen('face_value').notNull(),
    threshold: fen('threshold'),
    totalStock: integer('total_stock').notNull(),
    issued: integer('issued').notNull().default(0),
    perDriverLimit: integer('per_driver_limit').notNull(),
    claimStart: moment('claim_start').notNull(),
    claimEnd: moment('claim_end').notNull(),
    validityType: smallint('validity_type').notNull(),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    validDays: integer('valid_days'),
    payMinutes: integer('pay_minutes'),
    description: text('description'),
    listing: smallint('listing').notNull().default(1),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('coupon_templates', table, couponResource, [
      uniqueIndex('coupon_templates_tenant_name_key').on(table.tenantId, table.name),
    ]),
);

/** The product tags a coupon applies to (its `tagIds`); none: every product. */
export const couponTemplateTags = pgTable(
  'coupon_template_tags',
  {
    couponId: refColumn('coupon_id').notNull(),
    tagId: refColumn('tag_id').notNull(),
    tenantId: refColumn('tenant_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.couponId, table.tagId] }),
    index('coupon_template_tags_tag_idx').on(table.tenantId, table.tagId),
  ],
);

export const couponOrderNoSequence = pgSequence('coupon_order_no_seq', { startWith: 1 });
export const couponMoneyNoSequence = pgSequence('coupon_money_no_seq', { startWith: 1 });

/**
 * 券订单: one coupon a driver holds, with the template's terms copied when issued. 待支付 until paid (then
 * 未使用) or its deadline passes (支付超时, the stock given back); 未使用 until used (已使用), its end passes
 * (已过期) or, bought, it is refunded (已退款, the stock given back). A payment reference is taken once per
 * branch company.
 */
export const couponOrders = pgTable(
  'coupon_orders',
  {
    id: idColumn(),
    orderNo: text('order_no').notNull(),
    couponId: refColumn('coupon_id').notNull(),
    driverId: refColumn('driver_id').notNull(),
    driverMobile: text('driver_mobile'),
    kind: smallint('kind').notNull(),
    price: fen('price').notNull().default(0),
    status: smallint('status').notNull(),
    source: smallint('source').notNull(),
    couponName: text('coupon_name').notNull(),
    stages: jsonb('stages').$type<CouponStage[]>().notNull(),
    stageSummary: text('stage_summary').notNull(),
    faceValue: fen('face_value').notNull(),
    threshold: fen('threshold'),
    validityType: smallint('validity_type').notNull(),
    validFrom: moment('valid_from'),
    validTo: moment('valid_to'),
    validDays: integer('valid_days'),
    payDeadline: moment('pay_deadline'),
    paymentRef: text('payment_ref'),
    paidAt: moment('paid_at'),
    usedAt: moment('used_at'),
    useChannel: text('use_channel'),
    useRemark: text('use_remark'),
    closedAt: moment('closed_at'),
    /** The template's 适用商品标签 when issued (none: every product). */
    tagIds: bigint('tag_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    refundReason: text('refund_reason'),
    refundedAt: moment('refunded_at'),
    refundedBy: refColumn('refunded_by'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('coupon_orders', table, couponOrderResource, [
      uniqueIndex('coupon_orders_tenant_no_key').on(table.tenantId, table.orderNo),
      uniqueIndex('coupon_orders_payment_ref_key')
        .on(table.tenantId, table.paymentRef)
        .where(sql`payment_ref is not null`),
      // A template's figures count its orders by state; 券订单管理 pages a coupon's orders (and one tab of
      // them) newest first, where the list's own order index would walk every newer order of other coupons.
      index('coupon_orders_coupon_status_idx').on(
        table.tenantId,
        table.couponId,
        table.status,
        table.createdAt,
        table.id,
      ),
      index('coupon_orders_coupon_created_idx').on(table.tenantId, table.couponId, table.createdAt, table.id),
      // The per-driver limit counts a driver's orders of a coupon.
      index('coupon_orders_driver_coupon_idx').on(table.tenantId, table.driverId, table.couponId),
      // The jobs walk the unpaid past their deadline and the unused past their end.
      index('coupon_orders_pay_deadline_idx').on(table.payDeadline).where(sql`status = 0`),
      index('coupon_orders_valid_to_idx').on(table.validTo).where(sql`status = 2`),
    ]),
);

/** 资金流水: written once, never changed — a sale's money, its reversal, each month's rent discount. */
export const couponMoney = pgTable(
  'coupon_money',
  {
    id: idColumn(),
    entryNo: text('entry_no').notNull(),
    couponId: refColumn('coupon_id').notNull(),
    orderId: refColumn('order_id').notNull(),
    driverId: refColumn('driver_id').notNull(),
    kind: smallint('kind').notNull(),
    month: text('month'),
    amount: fen('amount').notNull(),
    reference: text('reference'),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('coupon_money', table, couponMoneyResource, [
      uniqueIndex('coupon_money_tenant_no_key').on(table.tenantId, table.entryNo),
      index('coupon_money_coupon_idx').on(table.tenantId, table.couponId, table.kind),
      index('coupon_money_order_idx').on(table.tenantId, table.orderId, table.createdAt),
    ]),
);
