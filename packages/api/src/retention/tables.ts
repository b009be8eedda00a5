import {
  allianceFollowUpResource,
  alliancePartnerResource,
  allianceRetentionResource,
  retentionFollowUpResource,
  retentionResource,
} from '@cp/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, refColumn, reversedMobile, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';

/**
 * 留资 of both lists (`channel` 1: the app's and staff's, 2: the alliance partners'). `first_touch_at` and
 * `source` are the first touch and never change; a repeat within a day counts in `submit_count`. `linked_lead_id`
 * / `linked_driver_id` name the 线索 or driver the mobile already was (or became); `linked` says it in words.
 */
export const retentionLeads = pgTable(
  'retention_leads',
  {
    id: idColumn(),
    channel: smallint('channel').notNull(),
    contactName: text('contact_name').notNull(),
    mobile: text('mobile').notNull(),
    cityId: refColumn('city_id'),
    modelId: refColumn('model_id'),
    rentalMode: smallint('rental_mode'),
    source: smallint('source').notNull(),
    sourcePage: smallint('source_page'),
    consent: boolean('consent').notNull().default(false),
    /** The app key a 留资 from the app came with. */
    appKeyId: refColumn('app_key_id'),
    firstTouchAt: timestamp('first_touch_at', { withTimezone: true }).notNull(),
    submitCount: integer('submit_count').notNull().default(1),
    lastSubmittedAt: timestamp('last_submitted_at', { withTimezone: true }).notNull(),
    status: smallint('status').notNull().default(0),
    linked: text('linked'),
    linkedLeadId: refColumn('linked_lead_id'),
    linkedDriverId: refColumn('linked_driver_id'),
    followUpCount: integer('follow_up_count').notNull().default(0),
    lastFollowedAt: timestamp('last_followed_at', { withTimezone: true }),
    lastResult: smallint('last_result'),
    nextFollowUpDate: date('next_follow_up_date'),
    convertedTo: smallint('converted_to'),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    invalidReason: text('invalid_reason'),
    remark: text('remark'),
    partnerId: refColumn('partner_id'),
    partnerStaff: text('partner_staff'),
    protectedUntil: date('protected_until'),
    partnerCredited: boolean('partner_credited'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes(
      'retention_leads',
      table,
      [retentionResource, allianceRetentionResource],
      [
        // A repeat within a day, a partner's protection: the mobile's rows of a list, newest first.
        index('retention_leads_tenant_mobile_idx').on(table.tenantId, table.mobile, table.channel, table.firstTouchAt),
        index('retention_leads_tenant_reversed_mobile_idx').on(table.tenantId, reversedMobile(table.mobile)),
        index('retention_leads_tenant_channel_first_idx').on(
          table.tenantId,
          table.channel,
          table.firstTouchAt,
          table.id,
        ),
        index('retention_leads_contact_trgm_idx').using('gin', sql`${table.contactName} gin_trgm_ops`),
        // A partner's 留资 names its partner.
        check('retention_leads_channel_fields_check', sql`${table.channel} <> 2 or ${table.partnerId} is not null`),
      ],
    ),
);

/** 合作方: an alliance partner of the branch company, its staff, its protection period. */
export const alliancePartners = pgTable(
  'alliance_partners',
  {
    id: idColumn(),
    name: text('name').notNull(),
    kind: smallint('kind').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    staff: text('staff').array().notNull().default(sql`'{}'::text[]`),
    protectionDays: integer('protection_days').notNull(),
    commissionNote: text('commission_note'),
    active: boolean('active').notNull(),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('alliance_partners', table, alliancePartnerResource, [
      uniqueIndex('alliance_partners_tenant_name_key').on(table.tenantId, table.name),
    ]),
);

/** One follow-up of a 留资 of either list. */
export const retentionFollowUps = pgTable(
  'retention_follow_ups',
  {
    id: idColumn(),
    leadId: refColumn('lead_id').notNull(),
    followedAt: timestamp('followed_at', { withTimezone: true }).notNull(),
    way: smallint('way').notNull(),
    result: smallint('result').notNull(),
    content: text('content').notNull(),
    nextFollowUpDate: date('next_follow_up_date'),
    followerName: text('follower_name').notNull(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes(
      'retention_follow_ups',
      table,
      [retentionFollowUpResource, allianceFollowUpResource],
      [index('retention_follow_ups_lead_idx').on(table.tenantId, table.leadId, table.followedAt)],
    ),
);
