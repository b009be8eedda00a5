import { eventKind, leadEnums, leadStatus, openLeadStates, ruleKind } from '@cp/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { businessNowSql } from '../clock';
import type { Executor } from '../db';
import { rowsOf } from '../db/migrate';
import type { LeadCounts } from './counts';
import { invalidLeadRuleCities, invalidLeadRules, leads } from './tables';

/** Who marks a lead 无效 by a rule, in 线索日志 and the history. */
const ruleActor = '系统（无效线索规则）';

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
function reasonOf(rule: InvalidRule): string {
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
function ruleCondition(rule: InvalidRule): SQL | null {
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

interface MarkedGroup {
  day: string;
  channel_id: string | number | null;
  city_id: string | number | null;
  salesperson_id: string | number | null;
  status: number;
  followed: boolean;
  marked: number;
}

/**
 * Marks the open leads of a branch company (all, or those of `ids`) that break an enabled rule 无效, with the
 * first rule broken as the reason, in 线索日志, the audit log and `counts` (线索统计); answers how many. A lead
 * already 无效 is not open, so running it again changes nothing. Each rule's leads are locked before they are
 * marked, so the state, salesperson, channel and city taken from their counts are the ones they have.
 */
export async function applyInvalidRules(
  db: Executor,
  tenantId: number,
  rules: readonly InvalidRule[],
  counts: LeadCounts,
  ids?: readonly number[],
): Promise<number> {
  let marked = 0;
  const [invalid, invalidated] = [sql.raw(String(leadStatus.invalid)), sql.raw(String(eventKind.invalidated))];
  const open = sql`${leads.status} = any(${sql.param([...openLeadStates])}::smallint[])`;
  const only = ids ? sql`and ${leads.id} = any(${sql.param([...ids])}::bigint[])` : sql``;
  for (const rule of [...rules].sort((a, b) => a.kind - b.kind)) {
    const condition = ruleCondition(rule);
    if (!condition) continue;
    const reason = reasonOf(rule);
    const result = await db.execute(sql`
      with locked as (
        select id, status, created_at, channel_id, city_id, salesperson_id, follow_up_count
        from leads
        where ${leads.tenantId} = ${tenantId} and ${open} ${only} and ${condition}
        for update of leads
      ), marked as (
        update leads set status = ${invalid}, invalid_reason = ${reason}, updated_at = ${businessNowSql()},
          version = leads.version + 1
        from locked
        where locked.id = leads.id
        returning leads.id, leads.tenant_id, locked.status as before_status, locked.created_at, locked.channel_id,
          locked.city_id, locked.salesperson_id, locked.follow_up_count
      ), logged as (
        insert into lead_events (lead_id, kind, summary, actor_name, tenant_id)
        select id, ${invalidated}, ${reason}, ${ruleActor}, tenant_id from marked
      ), audited as (
        insert into audit_log (tenant_id, user_name, action, entity, entity_id, changes)
        select tenant_id, ${ruleActor}, 'invalidate', 'lead', id::text,
          jsonb_build_object(
            'status', jsonb_build_object('from', before_status, 'to', ${invalid}),
            'invalidReason', jsonb_build_object('from', null, 'to', ${reason}::text))
        from marked
      )
      select to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, channel_id, city_id,
        salesperson_id, before_status as status, follow_up_count > 0 as followed, count(*)::int as marked
      from marked
      group by 1, 2, 3, 4, 5, 6`);
    for (const group of rowsOf<MarkedGroup>(result)) {
      const n = Number(group.marked);
      const at = {
        tenantId,
        day: group.day,
        channelId: idOrNull(group.channel_id),
        cityId: idOrNull(group.city_id),
        salespersonId: idOrNull(group.salesperson_id),
      };
      counts.add(at, Number(group.status), group.followed, -n);
      counts.add(at, leadStatus.invalid, group.followed, n);
      marked += n;
    }
  }
  return marked;
}

const idOrNull = (value: string | number | null) => (value === null ? null : Number(value));
