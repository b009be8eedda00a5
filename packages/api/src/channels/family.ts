import {
  allocationRuleResource,
  allocationRuleScreens,
  channelResource,
  channelScreens,
  lookupOf,
} from '@cp/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { businessError } from '../http/errors';
import { defineServerLookup } from '../lookups/registry';
import { defineServerResource, type Row, type WriteContext } from '../resource/family';
import { allocationRuleMembers, allocationRules, channels } from './tables';

/** 渠道管理: its lifecycle (启用 / 停用) is the kit's; nothing else is its own. */
export const channelFamily = defineServerResource({
  resource: channelResource,
  table: channels,
  screens: Object.values(channelScreens),
});

/** Every channel of the branch company names its leads and rules, stopped ones too (their leads stay). */
defineServerLookup('channel', {
  all: (db, tenantId) =>
    db
      .select({ id: channels.id, name: channels.name })
      .from(channels)
      .where(eq(channels.tenantId, tenantId))
      .orderBy(asc(channels.id)),
});

const channelTitle = lookupOf('channel').title;

/** Whether two rules' scopes (a channel or any, a city or any) can match the same lead. */
const overlaps = (a: number | null, b: number | null) => a === null || b === null || a === b;

/**
 * Two enabled rules that can match the same lead must differ in priority, or which one applies would be
 * chance. Rule writes of a branch company queue on an advisory lock, so parallel saves see each other.
 */
async function refuseTies(values: Row, ctx: WriteContext, before?: Row) {
  const rule = { ...before, ...values };
  if (rule.enabled === false) return;
  await ctx.tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`allocation-rules:${ctx.auth.tenantId}`}))`);
  const others = await ctx.tx
    .select({
      name: allocationRules.name,
      channelId: allocationRules.channelId,
      cityId: allocationRules.cityId,
    })
    .from(allocationRules)
    .where(
      and(
        eq(allocationRules.tenantId, ctx.auth.tenantId),
        eq(allocationRules.enabled, true),
        eq(allocationRules.priority, Number(rule.priority)),
        before ? ne(allocationRules.id, Number(before.id)) : undefined,
      ),
    );
  const channelId = (rule.channelId as number | null | undefined) ?? null;
  const cityId = (rule.cityId as number | null | undefined) ?? null;
  const tie = others.find((other) => overlaps(other.channelId, channelId) && overlaps(other.cityId, cityId));
  if (tie) {
    throw businessError(
      `优先级${rule.priority}已被规则「${tie.name}」使用，且两条规则的${channelTitle}和城市范围有重叠：` +
        '同一线索会同时匹配两条规则，请调整优先级（数字越小越先匹配）',
    );
  }
}

/** 规则管理: the salespeople are links; a rule never ties with an overlapping one on priority. */
export const allocationRuleFamily = defineServerResource({
  resource: allocationRuleResource,
  table: allocationRules,
  screens: Object.values(allocationRuleScreens),
  links: {
    salespersonIds: {
      table: allocationRuleMembers,
      own: allocationRuleMembers.ruleId,
      other: allocationRuleMembers.userId,
      values: (ctx) => ({ tenantId: ctx.auth.tenantId }),
    },
  },
  async prepare(values, ctx, before) {
    await refuseTies(values, ctx, before);
    return values;
  },
});
