import type { AuditEntry } from '../audit/service';
import { auditLog } from '../audit/tables';
import type { Executor } from '../db';
import type { JobRow } from './tables';

/** Audit record of a change made by background work: attributed to the job, for the user who queued it. */
export async function recordJobAudit(db: Executor, job: JobRow, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    tenantId: job.tenantId,
    userId: job.createdBy,
    userName: '后台任务',
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    changes: entry.changes ?? null,
    requestId: `job:${job.id}`,
    clientAddress: null,
  });
}
