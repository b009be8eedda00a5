import type { RoleDto } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db';
import { rowsOf } from '../src/db/migrate';
import { startTestApp, type TestContext } from './harness';

type Account = { id: string; loginId: string; password?: string };
type Option = { value: string; label: string };

/**
 * Sessions and role keys are cached per process. Caches kept an hour here, so that when another process
 * refuses a revoked session, only the revocation reaching it can explain it, never an entry expiring.
 */
const session = { ...loadConfig({}).session, cacheSeconds: 3600 };

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await startTestApp({ session });
  admin = await ctx.login('admin', 'admin123');
});
afterAll(() => ctx.close());

const on = async (app: FastifyInstance, url: string, token: string) =>
  (await app.inject({ method: 'GET', url, headers: { token } })).json() as { code: number; msg: string };
const userInfo = (app: FastifyInstance, token: string) => on(app, '/api/user/info', token);

let serial = 0;
async function newUser() {
  serial += 1;
  const { data: roles } = await ctx.request<Option[]>({ method: 'GET', url: '/api/lookups/roles', token: admin });
  const { code, msg, data } = await ctx.request<Account>({
    method: 'POST',
    url: '/api/users',
    token: admin,
    payload: {
      loginId: `cached${serial}`,
      userName: `缓存${serial}`,
      code: `C${serial}`,
      roleIds: [roles.find((role) => role.label === '车辆订单专员')?.value],
    },
  });
  if (code !== 0) throw new Error(msg);
  return { account: data, token: await ctx.login(data.loginId, String(data.password)) };
}

describe('last seen, with SESSION_IDLE_MINUTES=1', () => {
  let idle: TestContext;
  beforeAll(async () => {
    idle = await startTestApp({ session: { ...loadConfig({}).session, idleMinutes: 1 } });
  });
  afterAll(() => idle.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Moves the wall clock of the server's code `seconds` past the moment the test began. */
  function clockAt(start: number, seconds: number) {
    vi.setSystemTime(start + seconds * 1000);
  }

  it('keeps a session used every 25 s alive past the idle minute', async () => {
    const token = await idle.login('admin', 'admin123');
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    for (const second of [25, 50, 75, 100, 125, 150]) {
      clockAt(start, second);
      const info = await idle.request({ method: 'GET', url: '/api/user/info', token });
      expect({ second, code: info.code }).toEqual({ second, code: 0 });
    }
  });

  it('ends a session left unused for the idle minute', async () => {
    const token = await idle.login('admin', 'admin123');
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    clockAt(start, 20);
    expect((await idle.request({ method: 'GET', url: '/api/user/info', token })).code).toBe(0);
    clockAt(start, 20 + 61);
    expect(await idle.request({ method: 'GET', url: '/api/user/info', token })).toMatchObject({
      code: 1002,
      isSuccess: false,
    });
  });
});

// Two processes share a database on PostgreSQL only; the embedded database serves one process.
if (process.env.DATABASE_URL) {
  describe('a revocation in one process, with another process holding the session in its cache', () => {
    let other: { app: FastifyInstance; database: Database };

    beforeAll(async () => {
      // A second server on the same database: its own connections, its own caches (nothing in-process shared).
      const database = await ctx.reopenDatabase();
      const app = await buildApp({ config: ctx.config, database, logger: false });
      await app.ready();
      other = { app, database };
    });
    afterAll(async () => {
      await other.app.close();
      await other.database.close();
    });

    it('refuses the session there at the next request after logout', async () => {
      const token = await ctx.login('admin', 'admin123');
      expect((await userInfo(other.app, token)).code).toBe(0);
      expect((await ctx.request({ method: 'POST', url: '/api/auth/logout', token })).code).toBe(0);
      expect((await userInfo(other.app, token)).code).toBe(1002);
    });

    it('refuses a stopped user there at once', async () => {
      const { account, token } = await newUser();
      expect((await userInfo(other.app, token)).code).toBe(0);
      const stopped = await ctx.request({ method: 'POST', url: `/api/users/${account.id}/disable`, token: admin });
      expect(stopped.code).toBe(0);
      expect((await userInfo(other.app, token)).code).toBe(1002);
    });

    it('refuses the sessions of a user whose password was reset there at once', async () => {
      const { account, token } = await newUser();
      expect((await userInfo(other.app, token)).code).toBe(0);
      const reset = await ctx.request({ method: 'POST', url: `/api/users/${account.id}/reset-password`, token: admin });
      expect(reset.code).toBe(0);
      expect((await userInfo(other.app, token)).code).toBe(1002);
    });

    it('takes a menu away there at once when a role loses it', async () => {
      const { token } = await newUser();
      const list = '/api/vehicle-inspections';
      expect((await on(other.app, list, token)).code).toBe(0);
      const roles = await ctx.request<{ list: RoleDto[] }>({
        method: 'GET',
        url: '/api/roles?keyword=vehicleOrderOps',
        token: admin,
      });
      const role = roles.data.list.find((row) => row.code === 'vehicleOrderOps') as RoleDto;
      expect(role.menuKeys).toContain('vehicleInspection');
      const updated = await ctx.request({
        method: 'PUT',
        url: `/api/roles/${role.id}`,
        token: admin,
        payload: {
          code: role.code,
          name: role.name,
          menuKeys: role.menuKeys.filter((key) => key !== 'vehicleInspection'),
          buttonKeys: role.buttonKeys.filter((key) => !key.startsWith('vehicleInspection:')),
          version: role.version,
        },
      });
      expect(updated.code).toBe(0);
      expect(await on(other.app, list, token)).toMatchObject({ code: 403 });
    });

    it('reads sessions afresh after its notifications connection was lost, as one may have been missed', async () => {
      const token = await ctx.login('admin', 'admin123');
      expect((await userInfo(other.app, token)).code).toBe(0);
      // Ends the connections the processes listen on (PostgreSQL restarted, a proxy dropped them) and waits
      // until the server has let them go; a notification sent now reaches nobody.
      const listeners = sql`select pid from pg_stat_activity
        where datname = current_database() and application_name = 'cp-session-listener'`;
      const ended = rowsOf<{ pid: number }>(await ctx.database.db.execute(listeners)).map((row) => row.pid);
      expect(ended.length).toBeGreaterThanOrEqual(2);
      await ctx.database.db.execute(sql`select pg_terminate_backend(pid) from (${listeners}) l`);
      await vi.waitFor(async () => {
        const left = rowsOf<{ pid: number }>(await ctx.database.db.execute(listeners)).map((row) => row.pid);
        expect(left.filter((pid) => ended.includes(pid))).toEqual([]);
      });
      expect((await ctx.request({ method: 'POST', url: '/api/auth/logout', token })).code).toBe(0);
      expect((await userInfo(other.app, token)).code).toBe(1002);
    });
  });
}
