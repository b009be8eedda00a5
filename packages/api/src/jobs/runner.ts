import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db, Executor } from '../db';
import { storageFor } from '../files/storage';
import { ApiError } from '../http/errors';
import { type JobKind, PermanentJobError } from './kinds';
import { claimNext, failAbandoned, holdsJob, markFailed, markSucceeded, releaseJob, renewLease } from './leases';
import { enqueueJob, recurringKey } from './queue';
import { removeStagedOf, sweepJobStaging } from './staging';
import type { JobRow } from './tables';

class LeaseLost extends Error {}
class ShuttingDown extends Error {}

/** Words for the download center; the details go to the log. */
function reasonOf(error: unknown): string {
  if (error instanceof PermanentJobError || error instanceof ApiError) return error.message;
  return '系统异常，任务执行失败';
}

/**
 * Claims and runs due jobs of the kinds it knows, `concurrency` at a time. Any number of processes may run
 * one on the same database: a claim locks the row with SKIP LOCKED and leases it; the worker renews the
 * short lease (JOB_LEASE_SECONDS, 10 s) three times per lease while it works, so a lease that runs out means
 * the process died or stalled: the job is claimable again, until its attempts are used up and it is failed
 * with a reason. Staging files of an attempt known dead are removed when the job is claimed again or failed.
 */
export class JobRunner {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly kinds = new Map<string, JobKind<never>>();
  private readonly running = new Map<number, { controller: AbortController; done: Promise<void> }>();
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private stopping = false;
  private ticking: Promise<void> | undefined;
  private tickAgain = false;

  private readonly storage;

  constructor(
    private readonly deps: { db: Db; config: Config; log: FastifyBaseLogger },
    private readonly options = deps.config.jobs,
  ) {
    this.storage = storageFor(deps.config.dataDir);
  }

  define<P>(kind: JobKind<P>): void {
    if (this.kinds.has(kind.kind)) throw new Error(`job kind ${kind.kind} defined twice`);
    this.kinds.set(kind.kind, kind as unknown as JobKind<never>);
  }

  get busy(): number {
    return this.running.size;
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.sweepStaging();
    for (const kind of this.kinds.values()) {
      if (kind.everyMs) await enqueueJob(this.deps.db, kind, { payload: {} as never, dedupeKey: recurringKey(kind) });
    }
    this.schedule(0);
  }

