import { marketplaceEnums, marketplaceOrderStates, marketplaceTimers, type OrderLineInput } from '@cp/contracts';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { businessNow } from '../clock';
import type { Executor } from '../db';
import { writtenBy } from '../db/columns';
import { drivers } from '../drivers/tables';
import { businessError, notFound } from '../http/errors';
import { marketplaceOrderLines, marketplaceOrders, marketplacePayments, marketplaceProducts } from './tables';

const states = marketplaceOrderStates;
const stateName = (value: number) => marketplaceEnums.orderStatus.label(value);

/** Who places an order: the branch company and the staff member (null: the driver in the app). */
interface Actor {
  tenantId: number;
  userId: number | null;
}

interface NewOrder {
  driverId: number;
  lines: readonly OrderLineInput[];
  /** 1 APP (待支付 until the app reports the payment), 2 后台下单 (paid offline as it is made). */
  channel: 1 | 2;
  consignee?: string | null | undefined;
  phone?: string | null | undefined;
  address?: string | null | undefined;
  remark?: string | null | undefined;
}

const minutes = (n: number) => n * 60_000;

/** Pieces of each product the driver holds in orders not closed or cancelled. */
async function heldBy(tx: Executor, tenantId: number, driverId: number, productIds: number[]) {
  const rows = await tx
    .select({ productId: marketplaceOrderLines.productId, n: sql<number>`sum(${marketplaceOrderLines.quantity})::int` })
    .from(marketplaceOrderLines)
    .innerJoin(marketplaceOrders, eq(marketplaceOrders.id, marketplaceOrderLines.orderId))
    .where(
      and(
        eq(marketplaceOrders.tenantId, tenantId),
        eq(marketplaceOrders.driverId, driverId),
        inArray(marketplaceOrderLines.productId, productIds),
        notInArray(marketplaceOrders.status, [states.closed, states.cancelled]),
      ),
    )
    .groupBy(marketplaceOrderLines.productId);
  return new Map(rows.map((row) => [row.productId, Number(row.n)]));
}

/**
 * 下单, in the caller's transaction: every product of the branch company, on sale and locked (in id order, so
 * two orders never wait on each other), each driver's limit kept, each line's stock taken only where it
 * suffices (a conditional update), then the order and its lines written with the products as they are now —
 * any refusal undoes it all. A staff order is paid offline as it is made: its payment row names the operator.
 */
