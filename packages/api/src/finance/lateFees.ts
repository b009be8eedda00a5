import { type LateFee, lateFeeOnDay, lateFeeTerms, leaseOrderStates, type PrincipalMovement } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db';
import { rowsOf } from '../db/migrate';
import { oneOffKinds } from '../orders/deposits';

/** 滞纳金: a receivable of late fee earns none itself. */
export const lateFeeKind = 7;
/** 押金: held money, not a debt — an unpaid one is simply not held, and earns no late fee. */
export const depositKind = oneOffKinds.deposit;
/**
 * 退车结算款: what a return settlement leaves the driver owing. Late fees stop at the settlement, so it earns
 * none; it still ages past its due date and opens an overdue account (collected, and bad debt in time).
 */
export const settlementKind = 6;
/** Whether a receivable of this kind earns late fee. */
const earnsLateFee = (kind: number) => kind !== lateFeeKind && kind !== depositKind && kind !== settlementKind;

const idList = (ids: readonly number[]) => `{${ids.join(',')}}`;

/**
 * The principal movements of these receivables, as the late-fee rule reads them: each payment allocation on
 * its payment's 到账日期, given back on the day its payment was reversed (Beijing), each relief line on the
 * day it was approved.
 */
async function principalMovements(tx: Executor, ids: readonly number[]): Promise<Map<number, PrincipalMovement[]>> {
  const byId = new Map<number, PrincipalMovement[]>();
  if (ids.length === 0) return byId;
  const rows = rowsOf<{ id: string; day: string; amount: string }>(
    await tx.execute(sql`
      select a.receivable_id::text as id, p.paid_on::text as day, a.amount::text as amount
      from payment_allocations a join payments p on p.id = a.payment_id
      where a.receivable_id = any(${idList(ids)}::bigint[])
      union all
      select a.receivable_id::text, ((p.reversed_at at time zone 'Asia/Shanghai')::date)::text, (-a.amount)::text
      from payment_allocations a join payments p on p.id = a.payment_id
      where a.receivable_id = any(${idList(ids)}::bigint[]) and a.reversed and p.reversed_at is not null
      union all
      select l.receivable_id::text, l.relieved_on::text, l.amount::text from bill_relief_lines l
      where l.receivable_id = any(${idList(ids)}::bigint[])`),
  );
  for (const row of rows) {
    const id = Number(row.id);
    byId.set(id, [...(byId.get(id) ?? []), { day: row.day, amount: Number(row.amount) }]);
  }
  return byId;
}

/** A receivable as the rule needs it. */
export interface RuledReceivable {
  id: number;
  kind: number;
  dueDate: string;
  amount: number;
}

/**
 * The rule's late fee and overdue days of these receivables in the books of `day` (`lateFeeOnDay`: the fee
 * of the days ended, the overdue days counting today), with `extra` movements added (a payment or relief
 * being recorded): the order's grace days and rate, the 坏账分级 level's rate (for the days
 * overdue) only where the order has none. Receivables of an order 已取消 or 已完成 (but by its renewal starting:
 * what it still owes is owed as before), and those of kinds earning none (滞纳金, 押金, 退车结算款) are left out.
 */
export async function lateFeesByRule(
  tx: Executor,
  tenantId: number,
  receivables: readonly RuledReceivable[],
  day: string,
  extra: ReadonlyMap<number, readonly PrincipalMovement[]> = new Map(),
): Promise<Map<number, LateFee>> {
  const result = new Map<number, LateFee>();
  const due = receivables.filter((row) => row.dueDate < day && earnsLateFee(row.kind));
  if (due.length === 0) return result;
  const ids = due.map((row) => row.id);
  const terms = rowsOf<{ id: string; grace_days: number; late_fee_rate: number; status: number; renewed: boolean }>(
    await tx.execute(sql`
      select r.id::text, o.grace_days, o.late_fee_rate, o.status,
        exists (select 1 from lease_orders n where n.renewed_from_id = o.id and n.tenant_id = o.tenant_id) as renewed
      from order_receivables r
      join lease_orders o on o.id = r.order_id where r.id = any(${idList(ids)}::bigint[])`),
  );
  const termsOf = new Map(terms.map((row) => [Number(row.id), row]));
  const levels = rowsOf<{ min_days: number; max_days: number | null; late_fee_rate: number }>(
    await tx.execute(sql`
      select min_days, max_days, late_fee_rate from bad_debt_levels where tenant_id = ${tenantId} order by min_days`),
  );
  const levelRate = (days: number) =>
    days > 0
      ? levels.find((level) => days >= level.min_days && (level.max_days === null || days <= level.max_days))
          ?.late_fee_rate
      : undefined;
  const moved = await principalMovements(tx, ids);
  for (const row of due) {
    const order = termsOf.get(row.id);
    // Cancelled or done, an order's late fees stopped — but one done by its renewal starting still owes as before.
    const done = order?.status === leaseOrderStates.completed && !order.renewed;
    if (!order || order.status === leaseOrderStates.cancelled || done) continue;
    const movements = [...(moved.get(row.id) ?? []), ...(extra.get(row.id) ?? [])];
    const input = { amount: row.amount, dueDate: row.dueDate, day, movements };
    const own = { graceDays: order.grace_days, lateFeeRate: order.late_fee_rate };
    const first = lateFeeOnDay({ ...input, terms: lateFeeTerms(own) });
    result.set(
      row.id,
      order.late_fee_rate > 0
        ? first
        : lateFeeOnDay({ ...input, terms: lateFeeTerms(own, levelRate(first.overdueDays)) }),
    );
  }
  return result;
}

/** The last day the overdue job did for a branch company, or null before its first run. */
export async function lastOverdueDay(tx: Executor, tenantId: number): Promise<string | null> {
  const [row] = rowsOf<{ day: string | null }>(
    await tx.execute(sql`select max(day)::text as day from overdue_day_runs where tenant_id = ${tenantId}`),
  );
  return row?.day ?? null;
}

/**
 * What these receivables' late fee and overdue days are if their principal still owed is paid (or relieved)
 * on `day`: the books of that day or of the job's last day, whichever is later — the late fee of the days
 * ended before it, so a day the job has not yet done is charged all the same, and the day itself is not
 * (it ends owing nothing).
 */
export async function lateFeesIfCleared(
  tx: Executor,
  tenantId: number,
  receivables: readonly (RuledReceivable & { received: number; relieved: number })[],
  day: string,
): Promise<Map<number, LateFee>> {
  const last = await lastOverdueDay(tx, tenantId);
  const booksDay = last && last > day ? last : day;
  const owing = receivables.filter((row) => row.amount - row.received - row.relieved > 0);
  const extra = new Map(
    owing.map((row) => [row.id, [{ day, amount: row.amount - row.received - row.relieved }] as PrincipalMovement[]]),
  );
  return lateFeesByRule(tx, tenantId, owing, booksDay, extra);
}
