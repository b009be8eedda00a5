import { overdueCaseStates, receivableStates } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { businessNowSql } from '../clock';
import type { Executor } from '../db';

/**
 * Brings the overdue accounts of a branch company (or of these orders) in step with their receivables: an
 * order owing money past due has one open account with its days (the oldest), money overdue (late fees
 * included), level, bad-debt flag and collector group; an open account whose order owes nothing past due
 * any more is closed (已结清). Called by the overdue job for every order and by payments for theirs.
 */
export async function syncOverdueCases(tx: Executor, tenantId: number, orderIds?: readonly number[]): Promise<void> {
  const only = (column: string) =>
    orderIds ? sql`and ${sql.raw(column)} = any(${`{${orderIds.join(',')}}`}::bigint[])` : sql``;
  await tx.execute(sql`
    with owed as (
      select r.order_id, max(r.overdue_days) as days,
        sum(r.amount + r.late_fee - r.received - r.relieved) as amount, sum(r.late_fee) as fee,
        min(r.due_date) as first_due
      from order_receivables r
      where r.tenant_id = ${tenantId} and r.status = ${receivableStates.overdue} ${only('r.order_id')}
      group by r.order_id
    ), opened as (
      insert into overdue_cases (tenant_id, order_id, driver_id, vehicle_id, city_id, overdue_days, overdue_amount,
        late_fee, level_id, bad_debt, collector_role_id, first_overdue_date, created_at, updated_at)
      select ${tenantId}, o.id, o.driver_id, o.vehicle_id, o.city_id, owed.days, owed.amount, owed.fee, l.id,
        coalesce(l.bad_debt, false), l.collector_role_id, owed.first_due, ${businessNowSql()}, ${businessNowSql()}
      from owed
      join lease_orders o on o.id = owed.order_id
      left join bad_debt_levels l on l.tenant_id = ${tenantId} and owed.days >= l.min_days
        and (l.max_days is null or owed.days <= l.max_days)
      order by o.id
      on conflict (order_id) where status = 1 do update set
        overdue_days = excluded.overdue_days, overdue_amount = excluded.overdue_amount,
        late_fee = excluded.late_fee, level_id = excluded.level_id, bad_debt = excluded.bad_debt,
        collector_role_id = excluded.collector_role_id, first_overdue_date = excluded.first_overdue_date,
        updated_at = ${businessNowSql()}
      where (overdue_cases.overdue_days, overdue_cases.overdue_amount, overdue_cases.late_fee,
          overdue_cases.level_id, overdue_cases.bad_debt)
        is distinct from (excluded.overdue_days, excluded.overdue_amount, excluded.late_fee, excluded.level_id,
          excluded.bad_debt)
      returning 1
    )
    update overdue_cases c set status = ${overdueCaseStates.closed}, overdue_amount = 0, late_fee = 0,
      closed_at = ${businessNowSql()}, updated_at = ${businessNowSql()}, version = c.version + 1
    where c.tenant_id = ${tenantId} and c.status = ${overdueCaseStates.open} ${only('c.order_id')}
      and not exists (select 1 from owed where owed.order_id = c.order_id)`);
}
