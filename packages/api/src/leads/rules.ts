import { leadEnums, openLeadStates, ruleKind } from '@cp/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db';
import { rowsOf } from '../db/migrate';
import { invalidLeadRuleCities, invalidLeadRules, leads } from './tables';

/** Who marks a lead 无效 by a rule, in 线索日志 and the history. */
export const ruleActor = '系统（无效线索规则）';

export interface InvalidRule {
  id: number;
  name: string;
  kind: number;
  days: number | null;
  times: number | null;
  mobiles: readonly string[];
  cityIds: readonly number[];
}

/** The enabled rules of a branch company, each with its cities. */
export async function enabledRules(db: Executor, tenantId: number): Promise<InvalidRule[]> {
  const rules = await db
    .select()
    .from(invalidLeadRules)
    .where(and(eq(invalidLeadRules.tenantId, tenantId), eq(invalidLeadRules.enabled, true)));
  const cities = await db
    .select({ ruleId: invalidLeadRuleCities.ruleId, cityId: invalidLeadRuleCities.cityId })
    .from(invalidLeadRuleCities)
    .where(eq(invalidLeadRuleCities.tenantId, tenantId));
  return rules.map((rule) => ({
    id: rule.id,
    name: rule.name,
    kind: rule.kind,
    days: rule.days,
    times: rule.times,
    mobiles: rule.mobiles,
    cityIds: cities.filter((city) => city.ruleId === rule.id).map((city) => city.cityId),
  }));
}

/** The reason a rule gives, as the lead keeps it and 线索日志 shows it. */
export function reasonOf(rule: InvalidRule): string {
  const what = {
    [ruleKind.duplicateMobile]: `手机号${rule.days ?? 0}天内已有线索`,
    [ruleKind.unanswered]: `连续${rule.times ?? 0}次跟进未接通`,
    [ruleKind.outsideCities]: '城市不在服务范围',
    [ruleKind.blockedMobile]: '手机号在黑名单中',
  }[rule.kind];
  return `${leadEnums.ruleKind.label(rule.kind)}（规则「${rule.name}」）：${what ?? ''}`;
}

/**
 * The condition under which a lead (of the table `leads`, aliased as is) breaks the rule; null when the rule
 * lacks the parameter it needs (a rule saved without cities marks nothing).
 */
export function ruleCondition(rule: InvalidRule): SQL | null {
  switch (rule.kind) {
    case ruleKind.blockedMobile:
      return rule.mobiles.length ? sql`${leads.mobile} = any(${sql.param([...rule.mobiles])}::text[])` : null;
    case ruleKind.outsideCities:
      return rule.cityIds.length
        ? sql`${leads.cityId} is not null and not (${leads.cityId} = any(${sql.param([...rule.cityIds])}::bigint[]))`
        : null;
    case ruleKind.unanswered:
      return rule.times ? sql`${leads.unansweredCount} >= ${rule.times}` : null;
    case ruleKind.duplicateMobile:
      return rule.days
        ? sql`exists (select 1 from leads earlier where earlier.tenant_id = ${leads.tenantId}
            and earlier.mobile = ${leads.mobile} and earlier.id < ${leads.id}
            and earlier.created_at >= ${leads.createdAt} - make_interval(days => ${rule.days}))`
        : null;
    default:
      return null;
  }
}

/**
 * Marks the open leads of a branch company (all, or those of `ids`) that break an enabled rule 无效, with the
 * first rule broken as the reason, in 线索日志 and the audit log; answers how many. A lead already 无效 is
 * not open, so running it again changes nothing.
 */
export async function applyInvalidRules(
  db: Executor,
  tenantId: number,
  rules: readonly InvalidRule[],
  ids?: readonly number[],
): Promise<number> {
  let marked = 0;
  const open = sql`${leads.status} = any(${sql.param([...openLeadStates])}::smallint[])`;
  const only = ids ? sql`and ${leads.id} = any(${sql.param([...ids])}::bigint[])` : sql``;
  for (const rule of [...rules].sort((a, b) => a.kind - b.kind)) {
    const condition = ruleCondition(rule);
    if (!condition) continue;
    const reason = reasonOf(rule);
    const result = await db.execute(sql`
      with marked as (
        update leads set status = 4, invalid_reason = ${reason}, updated_at = now(), version = leads.version + 1
        from leads before
        where before.id = ${leads.id} and ${leads.tenantId} = ${tenantId} and ${open} ${only} and ${condition}
        returning leads.id, leads.tenant_id, before.status as before_status
      ), logged as (
        insert into lead_events (lead_id, kind, summary, actor_name, tenant_id)
        select id, 4, ${reason}, ${ruleActor}, tenant_id from marked
      ), audited as (
        insert into audit_log (tenant_id, user_name, action, entity, entity_id, changes)
        select tenant_id, ${ruleActor}, 'invalidate', 'lead', id::text,
          jsonb_build_object(
            'status', jsonb_build_object('from', before_status, 'to', 4),
            'invalidReason', jsonb_build_object('from', null, 'to', ${reason}::text))
        from marked
      )
      select count(*)::int as marked from marked`);
    marked += Number(rowsOf<{ marked: number }>(result)[0]?.marked ?? 0);
  }
  return marked;
}
