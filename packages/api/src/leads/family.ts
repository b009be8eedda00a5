import {
  eventKind,
  invalidRuleResource,
  invalidRuleScreens,
  leadEnums,
  leadEventResource,
  leadEventScreens,
  leadFollowUpResource,
  leadFollowUpScreens,
  leadImportScreens,
  leadImports,
  leadResource,
  leadScreens,
  leadSource,
} from '@cp/contracts';
import { mobileSuffix } from '../db/columns';
import { businessError } from '../http/errors';
import { defineServerResource, type ImportRowVerdict, type Row } from '../resource/family';
import { importBatchFamilies } from '../resource/import-batch-families';
import { leadActions } from './actions';
import { admitLead, admitLeads, duplicateMessage, openLeadWithMobile } from './admit';
import { countedLead, leadCountsOf } from './counts';
import { recordLeadEvents } from './events';
import { invalidLeadRuleCities, invalidLeadRules, leadEvents, leadFollowUps, leads } from './tables';

/** What an edit changed, in words: `手机号：13800000000 → 13900000000`. */
function editSummary(before: Row, values: Row): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    const def = leadResource.fields[name as keyof typeof leadResource.fields];
    if (!def || (before[name] ?? null) === (value ?? null)) continue;
    const shown = (v: unknown) =>
      v == null || v === '' ? '空' : def.enumDef ? def.enumDef.label(Number(v)) : String(v);
    parts.push(def.kind === 'ref' ? `${def.title}已修改` : `${def.title}：${shown(before[name])} → ${shown(value)}`);
  }
  return parts.join('；');
}

/** 手机号 by its last digits or whole, on 线索明细 and the lists of the leads' follow-ups and events. */
const byMobile = (value: unknown) => mobileSuffix(leads.mobile, value);

/** 线索明细: leads added by hand come in through the same door as uploaded ones (duplicates, allocation, rules). */
export const leadFamily = defineServerResource({
  resource: leadResource,
  table: leads,
  screens: Object.values(leadScreens),
  expose: ['activatedCustomerId'],
  filters: { mobile: byMobile },
  async insert(values, ctx) {
    const { id } = await admitLead(ctx, values, { source: leadSource.manual });
    return id;
  },
  /**
   * Uploaded rows come in through the same door, as 上传 of their batch, a chunk at a time: a mobile already
   * an open lead (also one of an earlier row of the file) is a duplicate; the result says whom it went to or
   * why it is 无效. A mobile repeated within the chunk waits for a later round, which sees the earlier row.
   */
  async importRows(rows, ctx, batchId) {
    const verdicts: ImportRowVerdict[] = new Array(rows.length);
    let waiting = rows.map((entry, index) => ({ index, values: entry.values }));
    while (waiting.length > 0) {
      const seen = new Set<string>();
      const round = waiting.filter(({ values }) => !seen.has(String(values.mobile)) && seen.add(String(values.mobile)));
      waiting = waiting.filter((entry) => !round.includes(entry));
      const answers = await admitLeads(
        ctx,
        round.map(({ values }) => values),
        { source: leadSource.upload, batchId },
      );
      for (const [position, answer] of answers.entries()) {
        const { index, values } = round[position] as (typeof round)[number];
        const mobile = String(values.mobile);
        verdicts[index] =
          'open' in answer
            ? {
                duplicate:
                  answer.open.batchId === batchId
                    ? `与本次上传的手机号${mobile}重复`
                    : duplicateMessage(mobile, answer.open),
              }
            : {
                saved: answer.id,
                note: answer.invalidReason
                  ? `已标记为无效：${answer.invalidReason}`
                  : answer.salespersonName
                    ? `按分配规则分配给${answer.salespersonName}`
                    : '未匹配分配规则，待分配',
              };
      }
    }
    return verdicts;
  },
  async prepare(values, ctx, before) {
    if (!before) return values;
    const mobile = values.mobile == null ? null : String(values.mobile);
    if (mobile && mobile !== before.mobile) {
      const open = await openLeadWithMobile(ctx.tx, ctx.auth.tenantId, mobile, Number(before.id));
      if (open) throw businessError(duplicateMessage(mobile, open));
    }
    const summary = editSummary(before, values);
    if (summary) {
      await recordLeadEvents(ctx.tx, [
        {
          tenantId: ctx.auth.tenantId,
          leadId: Number(before.id),
          kind: eventKind.edited,
          summary,
          actorName: ctx.auth.userName,
          userId: ctx.auth.userId,
        },
      ]);
    }
    return values;
  },
  actions: leadActions,
  // 分配 (again), 跟进, 激活, 无效 and edits of channel or city move the lead in 线索统计's counts.
  onChange: async (ctx, before, after) => (await leadCountsOf(ctx)).move(countedLead(before), countedLead(after)),
});

