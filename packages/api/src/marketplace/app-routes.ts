import {
  appMarketplaceOrder,
  appMarketplaceProduct,
  appMarketplaceProductsQuery,
  appOrderNoParams,
  appPayBody,
  appPlaceOrderBody,
  envelope,
  marketplaceEnums,
} from '@cp/contracts';
import { and, asc, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { appCallerOf, appDriverOf } from '../appApi/auth';
import type { Db } from '../db';
import { access } from '../http/access';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { payOrder, placeOrder, receiveOrder } from './orders';
import {
  marketplaceOrderLines,
  marketplaceOrders,
  marketplaceProducts,
  marketplaceProductTags,
  marketplaceTags,
} from './tables';

const tags = ['司机APP'];
const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The products on sale, cheapest sort first, each with its enabled tags; `tagId` keeps those carrying it. */
async function productsOnSale(db: Db, tenantId: number, tagId?: number) {
  const conditions = [eq(marketplaceProducts.tenantId, tenantId), eq(marketplaceProducts.status, 1)];
  if (tagId !== undefined) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(marketplaceProductTags)
          .where(
            and(eq(marketplaceProductTags.ownId, marketplaceProducts.id), eq(marketplaceProductTags.tagId, tagId)),
          ),
      ),
    );
  }
  const products = await db
    .select()
    .from(marketplaceProducts)
    .where(and(...conditions))
    .orderBy(asc(marketplaceProducts.sort), asc(marketplaceProducts.id))
    .limit(200);
  const ids = products.map((product) => product.id);
  const links = ids.length
    ? await db
        .select({
          productId: marketplaceProductTags.ownId,
          id: marketplaceTags.id,
          name: marketplaceTags.name,
          color: marketplaceTags.color,
        })
        .from(marketplaceProductTags)
        .innerJoin(marketplaceTags, eq(marketplaceTags.id, marketplaceProductTags.tagId))
        .where(and(inArray(marketplaceProductTags.ownId, ids), eq(marketplaceTags.status, 1)))
        .orderBy(asc(marketplaceTags.displayOrder))
    : [];
  return products.map((product) => ({
    id: String(product.id),
    name: product.name,
    category: product.category,
    images: product.images,
    tags: links
      .filter((link) => link.productId === product.id)
      .map((link) => ({ id: String(link.id), name: String(link.name), color: (link.color as string | null) ?? null })),
    price: product.price,
    listPrice: product.listPrice,
    stock: product.stock,
    limitPerDriver: product.limitPerDriver,
    deliveryKind: product.deliveryKind,
    detail: product.detail,
  }));
}

/** The driver's orders, newest first (at most 100), or the one numbered `orderNo`. */
async function ordersOf(db: Db, tenantId: number, driverId: number, orderNo?: string) {
  const conditions = [eq(marketplaceOrders.tenantId, tenantId), eq(marketplaceOrders.driverId, driverId)];
  if (orderNo) conditions.push(eq(marketplaceOrders.orderNo, orderNo));
  const orders = await db
    .select()
    .from(marketplaceOrders)
    .where(and(...conditions))
    .orderBy(desc(marketplaceOrders.id))
    .limit(100);
  const ids = orders.map((order) => order.id);
  const lines = ids.length
    ? await db
        .select()
        .from(marketplaceOrderLines)
        .where(inArray(marketplaceOrderLines.orderId, ids))
        .orderBy(asc(marketplaceOrderLines.position))
    : [];
  return orders.map((order) => ({
    orderNo: order.orderNo,
    status: order.status,
    statusName: marketplaceEnums.orderStatus.label(order.status),
    amount: order.amount,
    discount: order.discount,
    payable: order.amount - order.discount,
    lines: lines
      .filter((line) => line.orderId === order.id)
      .map((line) => ({
        productId: String(line.productId),
        productName: line.productName,
        image: line.image,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        amount: line.amount,
      })),
    payDeadline: iso(order.payDeadline),
    paidAt: iso(order.paidAt),
    carrier: order.carrier,
    trackingNo: order.trackingNo,
    shippedAt: iso(order.shippedAt),
    autoReceiveAt: iso(order.autoReceiveAt),
    receivedAt: iso(order.receivedAt),
    createdAt: order.createdAt.toISOString(),
  }));
}

async function oneOrder(db: Db, tenantId: number, driverId: number, orderNo: string) {
  const [order] = await ordersOf(db, tenantId, driverId, orderNo);
  if (!order) throw new Error(`order ${orderNo} not read back`);
  return order;
}

/**
 * 商城 in the drivers' app: the products on sale, 下单 (待支付 until 支付 is reported), 支付 (idempotent by the
 * provider's transaction), 确认收货 and the driver's orders. The branch company and the driver are the caller's.
 */
export const marketplaceAppRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/app/marketplace/products',
    {
      config: { access: access.app('optional') },
      schema: {
        summary: '商城：在售商品（含商品标签）',
        tags,
        querystring: appMarketplaceProductsQuery,
        response: { 200: envelope(z.array(appMarketplaceProduct)) },
      },
    },
    async (request) => {
      const { tenantId } = appCallerOf(request);
      const tagId = request.query.tagId === undefined ? undefined : Number(request.query.tagId);
      return ok(await productsOnSale(db, tenantId, tagId));
    },
  );

  app.get(
    '/api/app/marketplace/orders',
    {
      config: { access: access.app('required') },
      schema: {
        summary: '商城：我的订单（最近100个）',
        tags,
        response: { 200: envelope(z.array(appMarketplaceOrder)) },
      },
    },
    async (request) => ok(await ordersOf(db, appCallerOf(request).tenantId, appDriverOf(request))),
  );

  app.post(
    '/api/app/marketplace/orders',
    {
      config: { access: access.app('required') },
      schema: {
        summary: '商城：下单（库存足够才扣减；超时未支付自动关闭）',
        tags,
        body: appPlaceOrderBody,
        response: { 200: envelope(appMarketplaceOrder) },
      },
    },
    async (request) => {
      const { tenantId } = appCallerOf(request);
      const driverId = appDriverOf(request);
      const body = request.body;
      const made = await db.transaction((tx) =>
        placeOrder(tx, { tenantId, userId: null }, { ...body, driverId, channel: 1 }),
      );
      return ok(await oneOrder(db, tenantId, driverId, made.orderNo));
    },
  );

  app.post(
    '/api/app/marketplace/orders/:orderNo/pay',
    {
      config: { access: access.app('required') },
      schema: {
        summary: '商城：支付结果回报（同一支付流水号重复回报不重复入账）',
        tags,
        params: appOrderNoParams,
        body: appPayBody,
        response: { 200: envelope(appMarketplaceOrder) },
      },
    },
    async (request) => {
      const { tenantId } = appCallerOf(request);
      const driverId = appDriverOf(request);
      const { orderNo } = request.params;
      await db.transaction((tx) => payOrder(tx, tenantId, driverId, orderNo, request.body));
      return ok(await oneOrder(db, tenantId, driverId, orderNo));
    },
  );

  app.post(
    '/api/app/marketplace/orders/:orderNo/receive',
    {
      config: { access: access.app('required') },
      schema: {
        summary: '商城：确认收货',
        tags,
        params: appOrderNoParams,
        response: { 200: envelope(appMarketplaceOrder) },
      },
    },
    async (request) => {
      const { tenantId } = appCallerOf(request);
      const driverId = appDriverOf(request);
      const { orderNo } = request.params;
      await db.transaction((tx) => receiveOrder(tx, tenantId, driverId, orderNo));
      return ok(await oneOrder(db, tenantId, driverId, orderNo));
    },
  );
};
