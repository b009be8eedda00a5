import { addDays, type ContentTrend, contentTrend, contentTrendQuery, envelope, routesByKey } from '@cp/contracts';
import { and, eq, gte } from 'drizzle-orm';
import { businessToday } from '../clock';
import type { Db, Executor } from '../db';
import { access, sessionOf } from '../http/access';
import { notFound } from '../http/errors';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { idOf, idParams } from '../resource/routes';
import { contentDailyStats, contents } from './tables';

/** A content's last `days` Beijing days (today last), every day present, from its daily counters. */
async function contentTrendOf(
  db: Executor,
  tenantId: number,
  contentId: number,
  days: number,
): Promise<ContentTrend | null> {
  const [content] = await db
    .select({ id: contents.id })
    .from(contents)
    .where(and(eq(contents.id, contentId), eq(contents.tenantId, tenantId)));
  if (!content) return null;
  const today = businessToday();
  const first = addDays(today, 1 - days);
  const d = contentDailyStats;
  const rows = await db
    .select({ day: d.day, views: d.views, likes: d.likes, shares: d.shares, leads: d.leads })
    .from(d)
    .where(and(eq(d.contentId, contentId), eq(d.tenantId, tenantId), gte(d.day, first)));
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return {
    days: Array.from({ length: days }, (_, n) => {
      const day = addDays(first, n);
      const row = byDay.get(day);
      return { day, views: row?.views ?? 0, likes: row?.likes ?? 0, shares: row?.shares ?? 0, leads: row?.leads ?? 0 };
    }),
  };
}

/** 内容详情's 近7天 / 近30天 trend, for whoever may open 内容管理. */
export const contentTrendRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/contents/:id/trend',
    {
      config: { access: access.permission(routesByKey.get('contentManagement')?.menuKey ?? 'contentManagement') },
      schema: {
        summary: '内容互动趋势：近7天或近30天每天的浏览人次、点赞、分享与留资',
        tags: ['内容管理'],
        params: idParams,
        querystring: contentTrendQuery,
        response: { 200: envelope(contentTrend) },
      },
    },
    async (request) => {
      const days = Number(request.query.days);
      const trend = await contentTrendOf(db, sessionOf(request).tenantId, idOf(request.params), days);
      if (!trend) throw notFound('内容');
      return ok(trend);
    },
  );
};
