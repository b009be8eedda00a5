import { z } from 'zod';
import { defineEnum } from '../enums';
import { check, withChecks } from '../resource/checks';
import { fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { idText, text } from '../values';
import { splitByShares } from './split';

export const incentiveRule = defineEnum('分配规则', [
  [1, '平均分配'],
  [2, '按比例'],
  [3, '按拉新数量'],
]);

export const incentiveStatus = defineEnum(
  '状态',
  [
    [1, '有效'],
    [2, '已作废'],
  ],
  { status: true },
);

/** Who takes part in an incentive: a driver (the referrals they brought) or a member of staff. */
export const participantKind = defineEnum('参与人类型', [
  [1, '司机'],
  [2, '员工'],
]);

/** One person of the pool as the form sends them: who, and their weight where the rule is 按比例. */
export const participantInput = z.strictObject({
  personKind: participantKind.schema.meta({ title: '参与人类型' }),
  personId: idText.meta({ title: '参与人', lookup: { by: 'personKind', lookups: { 1: 'driver', 2: 'user' } } }),
  weight: z.number().int('比例须为整数').min(1, '比例至少为1').max(10_000, '比例最大为10000').nullable().optional(),
});
export type ParticipantInput = z.infer<typeof participantInput>;

/** A participant's part as saved and previewed: their name, what the rule counted, their amount in fen. */
export const participantPart = z.object({
  personKind: participantKind.schema,
  personId: text(),
  personName: text(),
  weight: z.number().int().nullable(),
  referralCount: z.number().int().nullable(),
  amount: z.number().int(),
});
export type ParticipantPart = z.infer<typeof participantPart>;

/**
 * The shares the rule gives each participant: 1 each, their weight, or their completed referrals in the
 * period. Null with the reason when the rule cannot split (no weights, nobody with a referral).
 */
export function sharesOf(
  rule: number,
  participants: readonly { weight?: number | null; referralCount?: number | null }[],
): { shares: number[] } | { problem: string } {
  if (participants.length === 0) return { problem: '参与人：至少添加一人' };
  if (rule === 1) return { shares: participants.map(() => 1) };
  if (rule === 2) {
    if (participants.some((person) => !person.weight)) return { problem: '按比例分配时每位参与人都须填写比例' };
    return { shares: participants.map((person) => person.weight ?? 0) };
  }
  const counts = participants.map((person) => person.referralCount ?? 0);
  if (counts.every((count) => count === 0))
    return { problem: '参与人在激励期间内均没有已交车的拉新，无法按拉新数量分配' };
  return { shares: counts };
}

/** Each participant's amount: the pool split by the rule's shares, adding up to the pool to the fen. */
export function splitPool(
  total: number,
  rule: number,
  participants: readonly { weight?: number | null; referralCount?: number | null }[],
): { amounts: number[] } | { problem: string } {
  const result = sharesOf(rule, participants);
  if ('problem' in result) return result;
  return { amounts: splitByShares(total, result.shares) };
}

/** 作废 of a saved allocation: saved allocations are never edited, only voided with a reason. */
export const cancelAllocationBody = z.strictObject({
  reason: text().trim().min(1, '不能为空').max(200).meta({ title: '作废原因' }),
});

export const incentiveLifecycle = defineLifecycle({
  field: 'status',
  states: incentiveStatus,
  transitions: [
    { action: 'cancel', from: [1], to: 2, button: 'incentiveAllocation:cancel', body: cancelAllocationBody },
  ],
});

export const incentiveResource = defineResource({
  key: 'incentiveAllocation',
  title: '激励分配',
  page: 'incentiveAllocation',
  endpoint: '/api/incentive-allocations',
  identity: 'name',
  lifecycle: incentiveLifecycle,
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    name: fields.text('激励名称', { required: true, max: 50, filter: 'like', sortable: true }),
    periodStart: fields.date('开始日期', { required: true, filter: 'range', sortable: true }),
    periodEnd: fields.date('结束日期', { required: true, sortable: true }),
    totalAmount: fields.money('激励总额', { required: true, positive: true, sortable: true }),
    rule: fields.enumOf(incentiveRule, { required: true, filter: 'eq' }),
    participants: fields.items('参与人', participantInput, { required: true, min: 1, max: 200 }),
    participantCount: fields.integer('参与人数', { form: false }),
    status: fields.enumOf(incentiveStatus, { form: false, filter: 'eq' }),
    remark: fields.text('备注', { max: 200 }),
    cancelReason: fields.text('作废原因', { form: false, list: false, max: 200 }),
    cancelledAt: fields.datetime('作废时间', { form: false, list: false }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
  checks: [check.notBefore('periodEnd', 'periodStart', '不能早于开始日期')],
});

export const incentiveScreens = {
  incentiveAllocation: defineScreen(incentiveResource, {
    route: 'incentiveAllocation',
    key: ['totalAmount', 'rule', 'status'],
    tabs: { field: 'status', all: true, items: [{ values: [1] }, { values: [2] }] },
    actions: ['cancel'],
  }),
};

/** A preview of a split before it is saved: the same checks and arithmetic as the save. */
export const incentivePreviewInput = withChecks(
  z.strictObject({
    periodStart: incentiveResource.fields.periodStart.input,
    periodEnd: incentiveResource.fields.periodEnd.input,
    totalAmount: incentiveResource.fields.totalAmount.input,
    rule: incentiveResource.fields.rule.input,
    participants: incentiveResource.fields.participants.input,
  }),
  incentiveResource.checks,
);
export const incentivePreview = z.object({ parts: z.array(participantPart) });
