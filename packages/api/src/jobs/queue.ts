import { sql } from 'drizzle-orm';
import type { Executor } from '../db';
import { type JobRow, jobs } from './tables';

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  tenantId?: number | null;
  createdBy?: number | null;
  runAt?: Date;
  maxAttempts?: number;
  /** Skips the insert when a queued or running job with this key exists. */
  dedupeKey?: string;
}

/** Queues a job, in the caller's transaction when given one: the job exists exactly when the change does. */
export async function enqueueJob(db: Executor, job: NewJob): Promise<JobRow | null> {
  const values = {
    kind: job.kind,
    payload: job.payload,
    tenantId: job.tenantId ?? null,
    createdBy: job.createdBy ?? null,
    runAt: job.runAt ?? new Date(),
    maxAttempts: job.maxAttempts ?? 3,
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
