import {
  beijingDay,
  type CouponStage,
  couponListingStates,
  couponUseStates,
  enums,
  maskSensitive,
  yuan,
} from '@cp/contracts';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { businessNow } from '../clock';
import type { Db, Executor, Tx } from '../db';
import { rowsOf } from '../db/migrate';
import { drivers } from '../drivers/tables';
import { businessError, notFound } from '../http/errors';
import { serialNumber } from '../orders/numbers';
import { couponMoney, couponOrders, couponTemplates } from './tables';

const { awaitingPayment, timedOut, unused, used, expired } = couponUseStates;

/** The days a coupon valid from its issue runs when its template names none. */
export const defaultValidDays = 30;

/** The payment window of a purchase when its coupon names none. */
export const defaultPayMinutes = 30;

/** 23:59:59 Beijing time of a day (`YYYY-MM-DD`): the last moment a coupon ending that day may be used. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59+08:00`);
const startOfDay = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** A day `days` after `day` (calendar days, Beijing dates). */
const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** The month (`YYYY-MM`) `offset` months after the Beijing month of `moment` (offset 1 = that month). */
function stageMonth(moment: Date, offset: number): string {
  const [year = 0, month = 1] = beijingDay(moment).split('-').map(Number);
  const index = year * 12 + (month - 1) + (offset - 1);
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The stages in words: 第1个月减200.00元；第2个月减200.00元. */
export const stageSummaryOf = (stages: readonly CouponStage[]) =>
  [...stages]
    .sort((a, b) => a.monthOffset - b.monthOffset)
    .map((stage) => `第${stage.monthOffset}个月减${yuan(stage.amount)}元`)
    .join('；');

type Template = typeof couponTemplates.$inferSelect;
type Order = typeof couponOrders.$inferSelect;

/** When a coupon issued (or paid for) at `at` may be used, from the terms it carries. */
function validityOf(
  terms: Pick<Order, 'validityType' | 'validDays'> & { fixedFrom?: string | null; fixedTo?: string | null },
  at: Date,
) {
  if (terms.validityType === 1 && terms.fixedFrom && terms.fixedTo) {
    return { validFrom: startOfDay(terms.fixedFrom), validTo: endOfDay(terms.fixedTo) };
  }
  const days = Math.max(1, terms.validDays ?? 1);
  return { validFrom: at, validTo: endOfDay(addDays(beijingDay(at), days - 1)) };
}

const lockKey = (tenantId: number, couponId: number, driverId: number) =>
  sql`select pg_advisory_xact_lock(hashtext(${`coupon-claim:${tenantId}:${couponId}:${driverId}`}))`;

/** Who issues: the app for a driver (created_by null) or a staff member. */
export interface Issuer {
  tenantId: number;
  userId: number | null;
  source: 1 | 2;
}

/**
 * Issues one coupon of a template to a driver: 上架, within its claim window, under the driver's limit (held
 * under a lock of the driver and coupon, so a double tap takes one), and only while issued < total — a
 * conditional update, so parallel claims never issue more than the stock. A free coupon is 未使用 at once, a
 * paid one 待支付 until its payment deadline. The terms and stages are copied onto the order. Answers it.
 */
export async function claimCoupon(db: Db, issuer: Issuer, couponId: number, driverId: number): Promise<Order> {
  return db.transaction(async (tx) => {
    const now = businessNow();
    await tx.execute(lockKey(issuer.tenantId, couponId, driverId));
    const [template] = await tx
      .select()
      .from(couponTemplates)
      .where(and(eq(couponTemplates.id, couponId), eq(couponTemplates.tenantId, issuer.tenantId)));
    if (!template) throw notFound('优惠券');
    if (template.listing !== couponListingStates.onShelf) throw businessError(`优惠券「${template.name}」已下架`);
    if (issuer.source === 1 && template.kind === 3) {
      throw businessError(`优惠券「${template.name}」为指定发放，不能在APP领取`);
    }
    if (now < template.claimStart || now > template.claimEnd) {
      throw businessError(`优惠券「${template.name}」不在领取时间内`);
    }
    // Sold out as read: refused without queueing on the template's row behind the claims in flight.
    if (template.issued >= template.totalStock) throw businessError(`优惠券「${template.name}」已领完`);
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(couponOrders)
      .where(
        and(
          eq(couponOrders.tenantId, issuer.tenantId),
          eq(couponOrders.driverId, driverId),
          eq(couponOrders.couponId, couponId),
          ne(couponOrders.status, timedOut),
        ),
      );
    if ((held?.n ?? 0) >= template.perDriverLimit) {
      throw businessError(`优惠券「${template.name}」每人限领${template.perDriverLimit}张，已领取${held?.n ?? 0}张`);
    }
    const [taken] = await tx
      .update(couponTemplates)
      .set({ issued: sql`${couponTemplates.issued} + 1` })
      .where(
        and(
          eq(couponTemplates.id, couponId),
          eq(couponTemplates.tenantId, issuer.tenantId),
          eq(couponTemplates.listing, couponListingStates.onShelf),
          lt(couponTemplates.issued, couponTemplates.totalStock),
        ),
      )
      .returning({ issued: couponTemplates.issued });
    if (!taken) throw businessError(`优惠券「${template.name}」已领完`);
    const [driver] = await tx
      .select({ mobile: drivers.mobile })
      .from(drivers)
      .where(and(eq(drivers.id, driverId), eq(drivers.tenantId, issuer.tenantId)));
    if (!driver) throw notFound('司机');
    const paid = template.kind === 2 && (template.price ?? 0) > 0;
    const [order] = await tx
      .insert(couponOrders)
      .values({
        tenantId: issuer.tenantId,
        createdBy: issuer.userId,
        updatedBy: issuer.userId,
        orderNo: await serialNumber({ tx }, 'QD', 'coupon_order_no_seq', 8, now),
        couponId,
        driverId,
        driverMobile: driver.mobile ? maskSensitive('mobile', driver.mobile) : null,
        kind: template.kind,
        price: paid ? (template.price ?? 0) : 0,
        status: paid ? awaitingPayment : unused,
        source: issuer.source,
        couponName: template.name,
        stages: template.stages,
        stageSummary: template.stageSummary,
        faceValue: template.faceValue,
        threshold: template.threshold,
        validityType: template.validityType,
        validDays: template.validDays,
        ...termsValidity(template, now, paid),
        payDeadline: paid ? new Date(now.getTime() + (template.payMinutes ?? defaultPayMinutes) * 60_000) : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!order) throw new Error('coupon order not stored');
    return order;
  });
}

/** A fixed window is known when issued; N days run from the payment of a purchase (set when it is paid). */
function termsValidity(template: Template, now: Date, paid: boolean) {
  if (template.validityType === 1) {
    return validityOf({ ...template, fixedFrom: template.validFrom, fixedTo: template.validTo }, now);
  }
  return paid ? { validFrom: null, validTo: null } : validityOf(template, now);
}

async function moneyRow(
  tx: Tx,
  order: Pick<Order, 'tenantId' | 'couponId' | 'id' | 'driverId'>,
  row: { kind: number; amount: number; month?: string | null; reference?: string | null; userId: number | null },
) {
  const now = businessNow();
  await tx.insert(couponMoney).values({
    tenantId: order.tenantId,
    createdBy: row.userId,
    updatedBy: row.userId,
    entryNo: await serialNumber({ tx }, 'QL', 'coupon_money_no_seq', 8, now),
    couponId: order.couponId,
    orderId: order.id,
    driverId: order.driverId,
    kind: row.kind,
    month: row.month ?? null,
    amount: row.amount,
    reference: row.reference ?? null,
    createdAt: now,
    updatedAt: now,
  });
}

const stateWords = (status: number) => `券订单当前为「${enums.couponUse.label(status)}」`;

/**
 * The app reports a purchase paid with its payment reference: 待支付 within the deadline → 未使用, the money
 * kept as a 售券收款 row. Reported again with the same reference, it answers the order as it is (nothing is
 * recorded twice); a reference another order holds, or an order past its deadline, is refused.
 */
export async function payCouponOrder(
  db: Db,
  tenantId: number,
  driverId: number,
  orderId: number,
  paymentRef: string,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const now = businessNow();
    const [order] = await tx
      .select()
      .from(couponOrders)
      .where(
        and(eq(couponOrders.id, orderId), eq(couponOrders.tenantId, tenantId), eq(couponOrders.driverId, driverId)),
      )
      .for('update');
    if (!order) throw notFound('券订单');
    if (order.paymentRef !== null) {
      if (order.paymentRef === paymentRef) return order;
      throw businessError(`${stateWords(order.status)}，已以其他支付流水号支付`);
    }
    if (order.status !== awaitingPayment) throw businessError(`${stateWords(order.status)}，不能支付`);
    if (order.payDeadline && now > order.payDeadline) throw businessError('券订单已超过支付时限，请重新下单');
    const [other] = await tx
      .select({ orderNo: couponOrders.orderNo })
      .from(couponOrders)
      .where(and(eq(couponOrders.tenantId, tenantId), eq(couponOrders.paymentRef, paymentRef)));
    if (other) throw businessError('支付流水号：已用于其他券订单');
    // A fixed window was set when issued; N days run from the payment.
    const window =
      order.validityType === 1 && order.validFrom && order.validTo
        ? { validFrom: order.validFrom, validTo: order.validTo }
        : validityOf(order, now);
    const [paid] = await tx
      .update(couponOrders)
      .set({
        status: unused,
        paymentRef,
        paidAt: now,
        ...window,
        updatedAt: now,
        version: sql`${couponOrders.version} + 1`,
      })
      .where(eq(couponOrders.id, order.id))
      .returning();
    await moneyRow(tx, order, { kind: 1, amount: order.price, reference: paymentRef, userId: null });
    if (!paid) throw new Error('coupon order not updated');
    return paid;
  });
}

