import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, refColumn } from '../db/columns';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/**
 * Background work, durable across restarts and shared by every API process on the database. A worker
 * claims a due job with `FOR UPDATE SKIP LOCKED` and holds it by a lease it renews; a job whose lease ran
 * out (its process died) is claimed again, or failed once it has used up its attempts.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: idColumn(),
    kind: text('kind').notNull(),
    tenantId: refColumn('tenant_id'),
    createdBy: refColumn('created_by'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    /** Claims so far, including the current one. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    /** Not claimed before this time: delayed and scheduled jobs, retries with backoff. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The last failure, in words a user can read. */
    error: text('error'),
    result: jsonb('result').$type<unknown>(),
    /** At most one queued or running job per key: recurring jobs, "one per order" schedules. */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('jobs_due_idx').on(table.runAt, table.id).where(sql`status = 'queued'`),
    index('jobs_lease_idx').on(table.leaseUntil).where(sql`status = 'running'`),
    uniqueIndex('jobs_dedupe_key').on(table.dedupeKey).where(sql`status in ('queued', 'running')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
