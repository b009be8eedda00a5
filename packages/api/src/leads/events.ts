import type { Executor } from '../db';
import { writtenBy } from '../db/columns';
import { leadEvents } from './tables';

export interface LeadEvent {
  tenantId: number;
  leadId: number;
  kind: number;
  summary: string;
  actorName: string;
  userId?: number | null;
  at?: Date;
}

/** Writes what happened to leads into 线索日志, in the caller's transaction. */
export async function recordLeadEvents(db: Executor, events: readonly LeadEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(leadEvents).values(
    events.map((event) => ({
      leadId: event.leadId,
      kind: event.kind,
      summary: event.summary,
      actorName: event.actorName,
      ...writtenBy({ tenantId: event.tenantId, userId: event.userId ?? null }),
      ...(event.at ? { at: event.at, createdAt: event.at, updatedAt: event.at } : {}),
    })),
  );
}
