import { companyAppKeyResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn, refColumn, timestamps, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';

/**
 * The credentials of the drivers' app, one or more per branch company: the app's backend sends
 * `X-App-Key: <key_id>.<secret>` and reaches only `/api/app/…`, for the branch company the key belongs to.
 * The secret is shown once when the key is issued; only its SHA-256 is kept. Issued, rotated and stopped on
 * 公司详情 (`branchCompanies/app-keys.ts`); a stopped key (`status` 0) never works again.
 */
export const appKeys = pgTable(
  'app_keys',
  {
    id: idColumn(),
    tenantId: refColumn('tenant_id').notNull(),
    /** The public half (`ak_` and 16 hex digits), unique over all branch companies. */
    keyId: text('key_id').notNull().unique(),
    secretHash: text('secret_hash').notNull(),
    /** What the key is for (`司机APP`), as the company configuration lists it. */
    name: text('name').notNull(),
    /** 1 启用, 0 停用. */
    status: smallint('status').notNull().default(1),
    /** When a request last came with it (written at most once a minute per process). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdBy: refColumn('created_by'),
    updatedBy: refColumn('updated_by'),
    version: versionColumn(),
    ...timestamps,
  },
  (table) => listIndexes('app_keys', table, companyAppKeyResource),
);

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
