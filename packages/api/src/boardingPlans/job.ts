import { boardingPlanResource, openBoardingStates } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { auditLog } from '../audit/tables';
import { businessNowSql, businessToday } from '../clock';
import type { Db } from '../db';
import { rowsOf } from '../db/migrate';
import type { RoutePlugin } from '../http/schemas';
import { defineJobKind } from '../jobs/kinds';
import { boardingPlans as p } from './tables';

const noShow = 5;

/**
 * Plans still open (计划中, 延期) after their day become 未到店, each with a line in its 变更记录, in one
 * statement. A plan being worked on this moment (its row locked by a 上车) is skipped and looked at by the next
 * run; one the statement reaches is in its state as committed, so a plan boarded a moment ago stays boarded.
 * Running it twice, or in two processes, marks each plan once: the second finds it no longer open.
 */
export async function expireBoardingPlans(db: Db, today = businessToday()): Promise<number> {
  const [done] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with due as (
        select ${p.id} as id, ${p.status} as was from ${p}
        where ${p.plannedDate} < ${today}::date and ${p.status} in (${sql.raw(openBoardingStates.join(', '))})
        order by ${p.id}
        for update skip locked
      ), expired as (
        update ${p} set status = ${sql.raw(String(noShow))}, version = ${p.version} + 1, updated_at = ${businessNowSql()}
        from due where ${p.id} = due.id
        returning ${p.id} as id, ${p.tenantId} as tenant_id, due.was
      ), recorded as (
        insert into ${auditLog} (tenant_id, user_name, action, entity, entity_id, changes, at)
        select tenant_id, '系统（逾期未到店）', 'noShow', ${boardingPlanResource.key}, id::text,
          jsonb_build_object('status', jsonb_build_object('from', was, 'to', ${sql.raw(String(noShow))})), ${businessNowSql()}
        from expired
        returning 1
      )
      select count(*)::int as n from recorded`),
  );
  return done?.n ?? 0;
}

/** Every hour: the Beijing day that has ended leaves no plan open behind it (normally a no-op but once a day). */
const expiryJob = defineJobKind<Record<string, never>>({
  kind: 'boardingPlans.expire',
  everyMs: 3600_000,
  run: async ({ db }) => ({ expired: await expireBoardingPlans(db) }),
});

export const boardingPlanJobRoutes: RoutePlugin<{ db: Db }> = async (app) => {
  app.jobs.define(expiryJob);
};