  /** Looks for work now instead of at the next poll (after queueing a job in this process). */
  wake(): void {
    if (this.started && !this.stopping) this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.stopping) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.ticking) {
        this.tickAgain = true;
        return;
      }
      this.ticking = this.tick().then(() => {
        this.ticking = undefined;
        const again = this.tickAgain;
        this.tickAgain = false;
        this.schedule(again ? 0 : this.options.pollMs);
      });
    }, delay);
    this.timer.unref?.();
  }

  /** One round: fail abandoned jobs out of attempts, then claim while there is room. Answers how many started. */
  async tick(): Promise<number> {
    let claimed = 0;
    try {
      await this.reapExhausted();
      while (!this.stopping && this.running.size < this.options.concurrency) {
        const job = await this.claim();
        if (!job) break;
        claimed += 1;
        this.launch(job);
      }
    } catch (error) {
      this.deps.log.error({ err: error }, 'job runner: poll failed');
    }
    return claimed;
  }

  /** Runs rounds until nothing is due or running (tests, benchmarks). */
  async runUntilIdle(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const claimed = await this.tick();
      if (claimed === 0 && this.running.size === 0) return;
      if (Date.now() > deadline) throw new Error('jobs still running');
      await Promise.race([...[...this.running.values()].map((entry) => entry.done), sleep(20)]);
    }
  }

  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    for (const entry of this.running.values()) entry.controller.abort(new ShuttingDown('shutdown'));
    const all = Promise.allSettled([...this.running.values()].map((entry) => entry.done));
    await Promise.race([all, sleep(graceMs)]);
    await this.ticking;
  }

  private claim(): Promise<JobRow | null> {
    const busy = [...this.running.keys()];
    return claimNext(this.deps.db, [...this.kinds.keys()], this.workerId, this.options.leaseSeconds, busy);
  }

  private async reapExhausted(): Promise<void> {
    for (const job of await failAbandoned(this.deps.db, this.kinds, [...this.running.keys()])) {
      this.deps.log.warn({ jobId: job.id, kind: job.kind }, 'job runner: abandoned job failed');
      await this.removeStaged(job);
    }
  }

  /** Staging files of jobs that no live process is working on: left by a process that was killed. */
  private async sweepStaging(): Promise<void> {
    try {
      const removed = await sweepJobStaging(this.deps.db, this.storage);
      if (removed > 0) this.deps.log.info({ removed }, 'job runner: removed staging files of dead attempts');
    } catch (error) {
      this.deps.log.warn({ err: error }, 'job runner: staging sweep failed');
    }
  }

  /** Files earlier attempts of the job left behind: their worker is gone, this one holds the job now. */
  private async removeStaged(job: JobRow): Promise<void> {
    try {
      await removeStagedOf(this.storage, job.id);
    } catch (error) {
      this.deps.log.warn({ err: error, jobId: job.id }, 'job runner: could not remove staging files');
    }
  }

  private launch(job: JobRow): void {
    const controller = new AbortController();
    const done = this.execute(job, controller).finally(() => {
      this.running.delete(job.id);
      this.wake();
    });
    this.running.set(job.id, { controller, done });
  }

  private async execute(job: JobRow, controller: AbortController): Promise<void> {
    const kind = this.kinds.get(job.kind);
    if (!kind) return;
    const { db, config, log } = this.deps;
    const heartbeat = setInterval(
      () => void this.renew(job, controller),
      Math.max(200, (this.options.leaseSeconds * 1000) / 3),
    );
    try {
      await this.removeStaged(job);
      const holds = (tx: Executor) => holdsJob(tx, job, this.workerId);
      const result = await kind.run({ job: job as never, db, config, log, signal: controller.signal, holds });
      if (controller.signal.aborted) throw controller.signal.reason;
      await this.succeed(job, kind, result);
    } catch (thrown) {
      const error = controller.signal.aborted ? controller.signal.reason : thrown;
      if (error instanceof LeaseLost) {
        log.warn({ jobId: job.id }, 'job runner: lease lost, another worker owns the job now');
      } else if (error instanceof ShuttingDown) {
        await this.release(job, kind);
      } else {
        if (!(error instanceof PermanentJobError || error instanceof ApiError)) {
          log.error({ err: error, jobId: job.id, kind: job.kind }, 'job failed');
        }
        await this.fail(job, kind, error);
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async renew(job: JobRow, controller: AbortController): Promise<void> {
    if (controller.signal.aborted) return;
    try {
      if (!(await renewLease(this.deps.db, job, this.workerId, this.options.leaseSeconds))) {
        controller.abort(new LeaseLost());
      }
    } catch (error) {
      this.deps.log.warn({ err: error, jobId: job.id }, 'job runner: lease renewal failed');
    }
  }

  private async succeed(job: JobRow, kind: JobKind<never>, result: unknown): Promise<void> {
    await markSucceeded(this.deps.db, job, this.workerId, kind, result);
  }

  private async fail(job: JobRow, kind: JobKind<never>, error: unknown): Promise<void> {
    await markFailed(this.deps.db, job, this.workerId, kind, {
      reason: reasonOf(error),
      final: error instanceof PermanentJobError || job.attempts >= job.maxAttempts,
      retryInMs: (kind.retryDelayMs ?? 5_000) * 2 ** Math.max(0, job.attempts - 1),
    });
  }

  /** Stopping: hand the job back without counting the attempt, for this or another process to run. */
  private async release(job: JobRow, kind: JobKind<never>): Promise<void> {
    try {
      await releaseJob(this.deps.db, job, this.workerId, kind);
    } catch (error) {
      // The lease runs out and another process takes the job over.
      this.deps.log.warn({ err: error, jobId: job.id }, 'job runner: could not release job');
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
