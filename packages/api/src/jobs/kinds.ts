import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db, Executor } from '../db';
import type { JobRow } from './tables';

/** What a job's code gets to work with. */
interface JobContext<P> {
  job: JobRow & { payload: P };
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** Aborted when the worker lost the job (lease taken over) or the process is stopping: stop soon. */
  signal: AbortSignal;
  /**
   * Whether this worker still holds the job, locking its row until the caller's transaction ends: check it
   * in the transaction that records the result, so a worker that lost its lease changes nothing.
   */
  holds(tx: Executor): Promise<boolean>;
}

/** A kind of background work. Declared once, registered with the runner of each process. */
export interface JobKind<P = Record<string, unknown>> {
  kind: string;
  /** Does the work; what it returns is kept as the job's result. Throwing fails this attempt. */
  run(context: JobContext<P>): Promise<unknown>;
  /** Called in the transaction that marks the job failed for good (attempts used up, or a permanent error). */
  onFailed?(db: Executor, job: JobRow & { payload: P }, reason: string): Promise<void>;
  /** Called in the transaction that puts a failed attempt back in the queue. */
  onRetry?(db: Executor, job: JobRow & { payload: P }, reason: string): Promise<void>;
  /** Attempts a job of this kind gets (default 3); stored on the job's row when it is queued. */
  maxAttempts?: number;
  /** Wait before the next attempt; doubles with each attempt. */
  retryDelayMs?: number;
  /** Runs again this long after each run, succeeded or failed for good (a recurring job keyed by its kind). */
  everyMs?: number;
}

export const defaultMaxAttempts = 3;

export function defineJobKind<P>(kind: JobKind<P>): JobKind<P> {
  return kind;
}

/** A failure that retrying cannot fix (the thing to export is gone): fails the job at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}
