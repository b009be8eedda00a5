import { articleResource, hotNewsResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { auditLog } from '../audit/tables';
import { businessNowSql } from '../clock';
import type { Db } from '../db';
import { rowsOf } from '../db/migrate';
import type { RoutePlugin } from '../http/schemas';
import { defineJobKind } from '../jobs/kinds';
import { articles, hotNews } from './tables';

type Published = PgTable & Record<'id' | 'tenantId' | 'status' | 'scheduledAt' | 'updatedBy' | 'version', PgColumn>;

/**
 * Publishes the drafts of `table` whose 定时发布时间 has come, each with a line in its 变更记录, in one
 * statement. The one who set the time is its publisher (its last editor). A draft being edited this moment is
 * skipped and taken by the next run; one the statement reaches is as committed, so a draft published, edited
 * or unscheduled a moment ago is left alone. Two processes running it at once publish each draft once: the
 * second finds it no longer a draft.
 */
async function publishDue(db: Db, table: Published, entity: string): Promise<number> {
  const [done] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with due as (
        select ${table.id} as id from ${table}
        where ${table.status} = 0 and ${table.scheduledAt} <= ${businessNowSql()}
        order by ${table.id}
        for update skip locked
      ), published as (
        update ${table} set status = 1, published_at = ${businessNowSql()}, publisher_id = ${table.updatedBy},
          scheduled_at = null, version = ${table.version} + 1, updated_at = ${businessNowSql()}
        from due where ${table.id} = due.id and ${table.status} = 0
        returning ${table.id} as id, ${table.tenantId} as tenant_id
      ), recorded as (
        insert into ${auditLog} (tenant_id, user_name, action, entity, entity_id, changes, at)
        select tenant_id, '系统（定时发布）', 'publish', ${entity}, id::text,
          jsonb_build_object('status', jsonb_build_object('from', 0, 'to', 1)), ${businessNowSql()}
        from published
        returning 1
      )
      select count(*)::int as n from recorded`),
  );
  return done?.n ?? 0;
}

/** Every due draft of 麦卡学堂 and 热点资讯 published; answers how many of each. */
export async function publishScheduled(db: Db) {
  return {
    articles: await publishDue(db, articles as unknown as Published, articleResource.key),
    hotNews: await publishDue(db, hotNews as unknown as Published, hotNewsResource.key),
  };
}

/** Every minute: a 定时发布 goes out within a minute of its time, by whichever process claims the run. */
const scheduledPublishJob = defineJobKind<Record<string, never>>({
  kind: 'articles.publishScheduled',
  everyMs: 60_000,
  run: async ({ db }) => publishScheduled(db),
});

export const scheduledPublishRoutes: RoutePlugin<{ db: Db }> = async (app) => {
  app.jobs.define(scheduledPublishJob);
};
