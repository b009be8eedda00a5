import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db';
import { migrate, rowsOf } from '../src/db/migrate';
import { signingKey } from '../src/files/signing';
import { ApiError } from '../src/http/errors';
import { defineJobKind, type JobKind } from '../src/jobs/kinds';
import { enqueueJob, recurringKey } from '../src/jobs/queue';
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
/** The runners' DATA_DIR: where they look for staging files. */
let dataDir: string;
let first: Database;
/** A second connection pool on the same database, as a second API process would have (PostgreSQL only). */
let second: Database;
const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cp-jobs-'));
  fresh = await freshDatabase();
  first = fresh.database;
  await migrate(first);
  second = onPostgres ? await fresh.reopen() : first;
});
afterAll(async () => {
  if (second !== first) await second.close();
  await first.close();
  await fresh.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function runner(database: Database, jobsConfig: Partial<ReturnType<typeof loadConfig>['jobs']> = {}) {
  const config = { ...loadConfig({}), dataDir };
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
    for (let i = 0; i < 60; i++) await enqueueJob(first.db, { kind: 'test.exactlyOnce' }, { payload: { i } });

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
    await enqueueJob(first.db, { kind: 'test.flaky' }, { payload: {} });
    await a.runUntilIdle();
    await sleep(20);
    await a.runUntilIdle();
    const [row] = await jobRows('test.flaky');
    expect(row).toMatchObject({ status: 'succeeded', attempts: 2, error: null, result: { calls: 2 } });
  });

  it('fails for good after the last attempt, telling the kind why', async () => {
    const reasons: string[] = [];
    const a = runner(first);
    const broken = defineJobKind({
      kind: 'test.broken',
      maxAttempts: 2,
      retryDelayMs: 0,
      run: async () => {
        throw new Error('connection reset by peer');
      },
      onFailed: async (_db, _job, reason) => {
        reasons.push(reason);
      },
    });
    a.define(broken);
    await enqueueJob(first.db, broken, { payload: {} });
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
    await enqueueJob(first.db, { kind: 'test.long' }, { payload: {} });
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
    await enqueueJob(first.db, { kind: 'test.takenOver' }, { payload: {} });
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

describe('leases', () => {
  it('stay with a worker that renews them, however long the job runs', async () => {
    const runs: string[] = [];
    const slow = (worker: string) =>
      defineJobKind({
        kind: 'test.slow',
        run: async () => {
          runs.push(worker);
          await sleep(2500);
          return null;
        },
      });
    const a = runner(first, { leaseSeconds: 1 });
    const b = runner(second, { leaseSeconds: 1 });
    a.define(slow('a'));
    b.define(slow('b'));
    await enqueueJob(first.db, { kind: 'test.slow' }, { payload: {} });
    await a.tick();
    while (a.busy > 0) {
      await b.tick();
      await sleep(100);
    }
    await b.runUntilIdle();
    expect(runs).toEqual(['a']);
    expect((await jobRows('test.slow'))[0]).toMatchObject({ status: 'succeeded', attempts: 1 });
  });
});

describe('staging files', () => {
  it('are removed at start unless a live attempt on any process owns them', async () => {
    const kind = { kind: 'test.staging' };
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await enqueueJob(first.db, kind, { payload: {} }))?.id ?? 0);
    const [live = 0, retried = 0, finished = 0] = ids;
    const lease = sql`now() + interval '1 minute'`;
    // Attempt 1 of `live` runs in another process; attempt 1 of `retried` died and attempt 2 runs now.
    await first.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedBy: 'other-process', leaseUntil: lease })
      .where(eq(jobs.id, live));
    await first.db
      .update(jobs)
      .set({ status: 'running', attempts: 2, lockedBy: 'other-process', leaseUntil: lease })
      .where(eq(jobs.id, retried));
    await first.db.update(jobs).set({ status: 'failed', attempts: 1 }).where(eq(jobs.id, finished));
    const folder = path.join(dataDir, 'files', '.staging');
    mkdirSync(folder, { recursive: true });
    const names = {
      live: `job-${live}-1-0a.xlsx`,
      deadAttempt: `job-${retried}-1-0b.xlsx`,
      finished: `job-${finished}-1-0c.xlsx`,
      unknownJob: 'job-999999999-1-0d.xlsx',
      uploadBeingReceived: `${Date.now()}-0e.part`,
    };
    for (const name of Object.values(names)) writeFileSync(path.join(folder, name), 'partial');

    const starting = runner(second, { pollMs: 60_000 });
    await starting.start();
    await starting.stop();

    const left = Object.entries(names).filter(([, name]) => existsSync(path.join(folder, name)));
    expect(left.map(([what]) => what)).toEqual(['live', 'uploadBeingReceived']);
  });
});

