import { policyResource, policyScreens } from '@cp/contracts';
import { and, eq, gte, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { defineFeature } from '../feature';
import { businessError } from '../http/errors';
import { defineServerResource } from '../resource/family';
import { seedEachBranch } from '../seed/branches';
import { policies } from './tables';

/** Today in Beijing, read when the statement runs (a list's statement is prepared once). */
const today = sql`(now() at time zone 'Asia/Shanghai')::date`;
const status = sql<number>`(case when ${policies.startDate} > ${today} then 0 when ${policies.endDate} < ${today} then 2 else 1 end)`;

const policyFamily = defineServerResource({
  resource: policyResource,
  table: policies,
  screens: policyScreens,
  computed: { policyStatus: status },
  filters: { policyStatus: (value) => sql`${status} = ${value}` },
  /** A valid policy of its type on overlapping days and cities is refused, checked under the type's lock. */
  async prepare(values, ctx, before) {
    const policy = { ...before, ...values };
    await ctx.tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`policies:${ctx.auth.tenantId}:${policy.type}`}))`,
    );
    const [clash] = await ctx.tx
      .select({ name: policies.name })
      .from(policies)
      .where(
        and(
          eq(policies.tenantId, ctx.auth.tenantId),
          eq(policies.type, Number(policy.type)),
          eq(policies.validity, 1),
          lte(policies.startDate, String(policy.endDate)),
          gte(policies.endDate, String(policy.startDate)),
          policy.cityId == null ? undefined : or(isNull(policies.cityId), eq(policies.cityId, Number(policy.cityId))),
          before ? ne(policies.id, Number(before.id)) : undefined,
        ),
      )
      .limit(1);
    if (clash) throw businessError(`与有效政策「${clash.name}」的类型相同、日期与适用城市重叠，请调整日期或城市`);
    return values;
  },
  actions: { cancel: { patch: (body) => ({ cancelReason: body.reason }) } },
});

const demoPolicies = [
  ['新司机首月租金减免', 1, -20, 40, 50_000, 5_000_000],
  ['推荐新司机奖励', 5, -60, 120, 80_000, 3_000_000],
  ['春节续租优惠', 6, -300, -240, 30_000, 1_000_000],
  ['夏季免租三天', 2, 15, 75, 45_000, 2_000_000],
] as const;

export const feature = defineFeature({
  families: [policyFamily],
  // Four policies per branch company: running, running, ended, and one to start in a fortnight.
  demo: (db) =>
    seedEachBranch(db, policies, (branch) =>
      demoPolicies.map(([name, type, from, to, benefit, budget], n) => ({
        ...{ name, type, benefit, budget, startDate: branch.day(-from), endDate: branch.day(-to) },
        description: `${name}：符合条件的司机每人可享受${benefit / 100}元，预算用完即止。`,
        createdAt: branch.ago(Math.max(1, -from + 10 + n)),
      })),
    ),
});
