import { addDays, billStates, collectibleStates, leaseOrderStates, receivableStates } from '@cp/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { businessToday } from '../clock';
import type { Db, Executor } from '../db';
import { rowsOf } from '../db/migrate';
import type { RoutePlugin } from '../http/schemas';
import { tenants } from '../identity/tables';
import { defineJobKind } from '../jobs/kinds';
import { orderReceivables } from '../orders/tables';
import { refreshBills } from './bill-money';
import { billingJob, catchUpDaysMax } from './billing';
import { depositKind, lateFeeKind, settlementKind } from './lateFees';
import { syncOverdueCases } from './overdue-cases';
import { badDebtLevels, overdueDayRuns } from './tables';
import { refreshRentTrends } from './trends';

const r = orderReceivables;
const l = badDebtLevels;

/** A constant written into the statement (a state, a kind): typed by its column, not a parameter. */
const n = (value: number) => sql.raw(String(value));

export interface DayRun {
  day: string;
  receivables: number;
  lateFees: number;
}

/**
 * Does one Beijing day of a branch company's books, once, by the one late-fee rule (`lateFeeOnDay` in
 * contracts): every receivable past its due date that still owes, or whose principal moved since the day
 * done before, gets its 逾期 days, its 坏账分级 level and its late fee SET to the rule's value on `day` —
 * summed in SQL from its principal movements (payment allocations on their payment's 到账日期, reversals on
 * the day they were made, reliefs on the day they were approved): the principal owed at the end of each
 * day ended after the due date times the order's daily rate (the level's only where the order has none),
 * nothing if it was paid within the order's grace days; the overdue days count today while the principal
 * was owed when yesterday ended. So a receivable paid late accrues from its due date however late the job
 * first saw it, a day missed and caught up gives the same figures, and money taken on the day pays exactly
 * the late fee the day's books show. Receivables of an order 已取消 or 已完成 (but the 退车结算款 a
 * settlement left, which ages and earns none), cancelled ones and those of a bill 已关停 are left as they are
 * (they accrue no more); an order done by its renewal starting still owes what it owed. 滞纳金, 押金 and
 * 退车结算款 receivables earn no late fee. The day is recorded
 * in the same transaction (`overdue_day_runs`), so a day already done — by this process or another racing
 * it — answers null and changes nothing.
 */
