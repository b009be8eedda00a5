import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db';
import { storageFor } from '../files/storage';
import { files } from '../files/tables';
import { recordJobAudit } from '../jobs/audit';
import { defineJobKind } from '../jobs/kinds';
import { ownerOfStaged, sweepJobStaging } from '../jobs/staging';
import type { JobRow } from '../jobs/tables';
import { jobs } from '../jobs/tables';
import { exportState } from './dto';
import { exportRecords } from './tables';

const batch = 200;
const finishedJobsKeptDays = 30;

/**
 * Removes export files past their retention (the record stays, as 已过期), finished jobs older than a month,
 * staging files of job attempts no live process runs, and uploads a stopped process left staged for a day.
 * Safe to run in several processes at once.
 */
export async function cleanUpExports(db: Db, config: Config, job: JobRow | null = null): Promise<number> {
  const storage = storageFor(config.dataDir);
  let removed = 0;
  for (;;) {
    const locations = await db.transaction(async (tx) => {
      const expired = await tx
        .select({ id: exportRecords.id, fileId: exportRecords.fileId, tenantId: exportRecords.tenantId })
        .from(exportRecords)
        .where(and(eq(exportRecords.status, exportState.done), lte(exportRecords.expiresAt, sql`now()`)))
        .limit(batch)
        .for('update', { skipLocked: true });
      if (expired.length === 0) return [];
      const fileIds = expired.flatMap((record) => (record.fileId === null ? [] : [record.fileId]));
      const gone =
        fileIds.length > 0
          ? await tx.delete(files).where(inArray(files.id, fileIds)).returning({ location: files.fileLocation })
          : [];
      await tx
        .update(exportRecords)
        .set({ status: exportState.expired, fileId: null })
        .where(
          inArray(
            exportRecords.id,
            expired.map((record) => record.id),
          ),
        );
      if (job) {
        for (const record of expired) {
          await recordJobAudit(
            tx,
            { ...job, tenantId: record.tenantId },
            {
              action: 'expire',
              entity: 'export',
              entityId: record.id,
              changes: { status: { from: exportState.done, to: exportState.expired } },
            },
          );
        }
      }
      return gone.map((file) => file.location);
    });
    if (locations.length === 0) break;
    await Promise.all(locations.map((location) => storage.delete(location)));
    removed += locations.length;
  }
  await db
    .delete(jobs)
    .where(
      and(
        inArray(jobs.status, ['succeeded', 'failed']),
        lte(jobs.finishedAt, sql`now() - make_interval(days => ${finishedJobsKeptDays})`),
      ),
    );
  await sweepJobStaging(db, storage);
  await storage.sweepStaging(24 * 3600_000, (name) => ownerOfStaged(name) !== null);
  return removed;
}

export const exportCleanupJob = defineJobKind<Record<string, never>>({
  kind: 'exports.cleanup',
  everyMs: 3600_000,
  run: async ({ db, config, job }) => ({ removed: await cleanUpExports(db, config, job) }),
});
