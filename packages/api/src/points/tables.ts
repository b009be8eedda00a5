import { pointsAccountResource, pointsEntryResource, pointsTaskResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, refColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';

/** 积分任务: one row per task of the catalogue and branch company (`code` unique), written by `ensureTaskCatalogue`. */
export const pointsTasks = pgTable(
  'points_tasks',
  {
    id: idColumn(),
    code: smallint('code').notNull(),
    name: text('name').notNull(),
    points: integer('points').notNull(),
    dailyCap: integer('daily_cap').notNull(),
    totalCap: integer('total_cap').notNull(),
    startsOn: date('starts_on'),
    endsOn: date('ends_on'),
    validityMonths: integer('validity_months').notNull(),
    freezeDays: integer('freeze_days').notNull(),
    status: smallint('status').notNull().default(1),
    description: text('description'),
    /**
     * How often the task was earned and the points it gave net of reversals: the sums of its ledger rows, moved
     * by the ledger in each row's transaction (`move`), so 积分任务 reads them instead of summing millions of rows.
     */
    completions: bigint('completions', { mode: 'number' }).notNull().default(0),
    issued: bigint('issued', { mode: 'number' }).notNull().default(0),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) => listIndexes('points_tasks', table, pointsTaskResource),
);

/**
 * 积分总览: a driver's account, keyed by the driver's id (so 详情 opens 积分明细 by `driverId`), the sums of the
 * ledger kept in the transaction of each row written under this row's lock; the database holds the balance to
 * them and never below zero.
 */
export const pointsAccounts = pgTable(
  'points_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    driverId: refColumn('driver_id').notNull(),
    earned: integer('earned').notNull().default(0),
    spent: integer('spent').notNull().default(0),
    expired: integer('expired').notNull().default(0),
    balance: integer('balance').notNull().default(0),
    status: smallint('status').notNull().default(1),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('points_accounts', table, pointsAccountResource, [
      uniqueIndex('points_accounts_tenant_driver_key').on(table.tenantId, table.driverId),
      check('points_accounts_driver_check', sql`${table.id} = ${table.driverId}`),
      check('points_accounts_balance_check', sql`${table.balance} >= 0`),
      check('points_accounts_sums_check', sql`${table.balance} = ${table.earned} - ${table.spent} - ${table.expired}`),
    ]),
);

/**
 * 积分明细: the ledger, append-only. A row's business (`biz_type` + `biz_id`) is unique per branch company, so
 * an event retried awards once; `balance_after` is the account's balance once the row is counted. Awards (and
 * the reversals of awards) carry the day they become spendable and the day they expire.
 */
export const pointsEntries = pgTable(
  'points_entries',
  {
    id: idColumn(),
    driverId: refColumn('driver_id').notNull(),
    kind: smallint('kind').notNull(),
    source: smallint('source').notNull(),
    title: text('title').notNull(),
    points: integer('points').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    availableFrom: date('available_from'),
    expiresOn: date('expires_on'),
    bizType: text('biz_type').notNull(),
    bizId: text('biz_id').notNull(),
    reason: text('reason'),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('points_entries', table, pointsEntryResource, [
      uniqueIndex('points_entries_tenant_biz_key').on(table.tenantId, table.bizType, table.bizId),
      index('points_entries_tenant_driver_idx').on(table.tenantId, table.driverId, table.createdAt, table.id),
      index('points_entries_tenant_driver_source_idx').on(
        table.tenantId,
        table.driverId,
        table.source,
        table.kind,
        table.createdAt,
      ),
      index('points_entries_tenant_expires_idx').on(table.tenantId, table.expiresOn),
      // 积分明细 filtered by 积分来源 (and a day), newest first.
      index('points_entries_tenant_source_filter_idx').on(table.tenantId, table.source, table.createdAt, table.id),
      check('points_entries_balance_check', sql`${table.balanceAfter} >= 0`),
      check('points_entries_points_check', sql`${table.points} <> 0`),
    ]),
);
