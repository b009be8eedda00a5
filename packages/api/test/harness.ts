import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AccountRow, RoleDto } from '@cp/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase, openMemoryDatabase } from '../src/db';
import { migrate } from '../src/db/migrate';
import { seedDemoData } from '../src/seed';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  isSuccess: boolean;
  requestId?: string;
}

export interface FreshDatabase {
  database: Database;
  /** Opens the same database again, as a restarted server would. */
  reopen: () => Promise<Database>;
  drop: () => Promise<void>;
}

/**
 * A throwaway database: PGlite (in memory, or in a temporary folder when it must survive a reopen), or a new
 * database on the server of DATABASE_URL.
 */
export async function freshDatabase(options: { persistent?: boolean } = {}): Promise<FreshDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url && !options.persistent) {
    const database = await openMemoryDatabase();
    return { database, reopen: () => Promise.reject(new Error('in-memory database')), drop: async () => {} };
  }
  if (!url) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cp-data-'));
    return {
      database: await openDatabase({ dataDir }),
      reopen: () => openDatabase({ dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  return serverDatabase(url, '');
}

/** A new database on the server of `url`, empty or a copy of the database `template`. */
async function serverDatabase(url: string, template: string): Promise<FreshDatabase> {
  const name = `cp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), dataDir: '' });
  return {
    database,
    reopen: () => openDatabase({ databaseUrl: target.toString(), dataDir: '' }),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

interface DemoSeed {
  vehiclesPerTenant: number;
  signUpBaseUrl: string;
}

/**
 * A fresh database holding the demo data. A new PGlite cluster (initdb), the migrations and the seed cost
 * seconds per suite, so each variant of the seed is built once per run into a template — a PGlite dump, or a
 * PostgreSQL database to copy — and every suite starts from a copy of it; the files the seed stores are
 * copied into `dataDir`. The run's global setup (templates.ts) provides the templates' folder and removes
 * them; without it the database is seeded in place.
 */
async function seededDatabase(seed: DemoSeed, dataDir: string): Promise<FreshDatabase> {
  const templates = inject('testTemplates');
  const build = (database: Database, filesDir: string) =>
    migrate(database).then(() => seedDemoData(database.db, { ...seed, dataDir: filesDir }));
  if (!templates) {
    const fresh = await freshDatabase();
    await build(fresh.database, dataDir);
    return fresh;
  }
  // A day's seed dates rows from that day: a template lives within the day it was made.
  const key = createHash('sha1')
    .update(JSON.stringify([seed, new Date().toDateString()]))
    .digest('hex')
    .slice(0, 12);
  const filesDir = path.join(templates.folder, `${key}-files`);
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `cp_tpl_${templates.runId}_${key}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // Suites of parallel runs wait for the one building it.
      await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
      const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (found.rowCount === 0) {
        rmSync(filesDir, { recursive: true, force: true });
        await admin.query(`create database ${template}`);
        const target = new URL(url);
        target.pathname = `/${template}`;
        const database = await openDatabase({ databaseUrl: target.toString(), dataDir: '' });
        await build(database, filesDir);
        await database.close();
      }
      const fresh = await serverDatabase(url, template);
      if (existsSync(filesDir)) cpSync(filesDir, dataDir, { recursive: true });
      return fresh;
    } finally {
      await admin.end();
    }
  }
  const dump = path.join(templates.folder, `${key}.tar`);
  if (!existsSync(dump)) {
    const staging = `${dump}.${process.pid}`;
    const stagingFiles = `${filesDir}.${process.pid}`;
    const database = await openMemoryDatabase();
    await build(database, stagingFiles);
    writeFileSync(staging, Buffer.from(await (await database.dump()).arrayBuffer()));
    await database.close();
    // Files first: a dump is only there once its files are.
    if (existsSync(stagingFiles) && !existsSync(filesDir)) renameSync(stagingFiles, filesDir);
    renameSync(staging, dump);
    rmSync(stagingFiles, { recursive: true, force: true });
  }
  const database = await openMemoryDatabase(new Blob([readFileSync(dump)]));
  if (existsSync(filesDir)) cpSync(filesDir, dataDir, { recursive: true });
  return { database, reopen: () => Promise.reject(new Error('in-memory database')), drop: async () => {} };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  request<T = unknown>(options: InjectOptions & { token?: string }): Promise<Envelope<T> & { status: number }>;
  login(loginId: string, password: string, remoteAddress?: string): Promise<string>;
  /** Another connection to the same database (PostgreSQL), as a second process would have. */
  reopenDatabase(): Promise<Database>;
  /**
   * A token of admin in 上海分公司, the branch company admin does not sign in to first. Afterwards a login of
   * admin lands there too (the branch of the latest session): log in to 北京分公司 before calling it.
   */
  loginToOtherTenant(): Promise<string>;
  close(): Promise<void>;
}

