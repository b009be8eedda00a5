import { addDays, collectibleStates, receivableStates } from '@cp/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db';
import { rowsOf } from '../db/migrate';
import type { RoutePlugin } from '../http/schemas';
import { tenants } from '../identity/tables';
import { defineJobKind } from '../jobs/kinds';
import { beijingDay } from '../leads/counts';
import { orderReceivables } from '../orders/tables';
import { refreshBills } from './bill-money';
import { syncOverdueCases } from './collection';
import { badDebtLevels, overdueDayRuns } from './tables';
import { refreshRentTrends } from './trends';

/** The most days one run catches up (a year): an older gap is a configuration problem, not downtime. */
export const catchUpDaysMax = 366;

const r = orderReceivables;
const l = badDebtLevels;

export interface DayRun {
  day: string;
  receivables: number;
  lateFees: number;
}

/**
 * Does one Beijing day of a branch company's books, once: every receivable still owing past its due date is
 * 逾期, its overdue days counted to the day, filed under the 坏账分级 level those days fall in, and charged
 * that level's daily late fee on what it still owes of its amount (the late fee itself earns none, nor does a
 * deposit: it is held money, not a debt — an unpaid one is simply not held). The day
 * is recorded in the same transaction (`overdue_day_runs`), so a day already done — by this process or
 * another racing it — answers null and changes nothing.
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
      await tx.execute(sql`
        with due as (
          select ${r.id} as id, ${day}::date - ${r.dueDate} as days,
            greatest(${r.amount} - ${r.received} - ${r.relieved}, 0) as base
          from ${r}
          where ${r.tenantId} = ${tenantId}
            and ${r.status} in (${sql.join(
              collectibleStates.map((state) => sql`${state}`),
              sql`, `,
            )})
            and ${r.collectible}
            and ${r.dueDate} < ${day}::date
            and ${r.amount} + ${r.lateFee} - ${r.received} - ${r.relieved} > 0
          -- Locked in id order, as payments lock them, so the job and a payment never deadlock.
          order by ${r.id}
          for update
        ), levelled as (
          select due.id, due.days, ${l.id} as level_id,
            coalesce(floor(due.base * ${l.lateFeeRate} / 10000), 0)::bigint as fee
          from due
          left join ${l} on ${l.tenantId} = ${tenantId} and due.days >= ${l.minDays}
            and (${l.maxDays} is null or due.days <= ${l.maxDays})
        ), changed as (
          update ${r} set
            overdue_days = levelled.days,
            level_id = levelled.level_id,
            late_fee = ${r.lateFee} + case when ${r.kind} in (2, 7) then 0 else levelled.fee end,
            status = ${receivableStates.overdue}
          from levelled
          where ${r.id} = levelled.id
          returning case when ${r.kind} in (2, 7) then 0 else levelled.fee end as fee
        )
        select count(*)::int as receivables, sum(fee)::text as late_fees from changed`),
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
export async function catchUpOverdue(db: Db, today = beijingDay(new Date())): Promise<DayRun[]> {
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
export const overdueJob = defineJobKind<Record<string, never>>({
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
export async function reclassifyOverdue(db: Db, tenantId: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`overdue:${tenantId}`}))`);
    const [done] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with due as (
          select ${r.id} as id, ${r.overdueDays} as days, ${r.levelId} as level_id from ${r}
          where ${r.tenantId} = ${tenantId} and ${r.status} = ${receivableStates.overdue}
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

/** What the finance section runs besides its families' routes: the overdue job and reclassification. */
export const financeRoutes: RoutePlugin<{ db: Db }> = async (app) => {
  app.jobs.define(overdueJob);
  app.jobs.define(reclassifyJob);
};
