import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, refColumn, versionColumn } from '../db/columns';

/** 财务编码: the ledger accounts of a branch company's books, uploaded from xlsx. */
export const financialCodes = pgTable(
  'financial_codes',
  {
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    category: smallint('category').notNull(),
    direction: smallint('direction').notNull(),
    enabled: boolean('enabled').notNull(),
    remark: text('remark'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) => [
    uniqueIndex('financial_codes_tenant_code_key').on(table.tenantId, table.code),
    index('financial_codes_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
    index('financial_codes_code_trgm_idx').using('gin', sql`${table.code} gin_trgm_ops`),
    index('financial_codes_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
  ],
);

/** 交易名称配置: the accounts a kind of receivable posts to in a transaction, one per (type, kind). */
export const transactionNames = pgTable(
  'transaction_names',
  {
    id: idColumn(),
    name: text('name').notNull(),
    direction: smallint('direction').notNull(),
    receivableKind: smallint('receivable_kind').notNull(),
    debitCodeId: refColumn('debit_code_id').notNull(),
    creditCodeId: refColumn('credit_code_id').notNull(),
    enabled: boolean('enabled').notNull(),
    remark: text('remark'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) => [
    uniqueIndex('transaction_names_tenant_name_key').on(table.tenantId, table.name),
    uniqueIndex('transaction_names_tenant_kind_key').on(table.tenantId, table.direction, table.receivableKind),
    index('transaction_names_tenant_updated_idx').on(table.tenantId, table.updatedAt, table.id),
    index('transaction_names_tenant_debit_idx').on(table.tenantId, table.debitCodeId),
    index('transaction_names_tenant_credit_idx').on(table.tenantId, table.creditCodeId),
    index('transaction_names_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
  ],
);

/** 坏账分级配置: overdue-day ranges → level, late fee and default collector group. */
export const badDebtLevels = pgTable(
  'bad_debt_levels',
  {
    id: idColumn(),
    name: text('name').notNull(),
    minDays: integer('min_days').notNull(),
    maxDays: integer('max_days'),
    badDebt: boolean('bad_debt').notNull(),
    lateFeeRate: integer('late_fee_rate').notNull(),
    collectorRoleId: refColumn('collector_role_id').notNull(),
    remark: text('remark'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) => [
    uniqueIndex('bad_debt_levels_tenant_name_key').on(table.tenantId, table.name),
    index('bad_debt_levels_tenant_min_idx').on(table.tenantId, table.minDays, table.id),
    index('bad_debt_levels_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
  ],
);