/**
 * The demo fleet sizes a suite may ask for. Each size is a demo template of its own, built once per run (about a
 * minute on PGlite, eighteen months of books replayed): fourteen sizes once cost a third of the API phase. A
 * suite that needs one car more than a size gives takes the next size up, not a size of its own.
 */
const templateFleets = [0, 12, 40, 80, 150] as const;

export interface StartOptions {
  /** Demo vehicles of the first branch company: one of `templateFleets` (0 unless said). */
  demoVehiclesPerTenant?: (typeof templateFleets)[number];
  /** Adds to the app before it is ready: a test's own tables and routes (the resource kit's fixture). */
  extend?(app: FastifyInstance, deps: { database: Database; config: Config }): Promise<void>;
}

export async function startTestApp(overrides: Partial<Config> = {}, options: StartOptions = {}): Promise<TestContext> {
  const base = loadConfig({});
  // Tests run jobs themselves (`app.jobs.runUntilIdle()`), and write files to a folder of their own.
  const scratch = overrides.dataDir ? undefined : mkdtempSync(path.join(tmpdir(), 'cp-test-'));
  const config: Config = {
    ...base,
    webDist: '/nonexistent',
    dataDir: scratch ?? base.dataDir,
    jobs: { ...base.jobs, worker: false },
    ...overrides,
  };
  const fleet = options.demoVehiclesPerTenant ?? 0;
  if (!templateFleets.includes(fleet))
    throw new Error(`demoVehiclesPerTenant ${fleet}: choose one of ${templateFleets}`);
  const { database, drop, reopen } = await seededDatabase(
    { vehiclesPerTenant: fleet, signUpBaseUrl: config.qrCodes.signUpBaseUrl },
    config.dataDir,
  );
  const app = await buildApp({ config, database, logger: false });
  await options.extend?.(app, { database, config });
  await app.ready();

  const request: TestContext['request'] = async ({ token, ...options }) => {
    const headers = { ...(options.headers ?? {}) } as Record<string, string>;
    if (token) headers.token = token;
    const response = await app.inject({ ...options, headers });
    return { status: response.statusCode, ...(response.json() as Envelope<never>) };
  };

  const login: TestContext['login'] = async (loginId, password, remoteAddress = '127.0.0.1') => {
    const response = await request<{ access_token: string }>({
      method: 'POST',
      url: '/api/auth/login',
      payload: { loginId, password },
      remoteAddress,
    });
    if (response.code !== 0) throw new Error(`login ${loginId} failed: ${response.msg}`);
    return response.data.access_token;
  };

  const loginToOtherTenant: TestContext['loginToOtherTenant'] = async () => {
    const token = await login('admin', 'admin123');
    const { data: rows } = await request<AccountRow[]>({ method: 'GET', url: '/api/user/accounts', token });
    const switched = await request<{ access_token: string }>({
      method: 'POST',
      url: '/api/user/switch-account',
      token,
      payload: {
        appId: 'cp-console',
        loginId: 'admin',
        tenantId: rows.find((row) => row.tenantName === '上海分公司')?.tenantId,
      },
    });
    return switched.data.access_token;
  };

  return {
    app,
    database,
    config,
    request,
    login,
    loginToOtherTenant,
    reopenDatabase: reopen,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      if (scratch) rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/**
 * Takes a button key away from a role, as an administrator would on 角色管理 (through the API, with the
 * role's version); answers once the change is saved.
 */
export async function withdrawButton(ctx: TestContext, adminToken: string, roleCode: string, key: string) {
  const roles = await ctx.request<{ list: RoleDto[] }>({
    method: 'GET',
    url: `/api/roles?keyword=${encodeURIComponent(roleCode)}`,
    token: adminToken,
  });
  const role = roles.data.list.find((row) => row.code === roleCode);
  if (!role) throw new Error(`role ${roleCode} not found`);
  const updated = await ctx.request({
    method: 'PUT',
    url: `/api/roles/${role.id}`,
    token: adminToken,
    payload: {
      code: role.code,
      name: role.name,
      menuKeys: role.menuKeys,
      buttonKeys: role.buttonKeys.filter((held) => held !== key),
      version: role.version,
    },
  });
  if (updated.code !== 0) throw new Error(`withdrawing ${key} from ${roleCode} failed: ${updated.msg}`);
}
