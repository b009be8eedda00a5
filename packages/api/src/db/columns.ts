import { sql } from 'drizzle-orm';
import { bigint, integer, type PgColumn, timestamp } from 'drizzle-orm/pg-core';
import { businessNow } from '../clock';

/** Identity primary key. Ids stay below 2^53 in the database and travel as strings in the API. */
export const idColumn = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

export const refColumn = (name: string) => bigint(name, { mode: 'number' });

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(businessNow),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(businessNow),
};

/** What every business table carries: its tenant, who created and last changed it, and when. */
export const businessColumns = () => ({
  tenantId: refColumn('tenant_id').notNull(),
  createdBy: refColumn('created_by'),
  updatedBy: refColumn('updated_by'),
  ...timestamps,
});

/** Who writes a row: its tenant and author stamps (`businessColumns`), set on insert — a session, or a caller's. */
export const writtenBy = (by: { tenantId: number; userId: number | null }) => ({
  tenantId: by.tenantId,
  createdBy: by.userId,
  updatedBy: by.userId,
});

/** An amount of money in fen, 0 unless set. */
export const moneyColumn = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** Optimistic-lock version for rows people edit concurrently. */
export const versionColumn = () => integer('version').notNull().default(1);

/**
 * A mobile searched by its last digits or whole (`输入完整号码或尾号`): a range of the reversed number, which an
 * index on `reverse(mobile) collate "C"` serves (`reversedMobileIndex`). Digits have too few trigrams for a
 * trigram index to pay, and one on a mobile lures the planner away from the equality index.
 */
export const mobileSuffix = (column: PgColumn, value: unknown) =>
  sql`reverse(${column}) collate "C" >= reverse(${value}::text) collate "C" and reverse(${column}) collate "C" < (reverse(${value}::text) || ':') collate "C"`;

/** The expression `mobileSuffix` searches, to index (with the tenant first). */
export const reversedMobile = (column: PgColumn) => sql`(reverse(${column}) collate "C")`;
