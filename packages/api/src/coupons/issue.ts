import {
  beijingDay,
  type CouponStage,
  couponListingStates,
  couponUseStates,
  enums,
  maskSensitive,
  yuan,
} from '@cp/contracts';
import { and, eq, lt, notInArray, sql } from 'drizzle-orm';
import { businessNow } from '../clock';
import type { Db, Tx } from '../db';
import { drivers } from '../drivers/tables';
import { businessError, notFound } from '../http/errors';
import { serialNumber } from '../orders/numbers';
import { couponMoney, couponOrders, couponTemplates, couponTemplateTags } from './tables';

const { awaitingPayment, timedOut, unused, refunded } = couponUseStates;

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

export type Template = typeof couponTemplates.$inferSelect;
export type Order = typeof couponOrders.$inferSelect;

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

/** The 适用商品标签 of a template now, copied onto each coupon issued of it. */
export async function templateTagIds(tx: Tx, tenantId: number, couponId: number) {
  const rows = await tx
    .select({ tagId: couponTemplateTags.tagId })
    .from(couponTemplateTags)
    .where(and(eq(couponTemplateTags.tenantId, tenantId), eq(couponTemplateTags.couponId, couponId)));
  return rows.map((row) => row.tagId).sort((a, b) => a - b);
}

/** The coupons of a template a driver holds against its limit: all but the timed-out and refunded. */
async function heldCount(tx: Tx, tenantId: number, couponId: number, driverId: number) {
  const [held] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(couponOrders)
    .where(
      and(
        eq(couponOrders.tenantId, tenantId),
        eq(couponOrders.driverId, driverId),
        eq(couponOrders.couponId, couponId),
        notInArray(couponOrders.status, [timedOut, refunded]),
      ),
    );
  return Number(held?.n ?? 0);
}

/**
 * Issues one coupon of a template to a driver, in the caller's transaction: `issued = issued + 1 where issued <
 * total_stock` (and 上架 for the app) — a conditional update, so parallel issues never pass the stock — then the
 * driver's limit counted while that update holds the template's row, so a claim and a 指定发放 racing for one
 * driver see each other. The app's claim of a 付费购买 coupon is 待支付; a free claim and every 指定发放 are 未使用
 * at once. The terms, stages and tags are copied onto the order.
 */
export async function issueOne(
  tx: Tx,
  issuer: Issuer,
  template: Template,
  driver: { id: number; mobile: string | null; name?: string },
  tagIds: number[],
): Promise<Order> {
  const now = businessNow();
  const app = issuer.source === 1;
  if (template.validityType === 1 && template.validTo && now > endOfDay(template.validTo)) {
    throw businessError(`优惠券「${template.name}」的使用期已结束（${template.validTo}止），不能发放`);
  }
  const [taken] = await tx
    .update(couponTemplates)
    .set({ issued: sql`${couponTemplates.issued} + 1` })
    .where(
      and(
        eq(couponTemplates.id, template.id),
        eq(couponTemplates.tenantId, issuer.tenantId),
        app ? eq(couponTemplates.listing, couponListingStates.onShelf) : undefined,
        lt(couponTemplates.issued, couponTemplates.totalStock),
      ),
    )
    .returning({ issued: couponTemplates.issued });
  if (!taken) throw businessError(`优惠券「${template.name}」已领完`);
  const held = await heldCount(tx, issuer.tenantId, template.id, driver.id);
  if (held >= template.perDriverLimit) {
    const who = driver.name ? `司机${driver.name}` : '';
    throw businessError(`${who}优惠券「${template.name}」每人限领${template.perDriverLimit}张，已领取${held}张`);
  }
  const paid = app && template.kind === 2 && (template.price ?? 0) > 0;
  const [order] = await tx
    .insert(couponOrders)
    .values({
      tenantId: issuer.tenantId,
      createdBy: issuer.userId,
      updatedBy: issuer.userId,
      orderNo: await serialNumber({ tx }, 'QD', 'coupon_order_no_seq', 8, now),
      couponId: template.id,
      driverId: driver.id,
      driverMobile: driver.mobile ? maskSensitive('mobile', driver.mobile) : null,
      kind: app ? template.kind : 3,
      price: paid ? (template.price ?? 0) : 0,
      status: paid ? awaitingPayment : unused,
      source: issuer.source,
      couponName: template.name,
      stages: template.stages,
      stageSummary: template.stageSummary,
      faceValue: template.faceValue,
      threshold: template.threshold,
      tagIds,
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
}

/**
 * The app's claim (or purchase) of a coupon for its driver: 上架, not 指定发放, within its claim window; a lock of
 * the driver and coupon makes a double tap take one. Answers the order.
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
    if (template.kind === 3) throw businessError(`优惠券「${template.name}」为指定发放，不能在APP领取`);
    if (now < template.claimStart || now > template.claimEnd) {
      throw businessError(`优惠券「${template.name}」不在领取时间内`);
    }
    // Sold out as read: refused without queueing on the template's row behind the claims in flight.
    if (template.issued >= template.totalStock) throw businessError(`优惠券「${template.name}」已领完`);
    const [driver] = await tx
      .select({ id: drivers.id, mobile: drivers.mobile })
      .from(drivers)
      .where(and(eq(drivers.id, driverId), eq(drivers.tenantId, issuer.tenantId)));
    if (!driver) throw notFound('司机');
    return issueOne(tx, issuer, template, driver, await templateTagIds(tx, issuer.tenantId, couponId));
  });
}

/** A fixed window is known when issued; N days run from the payment of a purchase (set when it is paid). */
function termsValidity(template: Template, now: Date, paid: boolean) {
  if (template.validityType === 1) {
    return validityOf({ ...template, fixedFrom: template.validFrom, fixedTo: template.validTo }, now);
  }
  return paid ? { validFrom: null, validTo: null } : validityOf(template, now);
}

export async function moneyRow(
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