export async function runOverdueDay(db: Db, tenantId: number, day: string): Promise<DayRun | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`overdue:${tenantId}`}))`);
    const [claimed] = await tx
      .insert(overdueDayRuns)
      .values({ tenantId, day, receivables: 0 })
      .onConflictDoNothing()
      .returning({ day: overdueDayRuns.day });
    if (!claimed) return null;
    const [done] = rowsOf<{ receivables: number; late_fees: string | null }>(
      await tx.execute(lateFeeDaySql(tenantId, day)),
    );
    await syncOverdueCases(tx, tenantId);
    await refreshBills(tx, tenantId);
    const run = { day, receivables: done?.receivables ?? 0, lateFees: Number(done?.late_fees ?? 0) };
    await tx
      .update(overdueDayRuns)
      .set({ receivables: run.receivables, lateFees: run.lateFees, finishedAt: new Date() })
      .where(sql`${overdueDayRuns.tenantId} = ${tenantId} and ${overdueDayRuns.day} = ${day}::date`);
    return run;
  });
}

/**
 * The day's statement: `lateFeeOnDay` over every receivable it may change, set-based. Answers how many
 * receivables changed and the late fee they gained (fen).
 */
function lateFeeDaySql(tenantId: number, day: string) {
  const states = sql.raw(collectibleStates.join(', '));
  const d = sql`${day}::date`;
  return sql`
    with prev as (
      -- The day done before: movements on it (recorded after its run) or later may change what it set (a first
      -- run looks at the day before only).
      select coalesce(max(day), ${d} - 1) as day from overdue_day_runs where tenant_id = ${tenantId} and day < ${d}
    ), touched as (
      select r.id from order_receivables r
      where r.tenant_id = ${tenantId} and r.status in (${states}) and r.due_date < ${d}
      union
      select a.receivable_id from payments p join payment_allocations a on a.payment_id = p.id
      where p.tenant_id = ${tenantId} and p.paid_on >= (select day from prev) and p.paid_on <= ${d}
      union
      select a.receivable_id from payments p join payment_allocations a on a.payment_id = p.id and a.reversed
      where p.tenant_id = ${tenantId} and p.reversed_at is not null
        and p.reversed_at >= (select day from prev)::timestamp at time zone 'Asia/Shanghai'
        and p.reversed_at < (${d} + 1)::timestamp at time zone 'Asia/Shanghai'
      union
      select l.receivable_id from bill_relief_lines l
      where l.tenant_id = ${tenantId} and l.relieved_on >= (select day from prev) and l.relieved_on <= ${d}
    ), c as (
      -- Locked in id order, as payments lock them, so the job and a payment never deadlock.
      select r.id, r.kind, r.amount, r.received, r.relieved, r.late_fee, r.overdue_days, r.level_id, r.status,
        r.due_date as due, greatest(o.grace_days, 0) as grace, o.late_fee_rate as own_rate
      from order_receivables r
      join lease_orders o on o.id = r.order_id
      where r.id in (select id from touched) and r.tenant_id = ${tenantId}
        and r.status <> ${n(receivableStates.void)} and r.due_date < ${d}
        and (o.status not in (${n(leaseOrderStates.cancelled)}, ${n(leaseOrderStates.completed)})
          -- Done by its settlement, an order owes only what the settlement left (退车结算款): it ages, earns none.
          -- Done by its renewal starting, what it still owes is owed as before.
          or (o.status = ${n(leaseOrderStates.completed)} and (r.kind = ${n(settlementKind)}
            or exists (select 1 from lease_orders n where n.renewed_from_id = o.id and n.tenant_id = o.tenant_id))))
        and (r.bill_id is null or not exists (
          select 1 from bills b where b.id = r.bill_id and b.status = ${n(billStates.shut)}))
      order by r.id
      for update of r
    ), mv as (
      -- Principal moved: received (a payment's allocation on its 到账日期), given back (its reversal's day),
      -- relieved (an approved relief's day).
      select a.receivable_id as id, p.paid_on as day, a.amount
      from payment_allocations a join payments p on p.id = a.payment_id
      where a.receivable_id in (select id from c)
      union all
      select a.receivable_id, (p.reversed_at at time zone 'Asia/Shanghai')::date, -a.amount
      from payment_allocations a join payments p on p.id = a.payment_id
      where a.receivable_id in (select id from c) and a.reversed and p.reversed_at is not null
      union all
      select l.receivable_id, l.relieved_on, l.amount from bill_relief_lines l
      where l.receivable_id in (select id from c)
    ), by_day as (
      select id, day, sum(amount) as amount from mv where day < ${d} group by id, day
    ), points as (
      -- The due date (all that moved by then) and each later day something moved, up to the day before: the
      -- day's books charge the days ended (lateFeeOnDay).
      select c.id, c.due as day, true as anchor, coalesce(sum(m.amount) filter (where m.day <= c.due), 0) as moved
      from c left join by_day m on m.id = c.id
      group by c.id, c.due
      union all
      select m.id, m.day, false, m.amount from by_day m join c on c.id = m.id where m.day > c.due
    ), stretches as (
      -- Days [start, next) all end owing the same principal.
      select points.id, greatest(c.amount - sum(points.moved) over w, 0) as owed,
        case when points.anchor then points.day + 1 else points.day end as start,
        coalesce(lead(points.day) over w, ${d}) as next,
        c.due, c.grace
      from points join c on c.id = points.id
      window w as (partition by points.id order by points.day)
    ), summed as (
      select id,
        coalesce(sum(owed::numeric * (next - start)) filter (where next > start), 0) as weighted,
        max(next - 1) filter (where owed > 0 and next > start) as last_owing,
        coalesce(bool_or(owed > 0 and next > start and next - 1 > due + grace), false) as late,
        coalesce(max(owed) filter (where next = ${d}), 0) as owing
      from stretches group by id
    ), aged as (
      select c.*, s.weighted, s.late,
        case when s.owing > 0 then ${d} - c.due when s.last_owing is null then 0 else s.last_owing + 1 - c.due end
          as days
      from c join summed s on s.id = c.id
    ), levelled as (
      select aged.*, lv.id as new_level, lv.late_fee_rate as level_rate
      from aged
      left join lateral (
        select l.id, l.late_fee_rate from bad_debt_levels l
        where l.tenant_id = ${tenantId} and aged.days > 0 and aged.days >= l.min_days
          and (l.max_days is null or aged.days <= l.max_days)
        order by l.min_days limit 1
      ) lv on true
    ), ruled as (
      select levelled.*,
        greatest(
          case when levelled.kind in (${n(lateFeeKind)}, ${n(depositKind)}, ${n(settlementKind)}) or not levelled.late then 0
            else floor(levelled.weighted
              * (case when levelled.own_rate > 0 then levelled.own_rate else coalesce(levelled.level_rate, 0) end)
              / 10000) end,
          -- Late fee already received or relieved is never given back by the job.
          levelled.received + levelled.relieved - levelled.amount,
          0)::bigint as fee
      from levelled
    ), settled as (
      select ruled.*,
        case
          when ruled.amount + ruled.fee - ruled.received - ruled.relieved <= 0 then
            case when ruled.received = 0 and ruled.relieved > 0 then ${n(receivableStates.relieved)}
              else ${n(receivableStates.paid)} end
          when ruled.days > 0 then ${n(receivableStates.overdue)}
          when ruled.received > 0 then ${n(receivableStates.partlyPaid)}
          else ${n(receivableStates.open)} end as new_status
      from ruled
    ), changed as (
      update order_receivables r set
        overdue_days = settled.days, level_id = settled.new_level, late_fee = settled.fee,
        status = settled.new_status
      from settled
      where r.id = settled.id
        and (r.overdue_days, r.level_id, r.late_fee, r.status)
          is distinct from (settled.days, settled.new_level, settled.fee, settled.new_status)
      returning settled.fee - settled.late_fee as gained
    )
    select count(*)::int as receivables, coalesce(sum(gained), 0)::text as late_fees from changed`;
}

/** The last day done for a branch company, or null before its first run. */
async function lastDay(db: Executor, tenantId: number): Promise<string | null> {
  const [row] = await db
    .select({ day: sql<string | null>`max(${overdueDayRuns.day})::text` })
    .from(overdueDayRuns)
    .where(eq(overdueDayRuns.tenantId, tenantId));
  return row?.day ?? null;
}

/**
 * Every branch company's days not yet done, up to `today`, in order: after downtime the missed days are
 * done one by one (each day's late fee on what was owed when the job caught up), at most a year back; a
 * first run does today only.
 */
export async function catchUpOverdue(db: Db, today = businessToday()): Promise<DayRun[]> {
  const runs: DayRun[] = [];
  for (const tenant of await db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id))) {
    const last = await lastDay(db, tenant.id);
    let day = last ? addDays(last, 1) : today;
    const earliest = addDays(today, -(catchUpDaysMax - 1));
    if (day < earliest) day = earliest;
    for (; day <= today; day = addDays(day, 1)) {
      const run = await runOverdueDay(db, tenant.id, day);
      if (run) runs.push(run);
    }
  }
  return runs;
}

/**
 * 逾期 every hour: a run does the Beijing days not yet done (normally none, or the day just begun), then adds
 * the trend figures up again. The
 * queue runs one at a time across processes; the day's record makes a day's work happen once even so.
 */
const overdueJob = defineJobKind<Record<string, never>>({
  kind: 'finance.overdue',
  everyMs: 3600_000,
  run: async ({ db }) => {
    const runs = await catchUpOverdue(db);
    for (const tenant of await db.select({ id: tenants.id }).from(tenants)) await refreshRentTrends(db, tenant.id);
    return { days: runs.length, receivables: runs.reduce((sum, run) => sum + run.receivables, 0) };
  },
});

/**
 * Files a branch company's overdue receivables and accounts again under the levels as they now are (a
 * 坏账分级 range or its 计入坏账 changed): their days stay, their level, bad-debt flag and collector group
 * follow. Under the same lock as the job's day, so the two never interleave.
 */
async function reclassifyOverdue(db: Db, tenantId: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`overdue:${tenantId}`}))`);
    const [done] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with due as (
          select ${r.id} as id, ${r.overdueDays} as days, ${r.levelId} as level_id from ${r}
          where ${r.tenantId} = ${tenantId} and ${r.status} = ${n(receivableStates.overdue)}
          order by ${r.id}
          for update
        ), levelled as (
          select due.id, (select ${l.id} from ${l} where ${l.tenantId} = ${tenantId} and due.days >= ${l.minDays}
            and (${l.maxDays} is null or due.days <= ${l.maxDays}) order by ${l.minDays} limit 1) as level_id,
            due.level_id as was
          from due
        ), changed as (
          update ${r} set level_id = levelled.level_id from levelled
          where ${r.id} = levelled.id and levelled.level_id is distinct from levelled.was
          returning 1
        )
        select count(*)::int as n from changed`),
    );
    await syncOverdueCases(tx, tenantId);
    return done?.n ?? 0;
  });
}

/** Queued by a change of 坏账分级配置: the branch company's overdue money filed again under the new levels. */
export const reclassifyJob = defineJobKind<{ tenantId: number }>({
  kind: 'finance.reclassify',
  run: async ({ db, job }) => ({ receivables: await reclassifyOverdue(db, job.payload.tenantId) }),
});

/** What the finance section runs besides its families' routes: the billing and overdue jobs, reclassification. */
export const financeRoutes: RoutePlugin<{ db: Db }> = async (app) => {
  app.jobs.define(billingJob);
  app.jobs.define(overdueJob);
  app.jobs.define(reclassifyJob);
};