/** Why a coupon cannot be used now, or null when it can. */
export function useRefusal(order: Pick<Order, 'status' | 'validFrom' | 'validTo'>, now: Date): string | null {
  if (order.status !== unused) return `${stateWords(order.status)}，不能使用`;
  if (order.validFrom && now < order.validFrom) {
    return `优惠券尚未到使用时间（${beijingDay(order.validFrom)}起可用）`;
  }
  if (!order.validTo || now > order.validTo) {
    return `优惠券已过有效期（${order.validTo ? beijingDay(order.validTo) : ''}止）`;
  }
  return null;
}

/** The rent discount of a used coupon, month by month from its own stages: a 租金抵扣 row per stage. */
export async function grantStages(tx: Tx, order: Order, usedAt: Date, userId: number | null) {
  for (const stage of [...order.stages].sort((a, b) => a.monthOffset - b.monthOffset)) {
    await moneyRow(tx, order, { kind: 3, amount: stage.amount, month: stageMonth(usedAt, stage.monthOffset), userId });
  }
}

/**
 * Uses a coupon for its driver (the app): a conditional update on 未使用 within its window, so two uses at
 * once use it once; the discount is then granted month by month. Answers the used order.
 */
export async function useCouponOrder(db: Db, tenantId: number, driverId: number, orderId: number): Promise<Order> {
  return db.transaction(async (tx) => {
    const now = businessNow();
    const [done] = await tx
      .update(couponOrders)
      .set({
        status: used,
        usedAt: now,
        useChannel: 'APP',
        updatedAt: now,
        version: sql`${couponOrders.version} + 1`,
      })
      .where(
        and(
          eq(couponOrders.id, orderId),
          eq(couponOrders.tenantId, tenantId),
          eq(couponOrders.driverId, driverId),
          eq(couponOrders.status, unused),
          sql`${couponOrders.validFrom} <= ${now.toISOString()}::timestamptz`,
          sql`${couponOrders.validTo} >= ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning();
    if (!done) {
      const [order] = await tx
        .select()
        .from(couponOrders)
        .where(
          and(eq(couponOrders.id, orderId), eq(couponOrders.tenantId, tenantId), eq(couponOrders.driverId, driverId)),
        );
      if (!order) throw notFound('券订单');
      throw businessError(useRefusal(order, now) ?? `${stateWords(order.status)}，不能使用`);
    }
    await grantStages(tx, done, now, null);
    return done;
  });
}

/**
 * Closes the purchases unpaid past their deadline (支付超时) and gives their stock back, in one transaction:
 * an order paid meanwhile is no longer 待支付 and is left alone. Answers how many were closed.
 */
export async function closeUnpaidOrders(db: Executor): Promise<number> {
  const now = businessNow().toISOString();
  const closed = await db.execute(sql`
    with closed as (
      update ${couponOrders} set status = ${timedOut}, closed_at = ${now}::timestamptz, updated_at = ${now}::timestamptz,
        version = version + 1
      where status = ${awaitingPayment} and pay_deadline < ${now}::timestamptz
      returning tenant_id, coupon_id
    ), returned as (
      update ${couponTemplates} t set issued = t.issued - c.n
      from (select tenant_id, coupon_id, count(*)::int as n from closed group by tenant_id, coupon_id) c
      where t.id = c.coupon_id and t.tenant_id = c.tenant_id
      returning c.n
    )
    select coalesce(sum(n), 0)::int as n from returned`);
  return Number(rowsOf<{ n: number }>(closed)[0]?.n ?? 0);
}

/** Marks 已过期 the unused coupons whose end has passed. Answers how many. */
export async function expireCoupons(db: Executor): Promise<number> {
  const now = businessNow().toISOString();
  const gone = await db
    .update(couponOrders)
    .set({ status: expired, closedAt: sql`${now}::timestamptz`, updatedAt: sql`${now}::timestamptz` })
    .where(and(eq(couponOrders.status, unused), sql`${couponOrders.validTo} < ${now}::timestamptz`))
    .returning({ id: couponOrders.id });
  return gone.length;
}
