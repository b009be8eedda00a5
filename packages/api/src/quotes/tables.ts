import { productQuoteResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, refColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';

export const productQuoteNoSequence = pgSequence('product_quote_no_seq', { startWith: 1 });

/** 产品报价: fleet terms offered to a B端 customer, decided by 产品报价审批. */
export const productQuotes = pgTable(
  'product_quotes',
  {
    id: idColumn(),
    quoteNo: text('quote_no').notNull(),
    customerId: refColumn('customer_id').notNull(),
    cityId: refColumn('city_id').notNull(),
    modelId: refColumn('model_id').notNull(),
    quantity: integer('quantity').notNull(),
    termMonths: integer('term_months').notNull(),
    rent: bigint('rent', { mode: 'number' }).notNull(),
    deposit: bigint('deposit', { mode: 'number' }).notNull().default(0),
    maintenancePlan: smallint('maintenance_plan').notNull(),
    validUntil: date('valid_until').notNull(),
    totalRent: bigint('total_rent', { mode: 'number' }).notNull(),
    explanation: text('explanation').notNull(),
    attachments: text('attachments').array().notNull().default(sql`'{}'::text[]`),
    status: smallint('status').notNull().default(1),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('product_quotes', table, productQuoteResource, [
      uniqueIndex('product_quotes_tenant_no_idx').on(table.tenantId, table.quoteNo),
      index('product_quotes_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
      index('product_quotes_tenant_customer_idx').on(table.tenantId, table.customerId),
    ]),
);
