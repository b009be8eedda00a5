import { couponUseStates } from '@cp/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { businessNow } from '../clock';
import type { Executor } from '../db';
import { rowsOf } from '../db/migrate';
import { couponOrders, couponTemplates } from './tables';

const { awaitingPayment, timedOut, unused, expired } = couponUseStates;

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
