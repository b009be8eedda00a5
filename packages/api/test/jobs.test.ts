import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db';
import { migrate, rowsOf } from '../src/db/migrate';
import { signingKey } from '../src/files/signing';
import { ApiError } from '../src/http/errors';
import { defineJobKind, type JobKind } from '../src/jobs/kinds';
import { enqueueJob } from '../src/jobs/queue';
import { JobRunner } from '../src/jobs/runner';
import { jobs } from '../src/jobs/tables';
import { type FreshDatabase, freshDatabase } from './harness';

const quiet = {
  level: 'silent',
  info() {},
  warn() {},
  error() {},
  debug() {},
  fatal() {},
  trace() {},
  silent() {},
  child() {
    return quiet;
  },
} as unknown as FastifyBaseLogger;

let fresh: FreshDatabase;
let first: Database;
/** A second connection pool on the same database, as a second API process would have (PostgreSQL only). */
let second: Database;
const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  fresh = await freshDatabase();
  first = fresh.database;
  await migrate(first);
  second = onPostgres ? await fresh.reopen() : first;
});
afterAll(async () => {
  if (second !== first) await second.close();
  await first.close();
  await fresh.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function runner(database: Database, jobsConfig: Partial<ReturnType<typeof loadConfig>['jobs']> = {}) {
  const config = loadConfig({});
  config.jobs = { ...config.jobs, pollMs: 20, leaseSeconds: 30, concurrency: 1, ...jobsConfig };
  return new JobRunner({ db: database.db, config, log: quiet });
}

async function jobRows(kind: string) {
  return first.db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(jobs.id);
}

describe('job runner', () => {
  it('runs each job exactly once with two workers on one database', async () => {
    const runs: { id: number; worker: string }[] = [];
    const kind = (worker: string): JobKind =>
      defineJobKind({
        kind: 'test.exactlyOnce',
        run: async ({ job }) => {
          runs.push({ id: job.id, worker });
          await sleep(5);
          return { worker };
        },
      });
    const a = runner(first, { concurrency: 3 });
    const b = runner(second, { concurrency: 3 });
    a.define(kind('a'));
    b.define(kind('b'));
    for (let i = 0; i < 60; i++) await enqueueJob(first.db, { kind: 'test.exactlyOnce', payload: { i } });

    await Promise.all([a.runUntilIdle(), b.runUntilIdle()]);

    const ids = runs.map((run) => run.id);
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
    const rows = await jobRows('test.exactlyOnce');
    expect(rows.every((row) => row.status === 'succeeded' && row.attempts === 1)).toBe(true);
    if (onPostgres) {
      expect(runs.some((run) => run.worker === 'a')).toBe(true);
      expect(runs.some((run) => run.worker === 'b')).toBe(true);
    }
  });

  it('retries a failed attempt, then succeeds', async () => {
    let calls = 0;
    const a = runner(first);
    a.define({
      kind: 'test.flaky',
      retryDelayMs: 0,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError(1000, '对方系统繁忙');
        return { calls };
      },
    });
    await enqueueJob(first.db, { kind: 'test.flaky', payload: {} });
    await a.runUntilIdle();
    await sleep(20);
    await a.runUntilIdle();
    const [row] = await jobRows('test.flaky');
    expect(row).toMatchObject({ status: 'succeeded', attempts: 2, error: null, result: { calls: 2 } });
  });

  it('fails for good after the last attempt, telling the kind why', async () => {
    const reasons: string[] = [];
    const a = runner(first);
    a.define({
      kind: 'test.broken',
      retryDelayMs: 0,
      run: async () => {
        throw new Error('connection reset by peer');
      },
      onFailed: async (_db, _job, reason) => {
        reasons.push(reason);
      },
    });
    await enqueueJob(first.db, { kind: 'test.broken', payload: {}, maxAttempts: 2 });
    for (let i = 0; i < 3; i++) {
      await a.runUntilIdle();
      await sleep(20);
    }
    const [row] = await jobRows('test.broken');
    expect(row).toMatchObject({ status: 'failed', attempts: 2, error: '系统异常，任务执行失败' });
    expect(reasons).toEqual(['系统异常，任务执行失败']);
  });

  it('hands a running job back when the process stops, without counting the attempt', async () => {
    let started = false;
    const a = runner(first);
    a.define({
      kind: 'test.long',
      run: async ({ signal }) => {
        started = true;
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        throw signal.reason;
      },
    });
    await enqueueJob(first.db, { kind: 'test.long', payload: {} });
    await a.tick();
    while (!started) await sleep(5);
    expect((await jobRows('test.long'))[0]).toMatchObject({ status: 'running', attempts: 1 });
    await a.stop();
    expect((await jobRows('test.long'))[0]).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
  });

  it('stops work whose lease another worker took over, and leaves the job to it', async () => {
    let aborted = false;
    const a = runner(first, { leaseSeconds: 1 });
    a.define({
      kind: 'test.takenOver',
      run: async ({ signal }) => {
        await new Promise((resolve) => {
          signal.addEventListener('abort', resolve);
          setTimeout(resolve, 5000);
        });
        aborted = signal.aborted;
        return 'finished anyway';
      },
    });
    await enqueueJob(first.db, { kind: 'test.takenOver', payload: {} });
    await a.tick();
    await first.db.update(jobs).set({ lockedBy: 'other-worker' }).where(eq(jobs.kind, 'test.takenOver'));
    while (a.busy > 0) await sleep(20);
    expect(aborted).toBe(true);
    expect((await jobRows('test.takenOver'))[0]).toMatchObject({ status: 'running', lockedBy: 'other-worker' });
  });

  it('keeps one pending run of a recurring job however many processes start', async () => {
    const make = (database: Database) => {
      const r = runner(database, { pollMs: 60_000 });
      r.define({ kind: 'test.recurring', everyMs: 3_600_000, run: async () => null });
      return r;
    };
    const a = make(first);
    const b = make(second);
    await Promise.all([a.start(), b.start()]);
    await Promise.all([a.stop(), b.stop()]);
    const pending = rowsOf<{ n: number }>(
      await first.db.execute(
        sql`select count(*)::int as n from jobs where kind = 'test.recurring' and status in ('queued', 'running')`,
      ),
    );
    expect(pending[0]?.n).toBe(1);
  });
});

describe('several API processes on one database', () => {
  it('sign and check file URLs with the same key, generated once', async () => {
    const [a, b] = await Promise.all([signingKey(first.db), signingKey(second.db)]);
    expect(a.length).toBe(32);
    expect(a.equals(b)).toBe(true);
  });
});
