import { userResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, refColumn, timestamps, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';

/** A branch company. Every business row belongs to one. */
export const tenants = pgTable('tenants', {
  id: idColumn(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  ...timestamps,
});

/** A person who signs in. One user may hold accounts in several tenants. */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    loginId: text('login_id').notNull(),
    userName: text('user_name').notNull(),
    /** Staff number shown in the watermark. */
    code: text('code').notNull(),
    mobile: text('mobile'),
    email: text('email'),
    avatar: text('avatar'),
    passwordHash: text('password_hash').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The seeded administrator: never disabled, never stripped of the super-admin role. */
    builtIn: boolean('built_in').notNull().default(false),
    version: versionColumn(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_login_id_key').on(sql`lower(${table.loginId})`),
    uniqueIndex('users_code_key').on(table.code),
  ],
);

/** Membership of a user in a tenant. */
export const accounts = pgTable(
  'accounts',
  {
    id: idColumn(),
    userId: refColumn('user_id').notNull(),
    /** 1 启用, 0 停用 (userManagement's lifecycle); a stopped account cannot sign in to the branch company. */
    status: smallint('status').notNull().default(1),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('accounts', table, userResource, [
      uniqueIndex('accounts_tenant_user_key').on(table.tenantId, table.userId),
      index('accounts_user_idx').on(table.userId),
    ]),
);

/** A named set of menu and button keys for one application, within a tenant. */
export const roles = pgTable(
  'roles',
  {
    id: idColumn(),
    appId: text('app_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    remark: text('remark'),
    menuKeys: text('menu_keys').array().notNull().default(sql`'{}'::text[]`),
    buttonKeys: text('button_keys').array().notNull().default(sql`'{}'::text[]`),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) => [
    uniqueIndex('roles_tenant_code_key').on(table.tenantId, table.code),
    index('roles_tenant_id_idx').on(table.tenantId, table.id),
  ],
);

export const accountRoles = pgTable(
  'account_roles',
  {
    accountId: refColumn('account_id').notNull(),
    roleId: refColumn('role_id').notNull(),
    tenantId: refColumn('tenant_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.roleId] }),
    index('account_roles_role_idx').on(table.roleId),
  ],
);

/** Server-side sessions; only the SHA-256 of the opaque token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: refColumn('user_id').notNull(),
    accountId: refColumn('account_id').notNull(),
    tenantId: refColumn('tenant_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    clientAddress: text('client_address'),
    userAgent: text('user_agent'),
    /**
     * The session this one was opened from with its token (token login with `Authorization: Bearer`): it
     * shares the parent's absolute expiry and is revoked with it.
     */
    parentId: refColumn('parent_id'),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    index('sessions_parent_idx').on(table.parentId).where(sql`${table.parentId} is not null`),
  ],
);

/** Each login attempt, for throttling per account and per client address. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: idColumn(),
    loginId: text('login_id').notNull(),
    clientAddress: text('client_address').notNull(),
    succeeded: boolean('succeeded').notNull(),
    /** 1 password, 2 token, 3 messaging platform */
    method: smallint('method').notNull().default(1),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_attempts_login_idx').on(table.loginId, table.at),
    index('login_attempts_address_idx').on(table.clientAddress, table.at),
  ],
);
