import { policyResource, policyScreens } from '@cp/contracts';
import { and, eq, gte, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { businessError } from '../http/errors';
import { defineServerLookup } from '../lookups/registry';
import { defineServerResource } from '../resource/family';
import { policies, policyCities, policyModels } from './tables';

/** Today in Beijing, read when the statement runs (a list's statement is prepared once). */
const today = sql`(now() at time zone 'Asia/Shanghai')::date`;
export const policyStatusSql = sql<number>`(case when ${policies.startDate} > ${today} then 0 when ${policies.endDate} < ${today} then 2 else 1 end)`;

const idsOf = (list: unknown) => [...((list as unknown[] | null | undefined) ?? [])].map(Number);

/**
 * A stored policy's scope on one dimension meets `chosen`: either side empty is every value, otherwise they
 * share one. `link` is the dimension's link table with its policy and value columns.
 */
function meets(
  link: { table: typeof policyCities | typeof policyModels; own: PgColumn; value: PgColumn },
  chosen: number[],
) {
  if (chosen.length === 0) return undefined;
  const linked = (extra?: SQL) =>
    sql`select 1 from ${link.table} where ${link.own} = ${sql.raw('"policies"."id"')}${extra ? sql` and ${extra}` : sql``}`;
  return or(sql`not exists (${linked()})`, sql`exists (${linked(inArray(link.value, chosen))})`);
}

/**
 * The policies that apply to one city or model (a list's filter, `value` maybe a prepared statement's
 * placeholder): linked to it, or to every one (none chosen).
 */
function appliesTo(
  link: { table: typeof policyCities | typeof policyModels; own: PgColumn; value: PgColumn },
  value: unknown,
) {
  const linked = (extra?: SQL) =>
    sql`select 1 from ${link.table} where ${link.own} = ${sql.raw('"policies"."id"')}${extra ? sql` and ${extra}` : sql``}`;
  return sql`(not exists (${linked()}) or exists (${linked(sql`${link.value} = ${value}::bigint`)}))`;
}

const cityLink = { table: policyCities, own: policyCities.policyId, value: policyCities.cityId };
const modelLink = { table: policyModels, own: policyModels.policyId, value: policyModels.modelId };

export const policyFamily = defineServerResource({
  resource: policyResource,
  table: policies,
  screens: policyScreens,
  computed: { policyStatus: policyStatusSql },
  filters: {
    policyStatus: (value) => sql`${policyStatusSql} = ${value}`,
    cityIds: (value) => appliesTo(cityLink, value),
    modelIds: (value) => appliesTo(modelLink, value),
  },
  links: {
    cityIds: {
      table: policyCities,
      own: policyCities.policyId,
      other: policyCities.cityId,
      values: (ctx) => ({ tenantId: ctx.auth.tenantId }),
    },
    modelIds: {
      table: policyModels,
      own: policyModels.policyId,
      other: policyModels.modelId,
      values: (ctx) => ({ tenantId: ctx.auth.tenantId }),
    },
  },
  /**
   * A valid policy of its type on overlapping days whose cities and models both intersect (none = all) is
   * refused, checked under the type's lock so two saves at once cannot both pass.
   */
  async prepare(values, ctx, before) {
    const policy = { ...before, ...values };
    if (before && Number(before.validity) === 0) throw businessError('政策已作废，不能修改');
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
          meets(cityLink, idsOf(policy.cityIds)),
          meets(modelLink, idsOf(policy.modelIds)),
          before ? ne(policies.id, Number(before.id)) : undefined,
        ),
      )
      .limit(1);
    if (clash) {
      throw businessError(
        `与有效政策「${clash.name}」的类型相同、日期重叠且适用城市和车型有交集，请调整日期或适用范围`,
      );
    }
    return values;
  },
  actions: { cancel: { patch: (body) => ({ cancelReason: body.reason }) } },
});

/**
 * Policies by name: every one names a claim's policy; the picker offers the 有效 ones, those 执行中 first and
 * the longest running first among them (binding checks the chosen one applies to the order).
 */
defineServerLookup('policy', {
  all: (db, tenantId) =>
    db
      .select({ id: policies.id, name: policies.name })
      .from(policies)
      .where(eq(policies.tenantId, tenantId))
      .orderBy(policies.id),
  options: async (db, tenantId) =>
    (
      await db
        .select({ id: policies.id, name: policies.name })
        .from(policies)
        .where(and(eq(policies.tenantId, tenantId), eq(policies.validity, 1)))
        .orderBy(sql`${policyStatusSql} = 1 desc`, policies.startDate, policies.id)
    ).map((row) => ({ label: row.name, value: String(row.id) })),
});
