import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from './db';
import { access } from './http/access';
import { failure, ok } from './http/reply';

export async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app.get(
    '/api/health',
    { config: { access: access.public }, schema: { summary: '健康检查（含数据库连通）', tags: ['系统'] } },
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
}
