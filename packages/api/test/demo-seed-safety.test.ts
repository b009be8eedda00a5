import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, beijingDay } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { Database } from '../src/db';
import { migrate, rowsOf } from '../src/db/migrate';
import { catchUpOverdue } from '../src/finance/overdue';
import { seedDemoData } from '../src/seed';
import { freshDatabase } from './harness';
import { leaseOrderTerms } from './task-support';

const scratch = mkdtempSync(path.join(tmpdir(), 'cp-seed-safety-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function configOf(env: NodeJS.ProcessEnv = {}): Config {
  const base = loadConfig(env);
  return { ...base, webDist: '/nonexistent', dataDir: scratch, jobs: { ...base.jobs, worker: false } };
}

/** A start as main.ts makes it: migrations, the seed, then the app. */
async function start(database: Database, config: Config) {
  await migrate(database);
  const kind = await seedDemoData(database.db, {
    vehiclesPerTenant: 12,
    dataDir: config.dataDir,
    demo: config.firstStart.demoData,
    adminPassword: config.firstStart.adminPassword,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return { app, kind };
}

async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token?: string,
  payload?: object,
) {
  const response = await app.inject({ method, url, headers: token ? { token } : {}, ...(payload ? { payload } : {}) });
  return response.json() as { code: number; msg: string; data: T };
}

async function login(app: FastifyInstance, loginId: string, password: string) {
  const answer = await call<{ access_token: string }>(app, 'POST', '/api/auth/login', undefined, { loginId, password });
  expect(answer.msg, `${loginId} logs in`).toBe('success');
  return answer.data.access_token;
}

const tables = [
  'tenants',
  'users',
  'accounts',
  'roles',
  'drivers',
  'vehicles',
  'vehicle_deliveries',
  'leads',
  'lease_orders',
  'order_receivables',
  'payments',
  'overdue_cases',
  'collection_records',
  'offline_payments',
  'qr_codes',
  'referrals',
  'customers',
  'companies',
  'labels',
  'approval_processes',
  'approval_instances',
  'financial_codes',
] as const;

/** Rows of each table, and the latest change of any row in them. */
async function census(database: Database) {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = rowsOf<{ n: number }>(await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)));
    counts[table] = Number(row?.n);
  }
  return counts;
}

