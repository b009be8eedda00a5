import { claimStates, policyReportResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { defineServerResource } from '../resource/family';
import { policyStatusSql } from './family';
import { policies, policyClaims } from './tables';

/** The policy's id inside a correlated subquery: drizzle writes a column of the selected table unqualified. */
const policy = (column: string) => sql.raw(`"policies"."${column}"`);
const ofPolicy = (what: string, where = 'true') =>
  sql`(select ${sql.raw(what)} from ${policyClaims} c where c.tenant_id = ${policy('tenant_id')} and c.policy_id = ${policy('id')} and ${sql.raw(where)})`;
const counted = (state: number) => ofPolicy('count(*)::int', `c.status = ${state}`).mapWith(Number);
const granted = ofPolicy('coalesce(sum(c.amount), 0)::bigint', `c.status = ${claimStates.verified}`);

/** 营销政策详情: a policy's figures, summed from its claims when read (never stored). */
export const reportFamily = defineServerResource({
  resource: policyReportResource,
  table: policies,
  screens: [],
  computed: {
    policyStatus: policyStatusSql,
    ordersBound: ofPolicy('count(distinct c.order_id)::int', `c.status <> ${claimStates.voided}`).mapWith(Number),
    waiting: counted(claimStates.waiting),
    verifying: counted(claimStates.verifying),
    verified: counted(claimStates.verified),
    voided: counted(claimStates.voided),
    granted: granted.mapWith(Number),
    budgetLeft: sql`(${policy('budget')} - ${granted})`.mapWith(Number),
  },
});
