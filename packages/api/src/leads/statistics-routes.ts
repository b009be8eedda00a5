import { envelope, leadStatisticsQuery, leadStatistics as leadStatisticsSchema, routesByKey } from '@cp/contracts';
import type { Db } from '../db';
import { access, sessionOf } from '../http/access';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { leadStatistics } from './statistics';

const menuKey = routesByKey.get('threadStatistics')?.menuKey ?? 'threadStatistics';

/** 线索统计: counts of the branch company's leads over a created range, by channel, city, salesperson and status. */
export const leadStatisticsRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/lead-statistics',
    {
      config: { access: access.permission(menuKey) },
      schema: {
        summary: '线索统计：按渠道、城市、销售人员、状态统计线索数与转化率，及新增趋势',
        description: '创建日期缺省为最近30天（北京时间，含首尾），至多366天；转化率的分母为该组线索数，为0时为 null。',
        tags: ['线索统计'],
        querystring: leadStatisticsQuery,
        response: { 200: envelope(leadStatisticsSchema) },
      },
    },
    async (request) => ok(await leadStatistics(db, sessionOf(request).tenantId, request.query)),
  );
};
