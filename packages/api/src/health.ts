import { envelope, refusalEnvelope } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from './db';
import { access } from './http/access';
import { failure, ok } from './http/reply';
import type { RoutePlugin } from './http/schemas';

const health = z.object({
  status: z.literal('up'),
  database: z.enum(['pglite', 'postgres']),
  databaseMs: z.number().meta({ description: '数据库往返耗时（毫秒）' }),
  time: z.string(),
});

export const healthRoutes: RoutePlugin<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/api/health',
    {
      config: { access: access.public },
      schema: {
        summary: '健康检查（含数据库连通）',
        tags: ['系统'],
        response: { 200: envelope(health), 503: refusalEnvelope },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      try {
        await database.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send(failure(503, '数据库不可用', request.id));
      }
      return ok({
        status: 'up',
        database: database.engine,
        databaseMs: Math.round((performance.now() - started) * 100) / 100,
        time: new Date().toISOString(),
      });
    },
  );
};
