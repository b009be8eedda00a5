import { awardResource, defaultAwardAmount, incentiveResource, referralResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, refColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';

/** 司机拉新: a driver invited someone; the stage follows them from invitation to their car's delivery. */
export const referrals = pgTable(
  'referrals',
  {
    id: idColumn(),
    inviterId: refColumn('inviter_id').notNull(),
    inviteeName: text('invitee_name').notNull(),
    inviteeMobile: text('invitee_mobile').notNull(),
    /** The driver the invitee became, once registered. */
    inviteeDriverId: refColumn('invitee_driver_id'),
    channelId: refColumn('channel_id'),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull(),
    stage: smallint('stage').notNull().default(1),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    invalidatedAt: timestamp('invalidated_at', { withTimezone: true }),
    invalidReason: text('invalid_reason'),
    remark: text('remark'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('referrals', table, referralResource, [
      // One open referral per invitee in a branch company: an invalidated one may be invited again.
      uniqueIndex('referrals_tenant_invitee_mobile_key')
        .on(table.tenantId, table.inviteeMobile)
        .where(sql`${table.stage} <> 9`),
      index('referrals_tenant_invited_idx').on(table.tenantId, table.invitedAt),
      index('referrals_tenant_stage_idx').on(table.tenantId, table.stage, table.invitedAt),
      index('referrals_tenant_inviter_idx').on(table.tenantId, table.inviterId, table.stage, table.deliveredAt),
      index('referrals_tenant_channel_idx').on(table.tenantId, table.channelId, table.invitedAt),
      index('referrals_tenant_driver_idx').on(table.tenantId, table.inviteeDriverId),
      index('referrals_tenant_delivered_idx').on(table.tenantId, table.deliveredAt),
      index('referrals_tenant_created_idx').on(table.tenantId, table.createdAt),
      index('referrals_invitee_name_trgm_idx').using('gin', sql`${table.inviteeName} gin_trgm_ops`),
      index('referrals_invitee_mobile_trgm_idx').using('gin', sql`${table.inviteeMobile} gin_trgm_ops`),
    ]),
);

/** 激励分配: a pool of money for a period, split among people by a rule; never edited once saved, only voided. */
export const incentiveAllocations = pgTable(
  'incentive_allocations',
  {
    id: idColumn(),
    name: text('name').notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    /** In fen. */
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
    rule: smallint('rule').notNull(),
    participantCount: integer('participant_count').notNull(),
    status: smallint('status').notNull().default(1),
    remark: text('remark'),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('incentive_allocations', table, incentiveResource, [
      index('incentive_allocations_tenant_created_idx').on(table.tenantId, table.createdAt),
      index('incentive_allocations_tenant_status_idx').on(table.tenantId, table.status, table.createdAt),
      index('incentive_allocations_tenant_rule_idx').on(table.tenantId, table.rule, table.createdAt),
      index('incentive_allocations_tenant_period_idx').on(table.tenantId, table.periodStart),
      index('incentive_allocations_tenant_period_end_idx').on(table.tenantId, table.periodEnd),
      index('incentive_allocations_tenant_total_idx').on(table.tenantId, table.totalAmount),
      index('incentive_allocations_tenant_name_idx').on(table.tenantId, table.name),
      index('incentive_allocations_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    ]),
);

/** One person's part of an allocation, as saved: their name then, what the rule counted, their amount. */
export const incentiveParts = pgTable(
  'incentive_allocation_parts',
  {
    id: idColumn(),
    tenantId: refColumn('tenant_id').notNull(),
    allocationId: refColumn('allocation_id').notNull(),
    position: smallint('position').notNull(),
    personKind: smallint('person_kind').notNull(),
    personId: refColumn('person_id').notNull(),
    personName: text('person_name').notNull(),
    weight: integer('weight'),
    referralCount: integer('referral_count'),
    /** In fen. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (table) => [
    uniqueIndex('incentive_parts_allocation_position_key').on(table.allocationId, table.position),
    index('incentive_parts_tenant_person_idx').on(table.tenantId, table.personKind, table.personId),
  ],
);

/** 奖励申请: the inviter's reward for a referral whose car was delivered; one live award per referral. */
export const referralAwards = pgTable(
  'referral_awards',
  {
    id: idColumn(),
    referralId: refColumn('referral_id').notNull(),
    inviterId: refColumn('inviter_id').notNull(),
    /** In fen; an application without an amount takes the stages' rewards. */
    amount: bigint('amount', { mode: 'number' }).notNull().default(defaultAwardAmount),
    reason: text('reason').notNull(),
    status: smallint('status').notNull().default(1),
    applicantId: refColumn('applicant_id').notNull(),
    rejectReason: text('reject_reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    paymentReference: text('payment_reference'),
    paidOn: date('paid_on'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('referral_awards', table, awardResource, [
      // One award per referral; a rejected application does not count, so a corrected one may follow it.
      uniqueIndex('referral_awards_tenant_referral_key')
        .on(table.tenantId, table.referralId)
        .where(sql`${table.status} <> 3`),
      index('referral_awards_tenant_created_idx').on(table.tenantId, table.createdAt),
      index('referral_awards_tenant_status_idx').on(table.tenantId, table.status, table.createdAt),
      index('referral_awards_tenant_referral_idx').on(table.tenantId, table.referralId),
      index('referral_awards_tenant_inviter_idx').on(table.tenantId, table.inviterId, table.createdAt),
      index('referral_awards_tenant_applicant_idx').on(table.tenantId, table.applicantId, table.createdAt),
      index('referral_awards_tenant_amount_idx').on(table.tenantId, table.amount),
      index('referral_awards_tenant_paid_idx').on(table.tenantId, table.paidOn),
      index('referral_awards_tenant_payment_idx').on(table.tenantId, table.paymentReference),
    ]),
);
