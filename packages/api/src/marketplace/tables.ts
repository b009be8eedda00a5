import { marketplaceOrderResource, marketplaceProductResource, marketplaceTagResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
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

/** 商品标签: a branch company's product labels, unique by name. */
export const marketplaceTags = familyTable('marketplace_tags', marketplaceTagResource);

/** 商城商品: a new product starts 下架; its stock never goes below zero (an order's conditional update). */
export const marketplaceProducts = pgTable(
  'marketplace_products',
  {
    id: idColumn(),
    name: text('name').notNull(),
    category: smallint('category').notNull(),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    price: bigint('price', { mode: 'number' }).notNull(),
    listPrice: bigint('list_price', { mode: 'number' }),
    stock: integer('stock').notNull(),
    limitPerDriver: integer('limit_per_driver').notNull().default(0),
    deliveryKind: smallint('delivery_kind').notNull(),
    status: smallint('status').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    detail: text('detail'),
    ...businessColumns(),
    version: versionColumn(),
  },
  (table) =>
    listIndexes('marketplace_products', table, marketplaceProductResource, [
      check('marketplace_products_stock_check', sql`${table.stock} >= 0`),
      check('marketplace_products_price_check', sql`${table.price} > 0`),
    ]),
);

/** The 商品标签 of a product: one row per tag, found from either side. */
export const marketplaceProductTags = pgTable(
  'marketplace_product_tags',
  {
    ownId: refColumn('product_id').notNull(),
    tagId: refColumn('tag_id').notNull(),
    tenantId: refColumn('tenant_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.ownId, table.tagId] }),
    index('marketplace_product_tags_tag_idx').on(table.tagId),
  ],
);

/** The 优惠券商品标签 of a product: a coupon carrying one of them may be used on an order of it. */
export const marketplaceProductCouponTags = pgTable(
  'marketplace_product_coupon_tags',
  {
    ownId: refColumn('product_id').notNull(),
    tagId: refColumn('tag_id').notNull(),
    tenantId: refColumn('tenant_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.ownId, table.tagId] }),
    index('marketplace_product_coupon_tags_tag_idx').on(table.tenantId, table.tagId),
  ],
);

/**
 * 商城订单: its amount is the sum of its lines; the timers' moments are kept on the order as they were set
 * (支付截止 when placed, 自动收货时间 when shipped), so the jobs read one column each.
 */
export const marketplaceOrders = pgTable(
  'marketplace_orders',
  {
    id: idColumn(),
    orderNo: text('order_no').notNull(),
    driverId: refColumn('driver_id').notNull(),
    summary: text('summary').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** What a coupon used on the order took off `amount`; the driver pays the rest. */
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    couponOrderId: refColumn('coupon_order_id'),
    status: smallint('status').notNull().default(0),
    channel: smallint('channel').notNull(),
    payMethod: smallint('pay_method'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    payDeadline: timestamp('pay_deadline', { withTimezone: true }),
    consignee: text('consignee'),
    phone: text('phone'),
    address: text('address'),
    carrier: smallint('carrier'),
    trackingNo: text('tracking_no'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    autoReceiveAt: timestamp('auto_receive_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receiveWay: smallint('receive_way'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    remark: text('remark'),
    ...businessColumns(),
    version: versionColumn(),
  },
  (table) =>
    listIndexes('marketplace_orders', table, marketplaceOrderResource, [
      uniqueIndex('marketplace_orders_tenant_order_no_key').on(table.tenantId, table.orderNo),
      index('marketplace_orders_unpaid_idx').on(table.payDeadline).where(sql`${table.status} = 0`),
      index('marketplace_orders_shipped_idx').on(table.autoReceiveAt).where(sql`${table.status} = 20`),
      check('marketplace_orders_amount_check', sql`${table.amount} > 0`),
      check('marketplace_orders_discount_check', sql`${table.discount} >= 0 and ${table.discount} <= ${table.amount}`),
      uniqueIndex('marketplace_orders_coupon_order_key')
        .on(table.tenantId, table.couponOrderId)
        .where(sql`${table.couponOrderId} is not null`),
    ]),
);

/** An order's line: the product's name, price and cover as they were when it was ordered. */
export const marketplaceOrderLines = pgTable(
  'marketplace_order_lines',
  {
    id: idColumn(),
    tenantId: refColumn('tenant_id').notNull(),
    orderId: refColumn('order_id').notNull(),
    position: integer('position').notNull(),
    productId: refColumn('product_id').notNull(),
    productName: text('product_name').notNull(),
    image: text('image'),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (table) => [
    uniqueIndex('marketplace_order_lines_order_position_key').on(table.orderId, table.position),
    index('marketplace_order_lines_product_idx').on(table.tenantId, table.productId),
    check('marketplace_order_lines_quantity_check', sql`${table.quantity} > 0`),
  ],
);

/**
 * The money of an order: a payment (the app's report, or 线下收款 on a staff order) or a refund (a paid order
 * cancelled). Written once and never updated; a payment's reference (the provider's transaction) is unique in
 * the branch company, so a report sent twice is one payment.
 */
export const marketplacePayments = pgTable(
  'marketplace_payments',
  {
    id: idColumn(),
    tenantId: refColumn('tenant_id').notNull(),
    orderId: refColumn('order_id').notNull(),
    kind: text('kind', { enum: ['payment', 'refund'] }).notNull(),
    method: smallint('method').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reference: text('reference').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    createdBy: refColumn('created_by'),
  },
  (table) => [
    uniqueIndex('marketplace_payments_tenant_reference_key').on(table.tenantId, table.kind, table.reference),
    uniqueIndex('marketplace_payments_order_kind_key').on(table.orderId, table.kind),
    check('marketplace_payments_amount_check', sql`${table.amount} > 0`),
  ],
);
