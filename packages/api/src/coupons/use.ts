import {
  couponUseStates,
  leaseOrderStates,
  leaseOrderStatus,
  marketplaceEnums,
  marketplaceOrderStates,
  yuanText,
} from '@cp/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { businessNow } from '../clock';
import type { Db, Tx } from '../db';
import { businessError, notFound } from '../http/errors';
import { marketplaceOrderLines, marketplaceOrders, marketplaceProductCouponTags } from '../marketplace/tables';
import { leaseOrders } from '../orders/tables';
import { grantStages, moneyRow, type Order, useRefusal } from './issue';
import { couponOrders, couponTags } from './tables';

const { unused, used } = couponUseStates;

/** What the app uses a coupon on: a 商城订单 of the driver's awaiting payment, or the rent of a lease order in force. */
export interface UseTarget {
  marketplaceOrderNo?: string | undefined;
  leaseOrderNo?: string | undefined;
}

const belowThreshold = (what: string, amount: number, threshold: number) =>
  `${what}${yuanText(amount)}元，未达到优惠券的使用门槛${yuanText(threshold)}元`;

/** The coupon's tags by name, for a refusal: 洗车保养、网约车整租. */
async function tagNames(tx: Tx, tenantId: number, ids: readonly number[]) {
  const rows = await tx
    .select({ name: couponTags.name })
    .from(couponTags)
    .where(and(eq(couponTags.tenantId, tenantId), inArray(couponTags.id, [...ids])))
    .orderBy(asc(couponTags.displayOrder));
  return rows.map((row) => row.name).join('、');
}

/** The driver's coupon as issued, or 券订单不存在. */
async function heldOrder(tx: Tx, tenantId: number, driverId: number, orderId: number) {
  const [order] = await tx
    .select()
    .from(couponOrders)
    .where(and(eq(couponOrders.id, orderId), eq(couponOrders.tenantId, tenantId), eq(couponOrders.driverId, driverId)));
  if (!order) throw notFound('券订单');
  return order;
}

