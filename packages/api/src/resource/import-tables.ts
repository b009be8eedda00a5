import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, refColumn } from '../db/columns';

/** One upload of a resource imported row by row (`import: { mode: 'rows' }`), for every family alike. */
export const importBatches = pgTable(
  'import_batches',
  {
    id: idColumn(),
    /** The resource imported (`lead`): each family's batches are its own list. */
    resourceKey: text('resource_key').notNull(),
    fileName: text('file_name').notNull(),
    rows: integer('rows').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    /** 0 处理中, 1 已完成, 2 失败. */
    status: smallint('status').notNull().default(0),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...businessColumns(),
  },
  (table) => [
    index('import_batches_tenant_resource_created_idx').on(
      table.tenantId,
      table.resourceKey,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('import_batches_tenant_resource_status_idx').on(table.tenantId, table.resourceKey, table.status),
    index('import_batches_tenant_resource_user_idx').on(table.tenantId, table.resourceKey, table.createdBy),
    index('import_batches_file_name_trgm_idx').using('gin', sql`${table.fileName} gin_trgm_ops`),
  ],
);

/** What became of each row of a batch: its row number, outcome, why, and the row it created. */
export const importBatchRows = pgTable(
  'import_batch_rows',
  {
    id: idColumn(),
    batchId: refColumn('batch_id').notNull(),
    rowNumber: integer('row_number').notNull(),
    /** 1 已导入, 2 重复, 3 未通过. */
    outcome: smallint('outcome').notNull(),
    message: text('message').notNull().default(''),
    recordId: refColumn('record_id'),
    ...businessColumns(),
  },
  (table) => [
    index('import_batch_rows_tenant_batch_row_idx').on(table.tenantId, table.batchId, table.rowNumber),
    index('import_batch_rows_tenant_batch_outcome_idx').on(
      table.tenantId,
      table.batchId,
      table.outcome,
      table.rowNumber,
    ),
  ],
);