describe('recurring jobs', () => {
  it('queue their next run after a run that failed for good, and still report the failure', async () => {
    const reasons: string[] = [];
    const a = runner(first);
    const recurring = defineJobKind({
      kind: 'test.recurringBroken',
      everyMs: 3_600_000,
      maxAttempts: 1,
      run: async () => {
        throw new Error('upstream unavailable');
      },
      onFailed: async (_db, _job, reason) => {
        reasons.push(reason);
      },
    });
    a.define(recurring);
    await enqueueJob(first.db, recurring, { payload: {}, dedupeKey: recurringKey(recurring) });
    await a.runUntilIdle();
    const rows = await jobRows('test.recurringBroken');
    expect(rows.map((row) => [row.status, row.error])).toEqual([
      ['failed', '系统异常，任务执行失败'],
      ['queued', null],
    ]);
    expect(reasons).toEqual(['系统异常，任务执行失败']);
    expect(rows[1]?.runAt.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
  });

  it('queue their next run when the process running the last attempt died', async () => {
    const a = runner(first);
    const recurring = defineJobKind({ kind: 'test.recurringDied', everyMs: 3_600_000, run: async () => null });
    a.define(recurring);
    await enqueueJob(first.db, recurring, { payload: {}, dedupeKey: recurringKey(recurring) });
    await first.db.execute(sql`
      update jobs set status = 'running', attempts = max_attempts, locked_by = 'dead-worker',
        lease_until = now() - interval '1 second'
      where kind = 'test.recurringDied'`);
    await a.runUntilIdle();
    const rows = await jobRows('test.recurringDied');
    expect(rows.map((row) => row.status)).toEqual(['failed', 'queued']);
    expect(rows[0]?.error).toMatch(/^任务执行中断/);
  });
});

describe('attempts', () => {
  it('are the kind’s, for a failed attempt and for a process that died alike', async () => {
    let calls = 0;
    const a = runner(first);
    const twoAttempts = defineJobKind({
      kind: 'test.twoAttempts',
      maxAttempts: 2,
      retryDelayMs: 60_000,
      run: async () => {
        calls += 1;
        throw new Error('connection reset by peer');
      },
    });
    a.define(twoAttempts);
    await enqueueJob(first.db, twoAttempts, { payload: {} });
    expect((await jobRows('test.twoAttempts'))[0]?.maxAttempts).toBe(2);
    await a.runUntilIdle();
    expect((await jobRows('test.twoAttempts'))[0]).toMatchObject({ status: 'queued', attempts: 1 });
    // The second attempt's process is killed mid-way.
    await first.db.execute(sql`
      update jobs set status = 'running', attempts = attempts + 1, locked_by = 'dead-worker',
        lease_until = now() - interval '1 second'
      where kind = 'test.twoAttempts'`);
    await a.runUntilIdle();
    expect((await jobRows('test.twoAttempts'))[0]).toMatchObject({
      status: 'failed',
      attempts: 2,
      error: '任务执行中断（服务重启或超时），已尝试2次',
    });
    expect(calls).toBe(1);
  });
});

describe('several API processes on one database', () => {
  it('sign and check file URLs with the same key, generated once', async () => {
    const [a, b] = await Promise.all([signingKey(first.db), signingKey(second.db)]);
    expect(a.length).toBe(32);
    expect(a.equals(b)).toBe(true);
  });
});
