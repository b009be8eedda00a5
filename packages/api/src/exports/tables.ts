import { bigint, index, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn, refColumn } from '../db/columns';

/**
 * Download records: one per export a user asked for, with its progress and, when done, its file.
 * `status` is `exportStatus` of the contracts (0 排队中, 1 生成中, 2 已完成, 3 失败, 4 已过期).
 */
export const exportRecords = pgTable(
  'export_records',
  {
    id: idColumn(),
    tenantId: refColumn('tenant_id').notNull(),
    userId: refColumn('user_id').notNull(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    status: smallint('status').notNull().default(0),
    progress: smallint('progress').notNull().default(0),
    rowCount: bigint('row_count', { mode: 'number' }).notNull().default(0),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    fileId: refColumn('file_id'),
    failureReason: text('failure_reason'),
    jobId: refColumn('job_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    index('export_records_user_idx').on(table.tenantId, table.userId, table.id),
    index('export_records_expiry_idx').on(table.status, table.expiresAt),
  ],
);

export type ExportRecordRow = typeof exportRecords.$inferSelect;
