import { expressExchangeResource, expressGoodsResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, refColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';

const files = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

/** 快递商品: a new item starts 下架; its stock never goes below zero (the exchange's conditional update). */
export const expressGoods = pgTable(
  'express_goods',
  {
    id: idColumn(),
    name: text('name').notNull(),
    category: smallint('category').notNull(),
    cover: files('cover'),
    gallery: files('gallery'),
    pointsPrice: integer('points_price').notNull(),
    cashPrice: bigint('cash_price', { mode: 'number' }),
    stock: integer('stock').notNull(),
    limitPerDriver: integer('limit_per_driver').notNull().default(0),
    status: smallint('status').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    brief: text('brief'),
    detail: text('detail'),
    ...businessColumns(),
    version: versionColumn(),
  },
  (table) =>
    listIndexes('express_goods', table, expressGoodsResource, [
      check('express_goods_stock_check', sql`${table.stock} >= 0`),
    ]),
);

/**
 * 兑换订单: written by 兑换 only, with the goods' name, points price and cover as they were; the courier's
 * columns filled as the flow goes. The ledger's spend is keyed by the exchange's id (`express-exchange`).
 */
export const expressExchanges = pgTable(
  'express_exchanges',
  {
    id: idColumn(),
    exchangeNo: text('exchange_no').notNull(),
    goodsId: refColumn('goods_id').notNull(),
    goodsName: text('goods_name').notNull(),
    goodsCover: text('goods_cover').array().notNull().default(sql`'{}'::text[]`),
    driverId: refColumn('driver_id').notNull(),
    quantity: integer('quantity').notNull(),
    unitPoints: integer('unit_points').notNull(),
    points: integer('points').notNull(),
    status: smallint('status').notNull().default(0),
    channel: smallint('channel').notNull(),
    consignee: text('consignee'),
    phone: text('phone'),
    address: text('address'),
    carrier: smallint('carrier'),
    trackingNo: text('tracking_no'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    remark: text('remark'),
    cancelReason: text('cancel_reason'),
    ...businessColumns(),
    version: versionColumn(),
  },
  (table) =>
    listIndexes('express_exchanges', table, expressExchangeResource, [
      uniqueIndex('express_exchanges_tenant_exchange_no_key').on(table.tenantId, table.exchangeNo),
      index('express_exchanges_tenant_goods_idx').on(table.tenantId, table.goodsId, table.createdAt),
      index('express_exchanges_tenant_driver_goods_idx').on(table.tenantId, table.driverId, table.goodsId),
      check('express_exchanges_quantity_check', sql`${table.quantity} > 0`),
    ]),
);