export async function placeOrder(tx: Executor, actor: Actor, order: NewOrder) {
  const ids = order.lines.map((line) => Number(line.productId));
  if (new Set(ids).size !== ids.length) throw businessError('商品明细：同一商品请合并为一行');
  const [driver] = await tx
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.tenantId, actor.tenantId), eq(drivers.id, order.driverId)));
  if (!driver) throw notFound('司机');
  const products = await tx
    .select()
    .from(marketplaceProducts)
    .where(and(eq(marketplaceProducts.tenantId, actor.tenantId), inArray(marketplaceProducts.id, ids)))
    .orderBy(asc(marketplaceProducts.id))
    .for('update');
  const byId = new Map(products.map((product) => [product.id, product]));
  const held = await heldBy(tx, actor.tenantId, order.driverId, ids);
  for (const line of order.lines) {
    const product = byId.get(Number(line.productId));
    if (!product) throw notFound(`商品（编号${line.productId}）`);
    if (product.status !== 1) throw businessError(`「${product.name}」已下架，不能下单`);
    const limit = product.limitPerDriver;
    const taken = held.get(product.id) ?? 0;
    if (limit > 0 && taken + line.quantity > limit) {
      throw businessError(`超过每人限购：「${product.name}」每人限购${limit}件，该司机已购${taken}件`);
    }
  }
  const byCourier = products.some((product) => product.deliveryKind === 1);
  if (byCourier && !(order.consignee && order.phone && order.address)) {
    throw businessError('含快递商品，请填写收货人、联系电话和收货地址');
  }
  for (const line of order.lines) {
    const product = byId.get(Number(line.productId));
    if (!product) continue;
    const [left] = await tx
      .update(marketplaceProducts)
      .set({ stock: sql`${marketplaceProducts.stock} - ${line.quantity}` })
      .where(and(eq(marketplaceProducts.id, product.id), sql`${marketplaceProducts.stock} >= ${line.quantity}`))
      .returning({ stock: marketplaceProducts.stock });
    if (!left) throw businessError(`库存不足：「${product.name}」剩余${product.stock}件，需要${line.quantity}件`);
  }
  const lines = order.lines.map((line, position) => {
    const product = byId.get(Number(line.productId));
    if (!product) throw notFound('商品');
    return {
      position,
      productId: product.id,
      productName: product.name,
      image: product.images[0] ?? null,
      unitPrice: product.price,
      quantity: line.quantity,
      amount: product.price * line.quantity,
    };
  });
  const amount = lines.reduce((sum, line) => sum + line.amount, 0);
  const first = lines[0];
  const summary = `${first?.productName ?? ''}×${first?.quantity ?? 0}${lines.length > 1 ? `等${lines.length}种` : ''}`;
  const now = businessNow();
  const paidNow = order.channel === 2;
  const [made] = await tx
    .insert(marketplaceOrders)
    .values({
      ...writtenBy(actor),
      orderNo: sql`'SC-' || gen_random_uuid()`,
      driverId: order.driverId,
      summary,
      amount,
      channel: order.channel,
      status: paidNow ? states.paid : states.unpaid,
      payDeadline: paidNow ? null : new Date(now.getTime() + minutes(marketplaceTimers.unpaidCloseMinutes)),
      ...(paidNow ? { payMethod: 3, paidAt: now } : {}),
      consignee: order.consignee ?? null,
      phone: order.phone ?? null,
      address: order.address ?? null,
      remark: order.remark ?? null,
    })
    .returning({ id: marketplaceOrders.id });
  if (!made) throw new Error('order not written');
  const orderNo = `SC${String(made.id).padStart(10, '0')}`;
  await tx.update(marketplaceOrders).set({ orderNo }).where(eq(marketplaceOrders.id, made.id));
  await tx
    .insert(marketplaceOrderLines)
    .values(lines.map((line) => ({ ...line, tenantId: actor.tenantId, orderId: made.id })));
  if (paidNow) {
    await tx.insert(marketplacePayments).values({
      tenantId: actor.tenantId,
      orderId: made.id,
      kind: 'payment',
      method: 3,
      amount,
      reference: `OFFLINE-${orderNo}`,
      at: now,
      createdBy: actor.userId,
    });
  }
  return { id: made.id, orderNo, amount };
}

/** The driver's order by its number, locked; another driver's or branch company's is not found. */
async function lockedOrder(tx: Executor, tenantId: number, driverId: number, orderNo: string) {
  const [order] = await tx
    .select()
    .from(marketplaceOrders)
    .where(
      and(
        eq(marketplaceOrders.tenantId, tenantId),
        eq(marketplaceOrders.driverId, driverId),
        eq(marketplaceOrders.orderNo, orderNo),
      ),
    )
    .for('update');
  if (!order) throw notFound('订单');
  return order;
}

interface PaymentReport {
  method: number;
  amount: number;
  transactionNo: string;
}

/**
 * 支付: the app reports what the provider confirmed. The same transaction reported again answers the order as
 * it is (the provider's callbacks repeat); an order no longer 待支付, another amount or a transaction already
 * recorded for another order is refused in words.
 */
export async function payOrder(tx: Executor, tenantId: number, driverId: number, orderNo: string, paid: PaymentReport) {
  const order = await lockedOrder(tx, tenantId, driverId, orderNo);
  const [recorded] = await tx
    .select({ orderId: marketplacePayments.orderId })
    .from(marketplacePayments)
    .where(
      and(
        eq(marketplacePayments.tenantId, tenantId),
        eq(marketplacePayments.kind, 'payment'),
        eq(marketplacePayments.reference, paid.transactionNo),
      ),
    );
  if (recorded) {
    if (recorded.orderId !== order.id) throw businessError('支付流水号已用于其他订单');
    return { orderId: order.id, applied: false };
  }
  if (order.status !== states.unpaid) throw businessError(`订单当前为「${stateName(order.status)}」，不能支付`);
  const payable = order.amount - order.discount;
  if (paid.amount !== payable) {
    throw businessError(
      order.discount > 0
        ? `支付金额与应付金额不符：应付${payable}分（已用优惠券抵扣${order.discount}分），支付${paid.amount}分`
        : `支付金额与订单金额不符：订单金额${order.amount}分，支付${paid.amount}分`,
    );
  }
  const now = businessNow();
  await tx.insert(marketplacePayments).values({
    tenantId,
    orderId: order.id,
    kind: 'payment',
    method: paid.method,
    amount: paid.amount,
    reference: paid.transactionNo,
    at: now,
  });
  await tx
    .update(marketplaceOrders)
    .set({
      status: states.paid,
      payMethod: paid.method,
      paidAt: now,
      updatedAt: now,
      version: sql`${marketplaceOrders.version} + 1`,
    })
    .where(eq(marketplaceOrders.id, order.id));
  return { orderId: order.id, applied: true };
}

