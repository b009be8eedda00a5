import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn, refColumn, timestamps } from '../db/columns';

/**
 * The credentials of the drivers' app, one or more per branch company: the app's backend sends
 * `X-App-Key: <key_id>.<secret>` and reaches only `/api/app/…`, for the branch company the key belongs to.
 * The secret is shown once when the key is issued; only its SHA-256 is kept.
 */
export const appKeys = pgTable('app_keys', {
  id: idColumn(),
  tenantId: refColumn('tenant_id').notNull(),
  /** The public half (`ak_` and 16 hex digits), unique over all branch companies. */
  keyId: text('key_id').notNull().unique(),
  secretHash: text('secret_hash').notNull(),
  /** What the key is for (`司机APP`), as the company configuration lists it. */
  name: text('name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdBy: refColumn('created_by'),
  ...timestamps,
});

/**
 * Each request's `X-App-Nonce`, kept while its timestamp is acceptable: a request sent again (a replay, or an
 * app retrying a call that did go through) is refused. A job drops the ones past the window.
 */
export const appRequestNonces = pgTable(
  'app_request_nonces',
  {
    appKeyId: bigint('app_key_id', { mode: 'number' }).notNull(),
    nonce: text('nonce').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    primaryKey({ columns: [table.appKeyId, table.nonce] }),
    index('app_request_nonces_seen').on(table.seenAt),
  ],
);
