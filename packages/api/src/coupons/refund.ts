import { beijingDay } from '@cp/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import { businessNow } from '../clock';
import type { Tx } from '../db';
import { businessError } from '../http/errors';
import { moneyRow } from './issue';
import { couponTemplates } from './tables';

/** Who refunds: the branch company and the staff member. */
export interface Actor {
  tenantId: number;
  userId: number | null;
}

interface Refunded {
  id: number;
  tenantId: number;
  couponId?: unknown;
  driverId?: unknown;
  price?: unknown;
  paidAt?: unknown;
  paymentRef?: unknown;
  validTo?: unknown;
}

/**
 * 退款 of a bought coupon still 未使用 (the row locked by the lifecycle's runner, which moves it to 已退款): refused
 * once its validity has ended, even before the expiry job ran. Its price goes back as a 收款冲回 row of its own
 * (negative; the 售券收款 row is never touched) and its one of the stock returns to the template.
 */
export async function refundCoupon(tx: Tx, actor: Actor, order: Refunded) {
  const price = Number(order.price);
  if (!(price > 0) || order.paidAt == null) throw businessError('券订单未支付，不能退款');
  const now = businessNow();
  const validTo = order.validTo == null ? null : new Date(order.validTo as string);
  if (validTo && now > validTo) throw businessError(`优惠券已过有效期（${beijingDay(validTo)}止），不能退款`);
  const couponId = Number(order.couponId);
  await tx
    .update(couponTemplates)
    .set({ issued: sql`${couponTemplates.issued} - 1` })
    .where(
      and(
        eq(couponTemplates.id, couponId),
        eq(couponTemplates.tenantId, actor.tenantId),
        gt(couponTemplates.issued, 0),
      ),
    );
  await moneyRow(
    tx,
    { id: order.id, tenantId: actor.tenantId, couponId, driverId: Number(order.driverId) },
    {
      kind: 2,
      amount: -price,
      reference: order.paymentRef == null ? null : String(order.paymentRef),
      userId: actor.userId,
    },
  );
}