/** 确认收货 by the driver: only a shipped order. */
export async function receiveOrder(tx: Executor, tenantId: number, driverId: number, orderNo: string) {
  const order = await lockedOrder(tx, tenantId, driverId, orderNo);
  if (order.status !== states.shipped) throw businessError(`订单当前为「${stateName(order.status)}」，不能确认收货`);
  const now = businessNow();
  await tx
    .update(marketplaceOrders)
    .set({
      status: states.received,
      receivedAt: now,
      receiveWay: 1,
      updatedAt: now,
      version: sql`${marketplaceOrders.version} + 1`,
    })
    .where(eq(marketplaceOrders.id, order.id));
  return { orderId: order.id };
}

/** Gives the pieces of an order's lines back to their products' stock. */
async function restoreStock(tx: Executor, tenantId: number, orderId: number) {
  const lines = await tx
    .select({ productId: marketplaceOrderLines.productId, quantity: marketplaceOrderLines.quantity })
    .from(marketplaceOrderLines)
    .where(and(eq(marketplaceOrderLines.tenantId, tenantId), eq(marketplaceOrderLines.orderId, orderId)))
    .orderBy(asc(marketplaceOrderLines.productId));
  for (const line of lines) {
    await tx
      .update(marketplaceProducts)
      .set({ stock: sql`${marketplaceProducts.stock} + ${line.quantity}` })
      .where(and(eq(marketplaceProducts.tenantId, tenantId), eq(marketplaceProducts.id, line.productId)));
  }
}

/**
 * 取消订单 (staff, the order locked by the lifecycle's runner, not yet shipped): stock back, and a paid order's
 * money back as a refund row of its own (the payment row is never touched).
 */
export async function cancelOrder(
  tx: Executor,
  actor: Actor,
  order: { id: number; orderNo: string; status: number; amount: number; discount: number; payMethod: number | null },
) {
  await restoreStock(tx, actor.tenantId, order.id);
  // What a coupon took off was never paid: the refund is what the driver paid.
  const paid = order.amount - order.discount;
  if (order.status === states.paid && paid > 0) {
    await tx.insert(marketplacePayments).values({
      tenantId: actor.tenantId,
      orderId: order.id,
      kind: 'refund',
      method: order.payMethod ?? 3,
      amount: paid,
      reference: `REFUND-${order.orderNo}`,
      at: businessNow(),
      createdBy: actor.userId,
    });
  }
  return null;
}

/** Whether any line of the order goes by courier (发货 then needs a carrier and a waybill). */
export async function goesByCourier(tx: Executor, tenantId: number, orderId: number) {
  const [line] = await tx
    .select({ id: marketplaceOrderLines.id })
    .from(marketplaceOrderLines)
    .innerJoin(marketplaceProducts, eq(marketplaceProducts.id, marketplaceOrderLines.productId))
    .where(
      and(
        eq(marketplaceOrderLines.tenantId, tenantId),
        eq(marketplaceOrderLines.orderId, orderId),
        eq(marketplaceProducts.deliveryKind, 1),
      ),
    )
    .limit(1);
  return line !== undefined;
}

/** Has any order ever named the product (it is then 下架, never deleted). */
export async function everOrdered(tx: Executor, tenantId: number, productId: number) {
  const [line] = await tx
    .select({ id: marketplaceOrderLines.id })
    .from(marketplaceOrderLines)
    .where(and(eq(marketplaceOrderLines.tenantId, tenantId), eq(marketplaceOrderLines.productId, productId)))
    .limit(1);
  return line !== undefined;
}

export const autoReceiveAfter = (shippedAt: Date) =>
  new Date(shippedAt.getTime() + marketplaceTimers.autoReceiveDays * 24 * 3600_000);
