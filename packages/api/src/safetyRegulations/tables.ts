import { safetyRegulationResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { date, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';

/**
 * 安全制度: one row per version of a 制度 (its title). No two versions of a 制度 share an effective date or a
 * version label; what is 生效 is read from the dates (`feature.ts`).
 */
export const safetyRegulations = pgTable(
  'safety_regulations',
  {
    id: idColumn(),
    title: text('title').notNull(),
    category: smallint('category').notNull(),
    edition: text('edition').notNull(),
    department: text('department').notNull(),
    effectiveDate: date('effective_date').notNull(),
    file: text('file').array().notNull().default(sql`'{}'::text[]`),
    summary: text('summary'),
    validity: smallint('validity').notNull().default(1),
    repealReason: text('repeal_reason'),
    repealedOn: date('repealed_on'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('safety_regulations', table, safetyRegulationResource, [
      uniqueIndex('safety_regulations_tenant_title_day_key').on(table.tenantId, table.title, table.effectiveDate),
      uniqueIndex('safety_regulations_tenant_title_edition_key').on(table.tenantId, table.title, table.edition),
    ]),
);
