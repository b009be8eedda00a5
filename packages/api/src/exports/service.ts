import type { DownloadLink, DownloadRecordDto, ExportRequest, PageQuery } from '@cp/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../audit/service';
import type { Config } from '../config';
import type { Db } from '../db';
import { cappedCount, paginate } from '../db/paging';
import { signedUrl } from '../files/service';
import { hasPermission, sessionOf } from '../http/access';
import { badRequest, businessError, forbidden, notFound } from '../http/errors';
import { parseWith } from '../http/validation';
import type { SessionContext } from '../identity/sessions';
import { enqueueJob } from '../jobs/queue';
import { jobs } from '../jobs/tables';
import { exportRegistry } from './catalogue';
import { exportName, exportState, toDownloadRecord } from './dto';
import { exportJob } from './job';
import { exportRecords } from './tables';

/** The exports this user may run. */
export function availableExports(auth: SessionContext) {
  return exportRegistry
    .list()
    .filter((definition) => hasPermission(auth, [definition.permission]))
    .map((definition) => ({ kind: definition.kind, name: definition.name, permission: definition.permission }));
}

/**
 * Queues an export of a list with its current filters: checks the list's export button, validates the
 * filters with the list's schema, and writes the download record and its job in one transaction.
 */
export async function createExport(
  db: Db,
  request: FastifyRequest,
  input: Required<ExportRequest>,
): Promise<DownloadRecordDto> {
  const auth = sessionOf(request);
  const definition = exportRegistry.get(input.kind);
  if (!definition) throw badRequest(`导出类型：不支持 ${input.kind}`);
  if (!hasPermission(auth, [definition.permission])) throw forbidden();
  // Validated now, stored as the list sent them: the job parses them again with the same schema, and a
  // schema that transforms (`stage=0,1` → [0, 1]) would not accept its own output.
  parseWith(definition.filters, input.filters);
  const filters = (input.filters ?? {}) as Record<string, unknown>;
  return db.transaction(async (tx) => {
    const [record] = await tx
      .insert(exportRecords)
      .values({
        tenantId: auth.tenantId,
        userId: auth.userId,
        kind: definition.kind,
        name: exportName(definition.name),
        filters,
      })
      .returning();
    if (!record) throw new Error('insert returned no row');
    const job = await enqueueJob(tx, exportJob, {
      payload: { exportId: record.id },
      tenantId: auth.tenantId,
      createdBy: auth.userId,
    });
    await tx
      .update(exportRecords)
      .set({ jobId: job?.id ?? null })
      .where(eq(exportRecords.id, record.id));
    await recordAudit(tx, request, {
      action: 'create',
      entity: 'export',
      entityId: record.id,
      changes: { kind: { from: null, to: definition.kind }, filters: { from: null, to: filters } },
    });
    return toDownloadRecord({ ...record, jobId: job?.id ?? null });
  });
}

const ownRecords = (auth: SessionContext) =>
  and(eq(exportRecords.tenantId, auth.tenantId), eq(exportRecords.userId, auth.userId));

/** The user's exports in this branch company, newest first, each as its job stands now. */
export async function listDownloadRecords(db: Db, auth: SessionContext, query: PageQuery) {
  const where = ownRecords(auth);
  return paginate(
    query,
    async (limit, offset) => {
      const rows = await db
        .select({
          record: exportRecords,
          jobStatus: jobs.status,
          attempts: jobs.attempts,
          maxAttempts: jobs.maxAttempts,
          leaseRanOut: sql<boolean>`coalesce(${jobs.leaseUntil} < now(), false)`,
        })
        .from(exportRecords)
        .leftJoin(jobs, eq(jobs.id, exportRecords.jobId))
        .where(where)
        .orderBy(desc(exportRecords.id))
        .limit(limit)
        .offset(offset);
      const now = Date.now();
      return rows.map(({ record, jobStatus, attempts, maxAttempts, leaseRanOut }) =>
        toDownloadRecord(
          record,
          now,
          jobStatus === null
            ? null
            : { status: jobStatus, attempts: attempts ?? 0, maxAttempts: maxAttempts ?? 0, leaseRanOut },
        ),
      );
    },
    () => cappedCount(db, exportRecords, where),
  );
}

/** A signed address for the finished file of one of the user's exports. */
export async function downloadLink(db: Db, config: Config, auth: SessionContext, id: number): Promise<DownloadLink> {
  const [row] = await db
    .select()
    .from(exportRecords)
    .where(and(eq(exportRecords.id, id), ownRecords(auth)));
  if (!row) throw notFound('下载记录');
  const record = toDownloadRecord(row);
  if (row.status === exportState.expired || (row.status === exportState.done && !record.downloadable)) {
    throw businessError('文件已过期，请重新导出');
  }
  if (row.status !== exportState.done || row.fileId === null) throw businessError('文件尚未生成完成，请稍后再试');
  const link = await signedUrl(
    db,
    config,
    { fileId: row.fileId, tenantId: row.tenantId, disposition: 'attachment' },
    record.fileName,
  );
  return { url: link.url, fileName: record.fileName, expiresAt: link.expiresAt.toISOString() };
}
