import { allocationRuleResource, channelResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, refColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';

/** 渠道管理: where leads come from. */
export const channels = pgTable(
  'channels',
  {
    id: idColumn(),
    name: text('name').notNull(),
    type: smallint('type').notNull(),
    ownerId: refColumn('owner_id').notNull(),
    status: smallint('status').notNull().default(1),
    cost: bigint('cost', { mode: 'number' }),
    remark: text('remark'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('channels', table, channelResource, [
      uniqueIndex('channels_tenant_name_key').on(table.tenantId, table.name),
      index('channels_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
      index('channels_tenant_type_idx').on(table.tenantId, table.type, table.createdAt),
      index('channels_tenant_owner_idx').on(table.tenantId, table.ownerId, table.createdAt),
      index('channels_tenant_status_idx').on(table.tenantId, table.status, table.createdAt),
      index('channels_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    ]),
);

/**
 * 规则管理: a new lead of the channel and city (null: any) goes to the next of the rule's salespeople.
 * `lastUserId` is whose turn it was last: the turn survives restarts and is taken under the row's lock.
 */
export const allocationRules = pgTable(
  'allocation_rules',
  {
    id: idColumn(),
    name: text('name').notNull(),
    priority: integer('priority').notNull(),
    channelId: refColumn('channel_id'),
    cityId: refColumn('city_id'),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    lastUserId: refColumn('last_user_id'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('allocation_rules', table, allocationRuleResource, [
      uniqueIndex('allocation_rules_tenant_name_key').on(table.tenantId, table.name),
      index('allocation_rules_tenant_priority_idx').on(table.tenantId, table.priority, table.id),
      index('allocation_rules_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
      index('allocation_rules_tenant_channel_idx').on(table.tenantId, table.channelId, table.priority),
      index('allocation_rules_tenant_city_idx').on(table.tenantId, table.cityId, table.priority),
      index('allocation_rules_tenant_enabled_idx').on(table.tenantId, table.enabled, table.priority),
      index('allocation_rules_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    ]),
);

/** The salespeople of a rule (users of the branch company), taken in turn by user id. */
export const allocationRuleMembers = pgTable(
  'allocation_rule_members',
  {
    ruleId: refColumn('rule_id').notNull(),
    userId: refColumn('user_id').notNull(),
    tenantId: refColumn('tenant_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.ruleId, table.userId] }),
    index('allocation_rule_members_user_idx').on(table.tenantId, table.userId),
  ],
);
