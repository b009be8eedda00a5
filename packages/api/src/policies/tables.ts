import { policyClaimResource, policyResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, moneyColumn, refColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';

/** 政策列表: a branch company's policies; 政策状态 is computed from the days, a new one is 有效. */
export const policies = pgTable(
  'policies',
  {
    id: idColumn(),
    name: text('name').notNull(),
    type: smallint('type').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    benefit: bigint('benefit', { mode: 'number' }).notNull(),
    budget: bigint('budget', { mode: 'number' }),
    description: text('description').notNull(),
    attachments: text('attachments').array().notNull().default(sql`'{}'::text[]`),
    validity: smallint('validity').notNull().default(1),
    cancelReason: text('cancel_reason'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) => listIndexes('policies', table, policyResource),
);

/** The cities a policy is limited to (its `cityIds`); none: every city. */
export const policyCities = pgTable(
  'policy_cities',
  {
    policyId: refColumn('policy_id').notNull(),
    cityId: refColumn('city_id').notNull(),
    tenantId: refColumn('tenant_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.policyId, table.cityId] })],
);

/** The car models (the products leased) a policy is limited to (its `modelIds`); none: every model. */
export const policyModels = pgTable(
  'policy_models',
  {
    policyId: refColumn('policy_id').notNull(),
    modelId: refColumn('model_id').notNull(),
    tenantId: refColumn('tenant_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.policyId, table.modelId] })],
);

export const claimNoSequence = pgSequence('policy_claim_no_seq', { startWith: 1 });

/**
 * A policy bound to a lease order, and the claim of its benefit: the policy's terms as they were when bound
 * (name, type, amount, days, scope), 核单 and 核销. One per order and policy, and one live claim per order and
 * policy type (no stacking); the payment recording the credit once 已核销.
 */
export const policyClaims = pgTable(
  'policy_claims',
  {
    id: idColumn(),
    claimNo: text('claim_no').notNull(),
    orderId: refColumn('order_id').notNull(),
    policyId: refColumn('policy_id').notNull(),
    driverId: refColumn('driver_id').notNull(),
    cityId: refColumn('city_id').notNull(),
    policyName: text('policy_name').notNull(),
    policyType: smallint('policy_type').notNull(),
    amount: moneyColumn('amount'),
    policyStart: date('policy_start').notNull(),
    policyEnd: date('policy_end').notNull(),
    scope: text('scope').notNull(),
    signedOn: date('signed_on').notNull(),
    checkOrder: smallint('check_order').notNull().default(0),
    checkNote: text('check_note'),
    status: smallint('status').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    paymentId: refColumn('payment_id'),
    paymentNo: text('payment_no'),
    cancelReason: text('cancel_reason'),
    remark: text('remark'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('policy_claims', table, policyClaimResource, [
      uniqueIndex('policy_claims_tenant_no_key').on(table.tenantId, table.claimNo),
      uniqueIndex('policy_claims_order_policy_key').on(table.tenantId, table.orderId, table.policyId),
      // No two live claims of one policy type on an order (作废 frees the type for another policy).
      uniqueIndex('policy_claims_order_type_key')
        .on(table.tenantId, table.orderId, table.policyType)
        .where(sql`status <> 3`),
      // A policy's figures (营销政策详情) and the budget check sum its claims by state.
      index('policy_claims_policy_status_idx').on(table.tenantId, table.policyId, table.status),
    ]),
);