const leadColumns = { contactName: leads.contactName, mobile: leads.mobile };

const leadFollowUpFamily = defineServerResource({
  resource: leadFollowUpResource,
  table: leadFollowUps,
  screens: Object.values(leadFollowUpScreens),
  parent: { table: leads, via: leadFollowUps.leadId, id: leads.id, columns: leadColumns },
  filters: { mobile: byMobile },
});

const leadEventFamily = defineServerResource({
  resource: leadEventResource,
  table: leadEvents,
  screens: Object.values(leadEventScreens),
  parent: { table: leads, via: leadEvents.leadId, id: leads.id, columns: leadColumns },
  filters: { mobile: byMobile },
});

/** Days and counts a rule takes when left empty: 30 days for duplicates, 3 unanswered calls. */
const ruleDefaults: Readonly<Record<number, Row>> = { 0: { days: 30 }, 1: { times: 3 } };

/** What a rule of cities or mobiles cannot do without: a list to judge by. */
function ruleProblem(values: Row): string | null {
  const kind = Number(values.kind);
  const label = leadEnums.ruleKind.label(kind);
  if (kind === 2 && !(values.cityIds as unknown[] | null)?.length) return `${label}规则须选择服务城市`;
  if (kind === 3 && !(values.mobiles as unknown[] | null)?.length) return `${label}规则须填写黑名单手机号`;
  return null;
}

/** 无效线索配置: one rule per kind, each checked for the parameter its kind needs. */
const invalidRuleFamily = defineServerResource({
  resource: invalidRuleResource,
  table: invalidLeadRules,
  screens: Object.values(invalidRuleScreens),
  links: {
    cityIds: {
      table: invalidLeadRuleCities,
      own: invalidLeadRuleCities.ruleId,
      other: invalidLeadRuleCities.cityId,
      values: (ctx) => ({ tenantId: ctx.auth.tenantId }),
    },
  },
  prepare(values, _ctx, before) {
    const merged = { ...before, ...values };
    const problem = ruleProblem(merged);
    if (problem) throw businessError(problem);
    const mobiles = (values.mobiles as string[] | null | undefined) ?? [];
    const wrong = mobiles.find((mobile) => !/^1[3-9]\d{9}$/.test(mobile));
    if (wrong) throw businessError(`黑名单手机号：「${wrong}」不是11位手机号`);
    const defaults = Object.entries(ruleDefaults[Number(merged.kind)] ?? {}).filter(([name]) => merged[name] == null);
    return { ...values, ...Object.fromEntries(defaults) };
  },
});

/** 上传日志 and 上传日志详情: the kit's batches of the leads uploaded, and each batch's rows. */
const leadImportFamilies = importBatchFamilies('lead', leadImports, leadImportScreens);

export const leadFamilies = [
  leadFamily,
  leadFollowUpFamily,
  leadEventFamily,
  invalidRuleFamily,
  leadImportFamilies.batches,
  leadImportFamilies.rows,
];
