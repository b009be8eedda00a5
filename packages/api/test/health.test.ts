import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db';
import { migrate } from '../src/db/migrate';
import { roles, tenants, users } from '../src/identity/tables';
import { seedPlatform } from '../src/seed/platform';
import { freshDatabase, startTestApp, type TestContext } from './harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

describe('health', () => {
  it('answers after checking the database', async () => {
    const response = await ctx.request<{ status: string; database: string }>({ method: 'GET', url: '/api/health' });
    expect(response).toMatchObject({ code: 0, data: { status: 'up', database: ctx.database.engine } });
  });

  it('names each answer with a request id: a success, a refusal, an unknown path', async () => {
    for (const url of ['/api/health', '/api/vehicles', '/api/no-such-thing']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers 503 when the database is gone', async () => {
    const broken = await startTestApp();
    await broken.database.close();
    const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 503, msg: '数据库不可用' });
    await broken.app.close();
  });
});

// Connections to a server exist on PostgreSQL only; the embedded database has none to lose.
if (process.env.DATABASE_URL) {
  describe('PostgreSQL connections', () => {
    it('are replaced when the server ends them, and the API keeps answering', async () => {
      const before = await ctx.request({ method: 'GET', url: '/api/health' });
      expect(before.code).toBe(0);
      const other = await ctx.reopenDatabase();
      try {
        await other.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        );
      } finally {
        await other.close();
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      const after = await ctx.request<{ status: string }>({ method: 'GET', url: '/api/health' });
      expect(after).toMatchObject({ code: 0, data: { status: 'up' } });
    });
  });
}

describe('database', () => {
  it('keeps its data across restarts, and migrating and seeding again change nothing', async () => {
    const fresh = await freshDatabase({ persistent: true });
    const counts = async (database: Database) => {
      await migrate(database);
      await seedPlatform(database.db);
      const [t] = await database.db.select({ n: count() }).from(tenants);
      const [u] = await database.db.select({ n: count() }).from(users);
      const [r] = await database.db.select({ n: count() }).from(roles);
      await database.close();
      return [t?.n, u?.n, r?.n];
    };
    try {
      const first = await counts(fresh.database);
      // Two tenants; admin, ops, the two approvers and four demo staff of 用户管理; four roles in each tenant.
      expect(first).toEqual([2, 8, 8]);
      expect(await counts(await fresh.reopen())).toEqual(first);
    } finally {
      await fresh.drop();
    }
  });
});
