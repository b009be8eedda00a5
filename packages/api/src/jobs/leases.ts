import { and, eq, gte, inArray, lt, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db';
import type { JobKind } from './kinds';
import { scheduleNextRun } from './queue';
import { type JobRow, jobs } from './tables';

/**
 * The database side of running jobs: claims, leases and outcomes. Times come from the database's clock,
 * so processes on different machines agree on when a lease has run out. Every outcome is written only
 * while the worker still holds the job (`held`): a worker that lost its lease changes nothing. A recurring
 * kind's next run is queued in the transaction that closes a run, however it ended.
 */

type AnyKind = JobKind<never>;

const now = sql`now()`;
const leaseEnd = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;
const unlocked = { lockedBy: null, leaseUntil: null, updatedAt: now };

function held(job: JobRow, workerId: string): SQL | undefined {
  return and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running'));
}

/** Whether the worker still holds the job, locking its row until the transaction ends. */
export async function holdsJob(tx: Executor, job: JobRow, workerId: string): Promise<boolean> {
  const rows = await tx.select({ id: jobs.id }).from(jobs).where(held(job, workerId)).for('update');
  return rows.length > 0;
}

/** Why a job whose worker vanished on its last attempt failed, in words a user can read. */
export const abandonedReason = (attempts: number) => `任务执行中断（服务重启或超时），已尝试${attempts}次`;

/** A running job whose lease ran out, not one this process is still working on (its lease is late, not lost). */
const leaseRanOut = (busy: readonly number[]) =>
  and(eq(jobs.status, 'running'), lt(jobs.leaseUntil, now), notInArray(jobs.id, [...busy]));

/**
 * The next due job of these kinds — queued and due, or running with a lease that ran out and attempts
 * left — locked with SKIP LOCKED so concurrent workers never take the same one, and leased to `workerId`.
 * `busy` are the jobs this process is running.
 */
export async function claimNext(
  db: Db,
  kinds: readonly string[],
  workerId: string,
  leaseSeconds: number,
  busy: readonly number[] = [],
): Promise<JobRow | null> {
  if (kinds.length === 0) return null;
  return db.transaction(async (tx) => {
    const [next] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, [...kinds]),
          or(
            and(eq(jobs.status, 'queued'), lte(jobs.runAt, now)),
            and(leaseRanOut(busy), lt(jobs.attempts, jobs.maxAttempts)),
          ),
        ),
      )
      .orderBy(jobs.runAt, jobs.id)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) return null;
    const [row] = await tx
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedBy: workerId,
        leaseUntil: leaseEnd(leaseSeconds),
        heartbeatAt: now,
        startedAt: now,
        updatedAt: now,
      })
      .where(eq(jobs.id, next.id))
      .returning();
    return row ?? null;
  });
}

/** Jobs whose worker vanished with no attempt left: failed with a reason a user can read. Answers them. */
export async function failAbandoned(
  db: Db,
  kinds: ReadonlyMap<string, AnyKind>,
  busy: readonly number[] = [],
): Promise<JobRow[]> {
  if (kinds.size === 0) return [];
  return db.transaction(async (tx) => {
    const abandoned = await tx
      .select()
      .from(jobs)
      .where(and(inArray(jobs.kind, [...kinds.keys()]), leaseRanOut(busy), gte(jobs.attempts, jobs.maxAttempts)))
      .limit(20)
      .for('update', { skipLocked: true });
    for (const job of abandoned) {
      const reason = abandonedReason(job.attempts);
      await tx
        .update(jobs)
        .set({ status: 'failed', error: reason, finishedAt: now, ...unlocked })
        .where(eq(jobs.id, job.id));
      const kind = kinds.get(job.kind);
      if (!kind) continue;
      await kind.onFailed?.(tx, job as never, reason);
      await scheduleNextRun(tx, kind);
    }
    return abandoned;
  });
}

/** Extends the lease; false when the worker no longer holds the job. */
export async function renewLease(db: Db, job: JobRow, workerId: string, leaseSeconds: number): Promise<boolean> {
  const renewed = await db
    .update(jobs)
    .set({ leaseUntil: leaseEnd(leaseSeconds), heartbeatAt: now })
    .where(held(job, workerId))
    .returning({ id: jobs.id });
  return renewed.length > 0;
}

export async function markSucceeded(
  db: Db,
  job: JobRow,
  workerId: string,
  kind: AnyKind,
  result: unknown,
): Promise<void> {
  await db.transaction(async (tx) => {
    const closed = await tx
      .update(jobs)
      .set({ status: 'succeeded', result: result ?? null, error: null, finishedAt: now, ...unlocked })
      .where(held(job, workerId))
      .returning({ id: jobs.id });
    if (closed.length > 0) await scheduleNextRun(tx, kind);
  });
}

/** A failed attempt: queued again after `retryInMs`, or failed for good when `final`. */
export async function markFailed(
  db: Db,
  job: JobRow,
  workerId: string,
  kind: AnyKind,
  outcome: { reason: string; final: boolean; retryInMs: number },
): Promise<void> {
  const { reason, final, retryInMs } = outcome;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(jobs)
      .set(
        final
          ? { status: 'failed', error: reason, finishedAt: now, ...unlocked }
          : { status: 'queued', error: reason, runAt: new Date(Date.now() + retryInMs), ...unlocked },
      )
      .where(held(job, workerId))
      .returning();
    if (!row) return;
    if (final) {
      await kind.onFailed?.(tx, row as never, reason);
      await scheduleNextRun(tx, kind);
    } else {
      await kind.onRetry?.(tx, row as never, reason);
    }
  });
}

/** Hands a job back without counting the attempt (the process is stopping), for any worker to run now. */
export async function releaseJob(db: Db, job: JobRow, workerId: string, kind: AnyKind): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(jobs)
      .set({ status: 'queued', attempts: sql`greatest(${jobs.attempts} - 1, 0)`, runAt: now, ...unlocked })
      .where(held(job, workerId))
      .returning();
    if (row) await kind.onRetry?.(tx, row as never, '服务重启，等待重新执行');
  });
}
