import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn, refColumn } from '../db/columns';

/**
 * Every stored file: where the storage keeps it (`fileLocation`), the name it was uploaded with, and who
 * owns it. System files (the user manual) have no tenant.
 */
export const files = pgTable(
  'files',
  {
    id: idColumn(),
    tenantId: refColumn('tenant_id'),
    fileLocation: text('file_location').notNull().unique(),
    attachmentName: text('attachment_name').notNull(),
    fileExtensions: text('file_extensions').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** private: signed temporary URLs only; public: a permanent URL (product images). */
    visibility: text('visibility').$type<'private' | 'public'>().notNull(),
    /** What it is for: upload, image, product-image, export, template-upload… */
    purpose: text('purpose').notNull(),
    uploadedBy: refColumn('uploaded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('files_tenant_idx').on(table.tenantId, table.id)],
);

/** Secrets every API process on the database must share, generated once by whichever process comes first. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
