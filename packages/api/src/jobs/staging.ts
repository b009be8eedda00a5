import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db';
import type { LocalFileStorage } from '../files/storage';
import { type JobRow, jobs } from './tables';

/**
 * Files a job writes before storing them live in the staging folder, named `job-<id>-<attempt>-<random>.<ext>`
 * so that whoever finds one knows which attempt of which job it belongs to. A file whose attempt is not the
 * one running under a live lease has no writer any more (its process died or lost the job) and is removed:
 * by the job's next attempt, when the job is failed as abandoned, and by the sweep at each start.
 */
const ownedName = /^job-(\d+)-(\d+)-[0-9a-f]+(?:\.[a-z0-9]+)?$/;

/** A new staging path for this attempt of `job`. */
export function stagingFileFor(storage: LocalFileStorage, job: Pick<JobRow, 'id' | 'attempts'>, extension: string) {
  return path.join(storage.stagingDir, `job-${job.id}-${job.attempts}-${randomBytes(6).toString('hex')}.${extension}`);
}

/** The job and attempt a staging file belongs to; null for a file no job wrote (an upload being received). */
export function ownerOfStaged(name: string): { jobId: number; attempt: number } | null {
  const match = ownedName.exec(name);
  return match ? { jobId: Number(match[1]), attempt: Number(match[2]) } : null;
}

/** Removes every staging file of the job: called by the worker that now holds it, before its attempt writes. */
export async function removeStagedOf(storage: LocalFileStorage, jobId: number): Promise<number> {
  const names = (await storage.stagedNames()).filter((name) => ownerOfStaged(name)?.jobId === jobId);
  await Promise.all(names.map((name) => storage.removeStaged(name)));
  return names.length;
}

/**
 * Removes the staging files of jobs not running under a live lease in the attempt that wrote them. Safe with
 * several processes on one folder: the folder is listed before the jobs are read, so a file seen belongs to
 * an attempt claimed before the read, and a live attempt is still running (with its lease) when read.
 */
export async function sweepJobStaging(db: Db, storage: LocalFileStorage): Promise<number> {
  const owned = (await storage.stagedNames()).flatMap((name) => {
    const owner = ownerOfStaged(name);
    return owner ? [{ name, ...owner }] : [];
  });
  if (owned.length === 0) return 0;
  const live = await db
    .select({ id: jobs.id, attempts: jobs.attempts })
    .from(jobs)
    .where(
      and(
        inArray(jobs.id, [...new Set(owned.map((file) => file.jobId))]),
        eq(jobs.status, 'running'),
        gt(jobs.leaseUntil, sql`now()`),
      ),
    );
  const running = new Map(live.map((job) => [job.id, job.attempts]));
  const orphans = owned.filter((file) => running.get(file.jobId) !== file.attempt);
  await Promise.all(orphans.map((file) => storage.removeStaged(file.name)));
  return orphans.length;
}
