import { envelope, fleetByStage as fleetSchema, homeQueues, vehicleScreens } from '@cp/contracts';
import type { Db } from '../db';
import { access, sessionOf } from '../http/access';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import type { PendingRegistry } from '../identity/pending';
import { fleetByStage } from './fleet';
import { countAge, queueCounts } from './queues';

const tags = ['首页'];

/** The home page: the work waiting for the user (which also makes their 我的待办) and the fleet by stage. */
export const homeRoutes: RoutePlugin<{ db: Db; pending: PendingRegistry }> = async (app, { db, pending }) => {
  pending.register({
    kind: 'all',
    count: async (counting, auth) => (await queueCounts(counting, auth, countAge.userInfo)).pendingNum,
  });

  app.get(
    '/api/home/queues',
    {
      config: { access: access.session },
      schema: {
        summary: '我的待办：当前用户可处理的待办队列及条数',
        tags,
        response: { 200: envelope(homeQueues) },
      },
    },
    async (request) => ok(await queueCounts(db, sessionOf(request), countAge.home)),
  );

  app.get(
    '/api/home/fleet',
    {
      config: { access: access.permission(vehicleScreens.vehicleList.route.menuKey) },
      schema: { summary: '各阶段车辆数', tags, response: { 200: envelope(fleetSchema) } },
    },
    async (request) => ok(await fleetByStage(db, sessionOf(request).tenantId)),
  );
};
