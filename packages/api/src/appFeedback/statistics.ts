import { appFeedbackStatistics, envelope } from '@cp/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { access, sessionOf } from '../http/access';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { handlingBucketSql } from './family';
import { appFeedback } from './tables';

/**
 * 意见反馈's statistics block: the branch company's feedback by state and by kind, how long handling took
 * (5小时内 / 5-24小时 / 超过24小时, open ones by the time they have waited so far) and the share handled.
 */
export const appFeedbackStatisticsRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/driver-feedback/statistics',
    {
      config: { access: access.permission('feedBack') },
      schema: {
        summary: '意见反馈统计：按状态、类型、处理时长',
        tags: ['意见反馈'],
        response: { 200: envelope(appFeedbackStatistics) },
      },
    },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          pending: sql<number>`(count(*) filter (where status = 0))::int`,
          handling: sql<number>`(count(*) filter (where status = 1))::int`,
          handled: sql<number>`(count(*) filter (where status = 2))::int`,
          closed: sql<number>`(count(*) filter (where status = 3))::int`,
          suggestions: sql<number>`(count(*) filter (where kind = 1))::int`,
          faults: sql<number>`(count(*) filter (where kind = 2))::int`,
          within5h: sql<number>`(count(*) filter (where ${handlingBucketSql} = 0))::int`,
          within24h: sql<number>`(count(*) filter (where ${handlingBucketSql} = 1))::int`,
          over24h: sql<number>`(count(*) filter (where ${handlingBucketSql} = 2))::int`,
        })
        .from(appFeedback)
        .where(eq(appFeedback.tenantId, tenantId));
      const figures = row ?? {
        total: 0,
        pending: 0,
        handling: 0,
        handled: 0,
        closed: 0,
        suggestions: 0,
        faults: 0,
        within5h: 0,
        within24h: 0,
        over24h: 0,
      };
      const done = figures.handled + figures.closed;
      return ok({ ...figures, handledRate: done === 0 ? 0 : Math.round((figures.handled * 10_000) / done) });
    },
  );
};
