import { invalidRuleResource, leadEventResource, leadFollowUpResource, leadResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, refColumn, reversedMobile, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';

export const leads = pgTable(
  'leads',
  {
    id: idColumn(),
    contactName: text('contact_name').notNull(),
    mobile: text('mobile').notNull(),
    cityId: refColumn('city_id'),
    /** The channel the lead came through (渠道管理): allocation rules and 线索统计 go by it. */
    channelId: refColumn('channel_id'),
    business: smallint('business').notNull(),
    customerKind: smallint('customer_kind'),
    salespersonId: refColumn('salesperson_id'),
    source: smallint('source').notNull().default(0),
    status: smallint('status').notNull().default(0),
    intentionLevel: smallint('intention_level'),
    nextFollowUpDate: date('next_follow_up_date'),
    lastFollowedAt: timestamp('last_followed_at', { withTimezone: true }),
    followUpCount: integer('follow_up_count').notNull().default(0),
    /** Follow-ups since the last one that got through: the 多次未接通 rule counts them. */
    unansweredCount: integer('unanswered_count').notNull().default(0),
    invalidReason: text('invalid_reason'),
    activatedKind: smallint('activated_kind'),
    activatedCustomerId: refColumn('activated_customer_id'),
    activatedCustomer: text('activated_customer'),
    batchId: refColumn('batch_id'),
    remark: text('remark'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('leads', table, leadResource, [
      // The list at scale: status + salesperson + created range, newest first (and each alone).
      index('leads_tenant_status_sales_created_idx').on(
        table.tenantId,
        table.status,
        table.salespersonId,
        table.createdAt,
      ),
      index('leads_tenant_sales_created_idx').on(table.tenantId, table.salespersonId, table.createdAt),
      index('leads_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
      index('leads_tenant_updated_idx').on(table.tenantId, table.updatedAt, table.id),
      index('leads_tenant_channel_created_idx').on(table.tenantId, table.channelId, table.createdAt),
      index('leads_tenant_city_created_idx').on(table.tenantId, table.cityId, table.createdAt),
      index('leads_tenant_business_idx').on(table.tenantId, table.business, table.createdAt),
      index('leads_tenant_kind_idx').on(table.tenantId, table.customerKind, table.createdAt),
      index('leads_tenant_source_idx').on(table.tenantId, table.source, table.createdAt),
      index('leads_tenant_intention_idx').on(table.tenantId, table.intentionLevel, table.createdAt),
      index('leads_tenant_next_follow_up_idx').on(table.tenantId, table.nextFollowUpDate, table.id),
      index('leads_tenant_last_followed_idx').on(table.tenantId, table.lastFollowedAt, table.id),
      index('leads_tenant_batch_idx').on(table.tenantId, table.batchId),
      // A duplicate is a lead with the same mobile still open in the branch company.
      index('leads_tenant_mobile_idx').on(table.tenantId, table.mobile, table.status),
      // 手机号 is searched by its last digits or whole.
      index('leads_tenant_mobile_reversed_idx').on(table.tenantId, reversedMobile(table.mobile)),
      index('leads_contact_trgm_idx').using('gin', sql`${table.contactName} gin_trgm_ops`),
    ]),
);

/**
 * 线索统计's pre-aggregate: the leads of a branch company created on a Beijing day, per channel, city and
 * salesperson (empty ones too: NULLS NOT DISTINCT), counted per 线索状态 — `leads_n` the leads in state n,
 * `followed_n` those of them followed up at least once. Kept by `leads/counts.ts` in the transaction of every
 * lead write; a row whose leads have all moved elsewhere stays, holding zeros. A new lead state needs a column
 * pair here.
 */
export const leadDailyCounts = pgTable(
  'lead_daily_counts',
  {
    tenantId: refColumn('tenant_id').notNull(),
    day: date('day').notNull(),
    channelId: refColumn('channel_id'),
    cityId: refColumn('city_id'),
    salespersonId: refColumn('salesperson_id'),
    leads0: integer('leads_0').notNull().default(0),
    leads1: integer('leads_1').notNull().default(0),
    leads2: integer('leads_2').notNull().default(0),
    leads3: integer('leads_3').notNull().default(0),
    leads4: integer('leads_4').notNull().default(0),
    followed0: integer('followed_0').notNull().default(0),
    followed1: integer('followed_1').notNull().default(0),
    followed2: integer('followed_2').notNull().default(0),
    followed3: integer('followed_3').notNull().default(0),
    followed4: integer('followed_4').notNull().default(0),
  },
  (table) => [
    unique('lead_daily_counts_group_key')
      .on(table.tenantId, table.day, table.channelId, table.cityId, table.salespersonId)
      .nullsNotDistinct(),
  ],
);

/** One follow-up of a lead (跟进): newest first beside the follow-up form. */
export const leadFollowUps = pgTable(
  'lead_follow_ups',
  {
    id: idColumn(),
    leadId: refColumn('lead_id').notNull(),
    followedAt: timestamp('followed_at', { withTimezone: true }).notNull(),
    way: smallint('way').notNull(),
    answered: boolean('answered').notNull(),
    content: text('content').notNull(),
    intentionLevel: smallint('intention_level').notNull(),
    nextFollowUpDate: date('next_follow_up_date'),
    followerName: text('follower_name').notNull(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('lead_follow_ups', table, leadFollowUpResource, [
      index('lead_follow_ups_lead_idx').on(table.tenantId, table.leadId, table.followedAt),
      index('lead_follow_ups_tenant_at_idx').on(table.tenantId, table.followedAt, table.id),
      index('lead_follow_ups_tenant_way_idx').on(table.tenantId, table.way, table.followedAt),
      index('lead_follow_ups_tenant_answered_idx').on(table.tenantId, table.answered, table.followedAt),
      index('lead_follow_ups_tenant_intention_idx').on(table.tenantId, table.intentionLevel, table.followedAt),
      index('lead_follow_ups_follower_trgm_idx').using('gin', sql`${table.followerName} gin_trgm_ops`),
    ]),
);

/** 线索日志: each thing that happened to a lead, in words, by whom (a person, or a rule). */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: idColumn(),
    leadId: refColumn('lead_id').notNull(),
    kind: smallint('kind').notNull(),
    summary: text('summary').notNull(),
    actorName: text('actor_name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('lead_events', table, leadEventResource, [
      index('lead_events_lead_idx').on(table.tenantId, table.leadId, table.at),
      index('lead_events_tenant_at_idx').on(table.tenantId, table.at, table.id),
      index('lead_events_tenant_kind_idx').on(table.tenantId, table.kind, table.at),
      index('lead_events_actor_trgm_idx').using('gin', sql`${table.actorName} gin_trgm_ops`),
    ]),
);

/** 无效线索配置: one rule of each kind per branch company. */
export const invalidLeadRules = pgTable(
  'invalid_lead_rules',
  {
    id: idColumn(),
    name: text('name').notNull(),
    kind: smallint('kind').notNull(),
    enabled: boolean('enabled').notNull(),
    days: integer('days'),
    times: integer('times'),
    mobiles: text('mobiles').array().notNull().default(sql`'{}'::text[]`),
    remark: text('remark'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('invalid_lead_rules', table, invalidRuleResource, [
      uniqueIndex('invalid_lead_rules_tenant_kind_key').on(table.tenantId, table.kind),
      index('invalid_lead_rules_tenant_updated_idx').on(table.tenantId, table.updatedAt, table.id),
      index('invalid_lead_rules_tenant_enabled_idx').on(table.tenantId, table.enabled),
      index('invalid_lead_rules_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    ]),
);

/** The cities a 城市不在服务范围 rule serves. */
export const invalidLeadRuleCities = pgTable(
  'invalid_lead_rule_cities',
  {
    ruleId: refColumn('rule_id').notNull(),
    cityId: refColumn('city_id').notNull(),
    tenantId: refColumn('tenant_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.ruleId, table.cityId] })],
);
