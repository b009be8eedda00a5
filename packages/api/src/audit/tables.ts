import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { businessNow } from '../clock';
import { idColumn, refColumn } from '../db/columns';

export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

/** Who changed what, where and when. Detail pages read an entity's history from here. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: idColumn(),
    tenantId: refColumn('tenant_id'),
    userId: refColumn('user_id'),
    userName: text('user_name'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    changes: jsonb('changes').$type<AuditChanges | null>(),
    requestId: text('request_id'),
    clientAddress: text('client_address'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow().$defaultFn(businessNow),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.tenantId, table.entity, table.entityId, table.id),
    index('audit_log_tenant_idx').on(table.tenantId, table.id),
  ],
);
