import { sql } from 'drizzle-orm';
import type { Executor } from '../db';
import { defaultMaxAttempts, type JobKind } from './kinds';
import { type JobRow, jobs } from './tables';

export interface NewJob<P> {
  payload: P;
  tenantId?: number | null;
  createdBy?: number | null;
  runAt?: Date;
  /** Skips the insert when a queued or running job with this key exists. */
  dedupeKey?: string;
}

/** The dedupe key of a recurring kind's one pending run. */
export const recurringKey = (kind: Pick<JobKind<never>, 'kind'>) => `recurring:${kind.kind}`;

/**
 * Queues a job of `kind`, in the caller's transaction when given one: the job exists exactly when the change
 * does. The row takes the kind's attempts, and every check (retries, leases that ran out) reads the row.
 */
export async function enqueueJob<P>(
  db: Executor,
  kind: Pick<JobKind<P>, 'kind' | 'maxAttempts'>,
  job: NewJob<P>,
): Promise<JobRow | null> {
  const values = {
    kind: kind.kind,
    payload: job.payload as Record<string, unknown>,
    tenantId: job.tenantId ?? null,
    createdBy: job.createdBy ?? null,
    runAt: job.runAt ?? new Date(),
    maxAttempts: kind.maxAttempts ?? defaultMaxAttempts,
    dedupeKey: job.dedupeKey ?? null,
  };
  if (!job.dedupeKey) {
    const [row] = await db.insert(jobs).values(values).returning();
    return row ?? null;
  }
  const [row] = await db
    .insert(jobs)
    .values(values)
    .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`status in ('queued', 'running')` })
    .returning();
  return row ?? null;
}

/** Queues the next run of a recurring kind `everyMs` from now; nothing for other kinds. */
export async function scheduleNextRun(db: Executor, kind: JobKind<never>): Promise<void> {
  if (!kind.everyMs) return;
  await enqueueJob(db, kind, {
    payload: {} as never,
    dedupeKey: recurringKey(kind),
    runAt: new Date(Date.now() + kind.everyMs),
  });
}
