import { bigint, integer, timestamp } from 'drizzle-orm/pg-core';

/** Identity primary key. Ids stay below 2^53 in the database and travel as strings in the API. */
export const idColumn = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

export const refColumn = (name: string) => bigint(name, { mode: 'number' });

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** What every business table carries: its tenant, who created and last changed it, and when. */
export const businessColumns = () => ({
  tenantId: refColumn('tenant_id').notNull(),
  createdBy: refColumn('created_by'),
  updatedBy: refColumn('updated_by'),
  ...timestamps,
});

/** Optimistic-lock version for rows people edit concurrently. */
export const versionColumn = () => integer('version').notNull().default(1);
