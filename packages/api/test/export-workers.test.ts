import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DownloadRecordDto, PageResult } from '@cp/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db';
import { migrate } from '../src/db/migrate';
import { jobs } from '../src/jobs/tables';
import { seedPlatform } from '../src/seed/platform';
import { type FreshDatabase, freshDatabase } from './harness';

/** Two API processes on one database and one data folder, both running the background worker. */
let fresh: FreshDatabase;
let second: Database;
let apps: FastifyInstance[];
let dataDir: string;

beforeAll(async () => {
  fresh = await freshDatabase();
  await migrate(fresh.database);
  await seedPlatform(fresh.database.db);
  second = process.env.DATABASE_URL ? await fresh.reopen() : fresh.database;
  dataDir = mkdtempSync(path.join(tmpdir(), 'cp-workers-'));
  const base = loadConfig({});
  const config = {
    ...base,
    dataDir,
    webDist: '/nonexistent',
    jobs: { ...base.jobs, worker: true, pollMs: 30, concurrency: 2 },
  };
  apps = [
    await buildApp({ config, database: fresh.database, logger: false }),
    await buildApp({ config, database: second, logger: false }),
  ];
  await Promise.all(apps.map((app) => app.ready()));
});

afterAll(async () => {
  for (const app of apps) await app.close();
  if (second !== fresh.database) await second.close();
  await fresh.database.close();
  await fresh.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call<T>(app: FastifyInstance, method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  const response = await app.inject({ method, url, payload, headers: token ? { token } : {} });
  const body = response.json() as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

describe('two API processes', () => {
  it('run each export exactly once and either can hand out the file', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const login = { loginId: 'admin', password: 'admin123' };
    const tokenA = (await call<{ access_token: string }>(a, 'POST', '/api/auth/login', undefined, login)).access_token;
    const tokenB = (await call<{ access_token: string }>(b, 'POST', '/api/auth/login', undefined, login)).access_token;
    const submitted: string[] = [];
    for (let i = 0; i < 8; i++) {
      const [app, token] = i % 2 === 0 ? [a, tokenA] : [b, tokenB];
      const record = await call<DownloadRecordDto>(app, 'POST', '/api/exports', token, {
        kind: 'roleManagement',
        filters: {},
      });
      submitted.push(record.id);
    }
    let records: DownloadRecordDto[] = [];
    for (let i = 0; i < 300; i++) {
      records = (await call<PageResult<DownloadRecordDto>>(b, 'GET', '/api/download-records?limit=50', tokenB)).list;
      if (records.filter((row) => submitted.includes(row.id)).every((row) => row.status === 2)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(records.filter((row) => submitted.includes(row.id)).map((row) => row.statusLabel)).toEqual(
      Array(8).fill('已完成'),
    );
    // The record is finished inside the job; the job row is closed just after.
    const exportJobs = async () => (await fresh.database.db.select().from(jobs)).filter((job) => job.kind === 'export');
    for (let i = 0; i < 100 && (await exportJobs()).some((job) => job.status === 'running'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await exportJobs()).map((job) => [job.status, job.attempts])).toEqual(Array(8).fill(['succeeded', 1]));
    // A file made by one process downloads through the other, with the key both share.
    for (const id of submitted.slice(0, 2)) {
      const link = await call<{ url: string }>(a, 'GET', `/api/download-records/${id}/url`, tokenA);
      expect((await b.inject({ method: 'GET', url: link.url })).statusCode).toBe(200);
    }
  });
});
