import type { HistoryEntry } from '@cp/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db';
import { auditLog } from './tables';

export type { HistoryEntry };

/** The change history of one entity, newest first, as detail pages show it. */
export async function entityHistory(db: Db, tenantId: number, entity: string, entityId: string, limit = 200) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return rows.map(
    (row): HistoryEntry => ({
      id: String(row.id),
      action: row.action,
      userName: row.userName ?? '',
      at: row.at.toISOString(),
      changes: row.changes,
    }),
  );
}
