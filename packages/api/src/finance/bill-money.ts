import { billStates, receivableStates } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { businessNowSql } from '../clock';
import type { Executor } from '../db';

/**
 * A bill's money is its receivables' added up (void ones left out: a bill all of whose receivables were
 * cancelled owes nothing), and its state follows the money while
 * it is being collected: 已结清 once nothing is owed, 逾期 while a receivable is overdue, 部分收款 once
 * something came in, 待收款 before. A bill 未激活 or 已关停 keeps its state. These bills, or every bill of
 * the branch company with an overdue receivable (the overdue job's day).
 */
export async function refreshBills(tx: Executor, tenantId: number, billIds?: readonly number[]): Promise<void> {
  if (billIds && billIds.length === 0) return;
  const which = billIds
    ? sql`b.id = any(${`{${billIds.join(',')}}`}::bigint[])`
    : sql`b.id in (select r.bill_id from order_receivables r where r.tenant_id = ${tenantId}
        and r.status = ${receivableStates.overdue} and r.bill_id is not null)`;
  const collecting = [billStates.open, billStates.partlyPaid, billStates.settled, billStates.overdue];
  await tx.execute(sql`
    with target as (select b.id from bills b where b.tenant_id = ${tenantId} and ${which}),
    -- From the bills, not their receivables: a bill whose every receivable was cancelled sums to nothing.
    sums as (
      select t.id as bill_id, coalesce(sum(r.amount), 0) as amount, coalesce(sum(r.late_fee), 0) as late_fee,
        coalesce(sum(r.received), 0) as received, coalesce(sum(r.relieved), 0) as relieved,
        coalesce(bool_or(r.status = ${receivableStates.overdue}), false) as overdue, min(r.due_date) as due_date
      from target t
      left join order_receivables r on r.bill_id = t.id and r.tenant_id = ${tenantId}
        and r.status <> ${receivableStates.void}
      group by t.id
    )
    update bills b set amount = sums.amount, late_fee = sums.late_fee, received = sums.received,
      relieved = sums.relieved, due_date = coalesce(sums.due_date, b.due_date),
      status = case
        when b.status not in (${sql.join(
          collecting.map((state) => sql`${state}`),
          sql`, `,
        )}) then b.status
        when sums.amount + sums.late_fee - sums.received - sums.relieved <= 0 then ${billStates.settled}
        when sums.overdue then ${billStates.overdue}
        when sums.received > 0 then ${billStates.partlyPaid}
        else ${billStates.open} end,
      updated_at = ${businessNowSql()}
    from sums
    where b.id = sums.bill_id and b.tenant_id = ${tenantId}`);
}