/** 未使用 → 已使用 if still 未使用 and within its window at this moment (two uses at once: one wins). */
async function markUsed(tx: Tx, order: Order, channel: string) {
  const now = businessNow();
  const [done] = await tx
    .update(couponOrders)
    .set({ status: used, usedAt: now, useChannel: channel, updatedAt: now, version: sql`${couponOrders.version} + 1` })
    .where(
      and(
        eq(couponOrders.id, order.id),
        eq(couponOrders.tenantId, order.tenantId),
        eq(couponOrders.status, unused),
        sql`${couponOrders.validFrom} <= ${now.toISOString()}::timestamptz`,
        sql`${couponOrders.validTo} >= ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  if (!done) {
    const [again] = await tx.select().from(couponOrders).where(eq(couponOrders.id, order.id));
    throw businessError(useRefusal(again ?? order, now) ?? '优惠券不能使用');
  }
  return done;
}

/**
 * A coupon on a 商城订单 (locked first, then the coupon): the order 待支付 and without a coupon, its amount at
 * least the 门槛, and — for a coupon with 适用商品标签 — a line whose product carries one of them. The order
 * records the discount (the 优惠总额, at most its amount) and the coupon; the rest is what the driver pays (an
 * order left with nothing to pay is 待发货 at once). A 商城抵扣 row keeps the money, all in one transaction.
 */
async function useOnMarketplaceOrder(tx: Tx, order: Order, orderNo: string) {
  const [shop] = await tx
    .select()
    .from(marketplaceOrders)
    .where(
      and(
        eq(marketplaceOrders.tenantId, order.tenantId),
        eq(marketplaceOrders.driverId, order.driverId),
        eq(marketplaceOrders.orderNo, orderNo),
      ),
    )
    .for('update');
  if (!shop) throw notFound('商城订单');
  if (shop.status !== marketplaceOrderStates.unpaid) {
    throw businessError(`商城订单当前为「${marketplaceEnums.orderStatus.label(shop.status)}」，不能使用优惠券`);
  }
  if (shop.couponOrderId !== null) throw businessError('该商城订单已使用过优惠券');
  const refusal = useRefusal(order, businessNow());
  if (refusal) throw businessError(refusal);
  if (order.threshold !== null && shop.amount < order.threshold) {
    throw businessError(belowThreshold('订单金额', shop.amount, order.threshold));
  }
  if (order.tagIds.length > 0) {
    const [fits] = await tx
      .select({ one: sql<number>`1` })
      .from(marketplaceOrderLines)
      .innerJoin(marketplaceProductCouponTags, eq(marketplaceProductCouponTags.ownId, marketplaceOrderLines.productId))
      .where(
        and(
          eq(marketplaceOrderLines.tenantId, order.tenantId),
          eq(marketplaceOrderLines.orderId, shop.id),
          inArray(marketplaceProductCouponTags.tagId, order.tagIds),
        ),
      )
      .limit(1);
    if (!fits) {
      throw businessError(
        `订单中没有适用该优惠券的商品（适用商品标签：${await tagNames(tx, order.tenantId, order.tagIds)}）`,
      );
    }
  }
  const done = await markUsed(tx, order, `商城订单${shop.orderNo}`);
  const discount = Math.min(order.faceValue, shop.amount);
  const now = businessNow();
  const settled = discount === shop.amount;
  await tx
    .update(marketplaceOrders)
    .set({
      discount,
      couponOrderId: order.id,
      ...(settled ? { status: marketplaceOrderStates.paid, paidAt: now, payDeadline: null } : {}),
      updatedAt: now,
      version: sql`${marketplaceOrders.version} + 1`,
    })
    .where(eq(marketplaceOrders.id, shop.id));
  await moneyRow(tx, done, { kind: 4, amount: discount, reference: shop.orderNo, userId: null });
  return done;
}

/** A coupon on the rent of the driver's lease order in force: its 月租金 at least the 门槛; the stages then relieve rent. */
async function useOnRent(tx: Tx, order: Order, leaseOrderNo: string | undefined) {
  let channel = 'APP';
  if (leaseOrderNo !== undefined) {
    const [lease] = await tx
      .select({ orderNo: leaseOrders.orderNo, rent: leaseOrders.rent, status: leaseOrders.status })
      .from(leaseOrders)
      .where(
        and(
          eq(leaseOrders.tenantId, order.tenantId),
          eq(leaseOrders.driverId, order.driverId),
          eq(leaseOrders.orderNo, leaseOrderNo),
        ),
      );
    if (!lease) throw notFound('租赁订单');
    if (lease.status !== leaseOrderStates.performing) {
      throw businessError(`租赁订单当前为「${leaseOrderStatus.label(lease.status)}」，不能使用优惠券`);
    }
    if (order.threshold !== null && Number(lease.rent) < order.threshold) {
      throw businessError(belowThreshold('月租金', Number(lease.rent), order.threshold));
    }
    channel = `租赁订单${lease.orderNo}`;
  } else if (order.threshold !== null) {
    throw businessError(`该优惠券月租金满${yuanText(order.threshold)}元可用，请指明租赁订单（leaseOrderNo）`);
  }
  const done = await markUsed(tx, order, channel);
  await grantStages(tx, done, done.usedAt ?? businessNow(), null);
  return done;
}

/**
 * Uses a coupon for its driver (the app) on what it names: a 商城订单, or rent (a lease order; none for a coupon
 * without 门槛). Answers the used coupon.
 */
export async function useCouponOrder(db: Db, tenantId: number, driverId: number, orderId: number, on: UseTarget = {}) {
  return db.transaction(async (tx) => {
    if (on.marketplaceOrderNo !== undefined && on.leaseOrderNo !== undefined) {
      throw businessError('商城订单与租赁订单只能指明一个');
    }
    const order = await heldOrder(tx, tenantId, driverId, orderId);
    if (on.marketplaceOrderNo !== undefined) return useOnMarketplaceOrder(tx, order, on.marketplaceOrderNo);
    return useOnRent(tx, order, on.leaseOrderNo);
  });
}
