import { jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, refColumn, timestamps } from '../db/columns';

/**
 * What a user set up for themselves in one branch company (a list's 列设置), by key: kept on the server so
 * it follows them to another computer.
 */
export const userPreferences = pgTable(
  'user_preferences',
  {
    id: idColumn(),
    tenantId: refColumn('tenant_id').notNull(),
    userId: refColumn('user_id').notNull(),
    /** What the value is for: `listColumns:gpsList`. */
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex('user_preferences_owner_key').on(table.tenantId, table.userId, table.key)],
);
