import { qrCodeResource, qrTemplateResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, refColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';

/** 海报模板: a background image and where the QR code and a line of text go on it, in its pixels. */
export const qrTemplates = pgTable(
  'qr_templates',
  {
    id: idColumn(),
    name: text('name').notNull(),
    background: text('background').array().notNull().default(sql`'{}'::text[]`),
    // Read from the uploaded image itself when it is saved, never taken from the form.
    backgroundWidth: integer('background_width'),
    backgroundHeight: integer('background_height'),
    qrX: integer('qr_x').notNull(),
    qrY: integer('qr_y').notNull(),
    qrSize: integer('qr_size').notNull(),
    caption: text('caption'),
    captionX: integer('caption_x'),
    captionY: integer('caption_y'),
    captionSize: integer('caption_size').notNull().default(32),
    captionColor: text('caption_color').notNull().default('#333333'),
    status: smallint('status').notNull().default(0),
    submittedBy: refColumn('submitted_by'),
    reviewNote: text('review_note'),
    remark: text('remark'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('qr_templates', table, qrTemplateResource, [
      uniqueIndex('qr_templates_tenant_name_key').on(table.tenantId, table.name),
      index('qr_templates_tenant_updated_idx').on(table.tenantId, table.updatedAt, table.id),
      index('qr_templates_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
      index('qr_templates_tenant_status_idx').on(table.tenantId, table.status, table.updatedAt),
      index('qr_templates_tenant_name_sort_idx').on(table.tenantId, table.name, table.id),
      index('qr_templates_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    ]),
);

/**
 * 二维码: a channel's and a salesperson's sign-up link, with the opaque code it carries (unique over every
 * branch company: the public scan finds the code before it knows whose it is) and its counts.
 */
export const qrCodes = pgTable(
  'qr_codes',
  {
    id: idColumn(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    channelId: refColumn('channel_id').notNull(),
    salespersonId: refColumn('salesperson_id').notNull(),
    templateId: refColumn('template_id').notNull(),
    signUpUrl: text('sign_up_url').notNull(),
    scanCount: integer('scan_count').notNull().default(0),
    signUpCount: integer('sign_up_count').notNull().default(0),
    lastScannedAt: timestamp('last_scanned_at', { withTimezone: true }),
    remark: text('remark'),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('qr_codes', table, qrCodeResource, [
      uniqueIndex('qr_codes_code_key').on(table.code),
      index('qr_codes_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
      index('qr_codes_tenant_channel_idx').on(table.tenantId, table.channelId, table.createdAt),
      index('qr_codes_tenant_salesperson_idx').on(table.tenantId, table.salespersonId, table.createdAt),
      index('qr_codes_tenant_template_idx').on(table.tenantId, table.templateId, table.createdAt),
      index('qr_codes_tenant_scans_idx').on(table.tenantId, table.scanCount, table.id),
      index('qr_codes_tenant_sign_ups_idx').on(table.tenantId, table.signUpCount, table.id),
      index('qr_codes_tenant_scanned_idx').on(table.tenantId, table.lastScannedAt, table.id),
      index('qr_codes_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    ]),
);