describe('demo data on a start', () => {
  // A deadline against a hang, not a speed bound: the first start writes the whole demo (every family's rows,
  // eighteen months of books) inside this test, about a minute on a busy two-core machine and growing.
  it('a start on a database with data writes no demo rows', async () => {
    const fresh = await freshDatabase({ persistent: true });
    const config = configOf();
    try {
      const first = await start(fresh.database, config);
      expect(first.kind).toBe('demo');
      const { app } = first;
      const ops = await login(app, 'ops', 'ops123');
      const admin = await login(app, 'admin', 'admin123');
      const db = fresh.database.db;
      // Rows users made: a lease order started 70 days ago for a driver, approved and handed over, whose
      // rent nobody paid — the overdue job opens its account, without a collector.
      const [driver] = rowsOf<{ id: number; tenant_id: number }>(
        await db.execute(sql`select d.id, d.tenant_id from drivers d join tenants t on t.id = d.tenant_id
          where t.code = 'BJ' and d.status = 1
            and not exists (select 1 from order_receivables r where r.driver_id = d.id and r.status = 3)
          order by d.id limit 1`),
      );
      const [car] = rowsOf<{ id: number; model_id: number; city_id: number }>(
        await db.execute(sql`select id, model_id, city_id from vehicles
          where tenant_id = ${Number(driver?.tenant_id)} and stage in (4, 7) order by id desc limit 1`),
      );
      const today = beijingDay(new Date());
      const saved = await call<{ id: string }>(
        app,
        'POST',
        '/api/lease-orders',
        ops,
        leaseOrderTerms({
          driverId: String(driver?.id),
          cityId: String(car?.city_id),
          modelId: String(car?.model_id),
          startDate: addDays(today, -70),
          rent: 250_000,
        }),
      );
      expect(saved.msg).toBe('success');
      const orderId = Number(saved.data.id);
      expect((await call(app, 'POST', `/api/lease-orders/${orderId}/submit`, ops)).msg).toBe('success');
      for (const [loginId, password] of [
        ['manager', 'manager123'],
        ['finance', 'finance123'],
      ] as const) {
        const token = await login(app, loginId, password);
        const todo = await call<{ list: { id: string; businessType: number; businessId: string }[] }>(
          app,
          'GET',
          '/api/approval-tasks?limit=100',
          token,
        );
        const task = todo.data.list.find((row) => row.businessType === 1 && row.businessId === String(orderId));
        expect((await call(app, 'POST', `/api/approval-tasks/${task?.id}/approve`, token, {})).msg).toBe('success');
      }
      const filled = await call(app, 'POST', `/api/lease-orders/${orderId}/fill-delivery`, ops, {
        vehicleId: String(car?.id),
        mileage: 1_000_000,
        energyLevel: 80,
      });
      expect(filled.msg).toBe('success');
      // The overdue job's run of the next day (today's was the seed's).
      await catchUpOverdue(db, addDays(today, 1));
      const [account] = rowsOf<{ id: number; collector_id: number | null }>(
        await db.execute(sql`select id, collector_id from overdue_cases where order_id = ${orderId} and status = 1`),
      );
      expect(account).toBeDefined();
      expect(account?.collector_id).toBeNull();
      // A demo row a user removed: a driver never approved, deleted on 网约车司机.
      const [pending] = rowsOf<{ id: number }>(
        await db.execute(sql`select id from drivers where tenant_id = ${Number(driver?.tenant_id)} and status = 0
          and kind = 1 order by id limit 1`),
      );
      expect((await call(app, 'DELETE', `/api/ride-hailing-drivers/${pending?.id}`, admin)).msg).toBe('success');
      const before = await census(fresh.database);
      const stamps = async () =>
        rowsOf<{ id: number; updated_at: string; version: number }>(
          await db.execute(sql`select id, updated_at::text, version from overdue_cases where id = ${Number(account?.id)}
            union all select id, updated_at::text, version from lease_orders where id = ${orderId}`),
        );
      const mine = await stamps();
      await app.close();
      await fresh.database.close();

      // The server starts again on the same database.
      const database = await fresh.reopen();
      try {
        const again = await start(database, config);
        expect(again.kind).toBe('later');
        expect(await census(database)).toEqual(before);
        const calls = rowsOf<{ n: number }>(
          await database.db.execute(
            sql`select count(*)::int as n from collection_records where case_id = ${Number(account?.id)}`,
          ),
        );
        expect(calls[0]?.n).toBe(0);
        const reopened = rowsOf<{ id: number; updated_at: string; version: number }>(
          await database.db.execute(sql`select id, updated_at::text, version from overdue_cases where id = ${Number(account?.id)}
            union all select id, updated_at::text, version from lease_orders where id = ${orderId}`),
        );
        expect(reopened).toEqual(mine);
        const gone = rowsOf(await database.db.execute(sql`select id from drivers where id = ${Number(pending?.id)}`));
        expect(gone).toEqual([]);
        await login(again.app, 'admin', 'admin123');
        await again.app.close();

        // A database that held data before the first start was recorded (made by an older version): its
        // start records it as one without demo, and writes nothing into it either.
        await database.db.execute(sql`delete from installation`);
        const legacy = await start(database, config);
        expect(legacy.kind).toBe('later');
        expect(await census(database)).toEqual(before);
        const [mark] = rowsOf<{ demo: boolean; finished: boolean }>(
          await database.db.execute(sql`select demo, finished_at is not null as finished from installation`),
        );
        expect(mark).toEqual({ demo: false, finished: true });
        await legacy.app.close();

        // A first start that stopped half-way is not taken up again by a later one: nothing is added.
        await database.db.execute(sql`update installation set finished_at = null`);
        const halfway = await start(database, config);
        expect(halfway.kind).toBe('unfinished');
        expect(await census(database)).toEqual(before);
        await halfway.app.close();
      } finally {
        await database.close();
      }
    } finally {
      await fresh.drop();
    }
  }, 600_000);

  it('DEMO_DATA=0 starts without demo data', async () => {
    const config = configOf({ DEMO_DATA: '0', ADMIN_PASSWORD: 'Change-me-2026' });
    expect(config.firstStart).toEqual({ demoData: false, adminPassword: 'Change-me-2026' });
    const fresh = await freshDatabase();
    try {
      const { app, kind } = await start(fresh.database, config);
      expect(kind).toBe('bare');
      const counts = await census(fresh.database);
      expect(counts).toMatchObject({
        tenants: 1,
        users: 1,
        accounts: 1,
        drivers: 0,
        vehicles: 0,
        vehicle_deliveries: 0,
        leads: 0,
        lease_orders: 0,
        order_receivables: 0,
        payments: 0,
        overdue_cases: 0,
        collection_records: 0,
        offline_payments: 0,
        qr_codes: 0,
        referrals: 0,
        customers: 0,
        companies: 0,
        labels: 0,
        approval_instances: 0,
        financial_codes: 0,
      });
      // What a first install needs: the administrator signs in to the one branch company, with every screen;
      // the roles the approvals name are there for the staff an administrator adds.
      const admin = await login(app, 'admin', 'Change-me-2026');
      expect(
        (await call(app, 'POST', '/api/auth/login', undefined, { loginId: 'ops', password: 'ops123' })).code,
      ).not.toBe(0);
      const info = await call<{ menuData: unknown[] }>(app, 'GET', '/api/user/info', admin);
      expect(info.msg).toBe('success');
      const roleCodes = rowsOf<{ code: string }>(
        await fresh.database.db.execute(sql`select code from roles order by code`),
      );
      expect(roleCodes.map((row) => row.code)).toEqual(['finance', 'opsManager', 'superAdmin']);
      expect(counts.approval_processes).toBeGreaterThan(0);
      await app.close();
      // A later start without the switch still writes no demo into it.
      const later = await start(fresh.database, configOf());
      expect(later.kind).toBe('later');
      expect(await census(fresh.database)).toEqual(counts);
      await later.app.close();
    } finally {
      await fresh.database.close();
      await fresh.drop();
    }
  });
});
