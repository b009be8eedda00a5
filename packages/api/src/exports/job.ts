import { mkdir, rm } from 'node:fs/promises';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../db';
import { contentTypeOf } from '../files/content';
import { newFileLocation } from '../files/service';
import { storageFor } from '../files/storage';
import { files } from '../files/tables';
import { recordJobAudit } from '../jobs/audit';
import { defineJobKind, PermanentJobError } from '../jobs/kinds';
import { stagingFileFor } from '../jobs/staging';
import type { JobRow } from '../jobs/tables';
import { sha256File, XlsxWriter } from '../xlsx/writer';
import { exportRegistry } from './catalogue';
import { exportState } from './dto';
import { exportRecords } from './tables';

export interface ExportJobPayload {
  exportId: number;
}

const progressIntervalMs = 1000;
const rowsBetweenYields = 200;

async function setRecord(db: Executor, id: number, values: PgUpdateSetSource<typeof exportRecords>) {
  await db.update(exportRecords).set(values).where(eq(exportRecords.id, id));
}

/**
 * Builds one export's file: reads the rows a batch at a time, streams them into an .xlsx in the staging
 * folder, stores it and marks the download record finished — or, on a re-run after a restart, starts over.
 */
export const exportJob = defineJobKind<ExportJobPayload>({
  kind: 'export',
  async run({ job, db, config, signal, holds }) {
    const [record] = await db.select().from(exportRecords).where(eq(exportRecords.id, job.payload.exportId));
    if (!record) throw new PermanentJobError('下载记录不存在');
    if (record.status === exportState.done) return { rows: record.rowCount, size: record.size };
    const definition = exportRegistry.get(record.kind);
    if (!definition) throw new PermanentJobError('该导出已下线');
    const parsed = definition.filters.safeParse(record.filters);
    if (!parsed.success) throw new PermanentJobError('筛选条件无效');

    await setRecord(db, record.id, {
      status: exportState.running,
      progress: 0,
      rowCount: 0,
      failureReason: null,
      startedAt: sql`now()`,
    });
    const scope = {
      tenantId: record.tenantId,
      userId: record.userId,
      filters: parsed.data,
      batchSize: config.exports.batchSize,
      signal,
    };
    const total = definition.count ? await definition.count(db, scope) : 0;
    const storage = storageFor(config.dataDir);
    await mkdir(storage.stagingDir, { recursive: true });
    const localPath = stagingFileFor(storage, job, 'xlsx');
    const writer = new XlsxWriter(localPath, definition.columns, { sheetTitle: definition.name });
    let fileLocation: string | undefined;
    try {
      let reported = Date.now();
      let batches = 0;
      for await (const batch of definition.rows(db, scope)) {
        if (signal.aborted) throw signal.reason;
        for (const [i, row] of batch.entries()) {
          writer.addRow(definition.columns.map((column) => column.value(row)));
          // Turning rows into XML is CPU work on the API's own thread: let waiting requests in regularly.
          if (i % rowsBetweenYields === rowsBetweenYields - 1) await yieldToRequests();
        }
        await writer.drain();
        batches += 1;
        if (Date.now() - reported >= progressIntervalMs) {
          reported = Date.now();
          const progress = total > 0 ? Math.floor((writer.rows * 100) / total) : Math.min(90, batches);
          await setRecord(db, record.id, { progress: Math.min(99, progress), rowCount: writer.rows });
        }
        await yieldToRequests();
      }
      if (signal.aborted) throw signal.reason;
      const size = await writer.finish();
      const sha256 = await sha256File(localPath);
      fileLocation = newFileLocation('exports', 'xlsx');
      await storage.putFile(fileLocation, localPath);
      const stored = fileLocation;
      const completed = await db.transaction(async (tx) => {
        if (!(await holds(tx))) return false;
        const [file] = await tx
          .insert(files)
          .values({
            tenantId: record.tenantId,
            fileLocation: stored,
            attachmentName: `${record.name}.xlsx`,
            fileExtensions: 'xlsx',
            contentType: contentTypeOf('xlsx'),
            size,
            sha256,
            visibility: 'private',
            purpose: 'export',
            uploadedBy: record.userId,
          })
          .returning({ id: files.id });
        await setRecord(tx, record.id, {
          status: exportState.done,
          progress: 100,
          rowCount: writer.rows,
          size,
          fileId: file?.id ?? null,
          finishedAt: sql`now()`,
          expiresAt: sql`now() + make_interval(days => ${config.exports.retentionDays})`,
        });
        await recordJobAudit(tx, job, {
          action: 'complete',
          entity: 'export',
          entityId: record.id,
          changes: {
            status: { from: exportState.running, to: exportState.done },
            rowCount: { from: 0, to: writer.rows },
          },
        });
        return true;
      });
      if (!completed) {
        await storage.delete(stored);
        return { discarded: true };
      }
      return { rows: writer.rows, size, fileLocation: stored };
    } catch (error) {
      writer.abort();
      if (fileLocation) await storage.delete(fileLocation);
      throw error;
    } finally {
      await rm(localPath, { force: true });
    }
  },
  async onFailed(db, job: JobRow & { payload: ExportJobPayload }, reason) {
    await setRecord(db, job.payload.exportId, {
      status: exportState.failed,
      failureReason: reason,
      finishedAt: sql`now()`,
    });
    await recordJobAudit(db, job, {
      action: 'fail',
      entity: 'export',
      entityId: job.payload.exportId,
      changes: { status: { from: null, to: exportState.failed }, failureReason: { from: null, to: reason } },
    });
  },
  async onRetry(db, job: JobRow & { payload: ExportJobPayload }, reason) {
    await setRecord(db, job.payload.exportId, { status: exportState.queued, progress: 0, rowCount: 0 });
    await recordJobAudit(db, job, {
      action: 'requeue',
      entity: 'export',
      entityId: job.payload.exportId,
      changes: { status: { from: exportState.running, to: exportState.queued }, reason: { from: null, to: reason } },
    });
  },
});
