import { z } from 'zod';
import { defineEnum } from '../enums';
import { fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { calendarDate, text } from '../values';
import { referralStages } from './enums';

export const awardStatus = defineEnum(
  '状态',
  [
    [1, '待审核'],
    [2, '已通过'],
    [3, '已驳回'],
    [4, '已发放'],
  ],
  { status: true },
);

/**
 * The reward each stage a referral reached earns its inviter, in fen (DOMAIN_DECISIONS: 拉新奖励). An award
 * is applied for once the invitee's car is delivered; its default amount is the sum of every stage's reward.
 */
export const referralStageRewards: Readonly<Record<number, number>> = {
  [referralStages.registered]: 5_000,
  [referralStages.signed]: 20_000,
  [referralStages.delivered]: 50_000,
};
export const defaultAwardAmount = Object.values(referralStageRewards).reduce((sum, amount) => sum + amount, 0);
/** The most one award may pay, in fen (5 000 元). */
export const maxAwardAmount = 500_000;

export const rejectAwardBody = z.strictObject({
  reason: text().trim().min(1, '不能为空').max(200).meta({ title: '驳回原因' }),
});

export const payAwardBody = z.strictObject({
  paymentReference: text().trim().min(1, '不能为空').max(50).meta({ title: '付款流水号' }),
  paidOn: calendarDate()
    .refine((day) => day <= new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10), '不能晚于今天')
    .meta({ title: '发放日期' }),
});

/** 待审核 → 已通过 (审核通过) / 已驳回 (with a reason); 已通过 → 已发放 with the payment's reference and date. */
export const awardLifecycle = defineLifecycle({
  field: 'status',
  states: awardStatus,
  removable: [],
  transitions: [
    {
      action: 'approve',
      title: '审核通过',
      from: [1],
      to: 2,
      button: 'awardApplication:approve',
      confirm: '审核通过后即可发放奖励，确定通过？',
    },
    { action: 'reject', from: [1], to: 3, button: 'awardApplication:reject', body: rejectAwardBody },
    { action: 'pay', from: [2], to: 4, button: 'awardApplication:pay', body: payAwardBody },
  ],
});

export const awardResource = defineResource({
  key: 'referralAward',
  title: '奖励申请',
  page: 'awardApplication',
  endpoint: '/api/referral-awards',
  identity: 'referralId',
  lifecycle: awardLifecycle,
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    referralId: fields.ref('拉新记录', 'referral', { required: true, filter: 'eq' }),
    inviterId: fields.ref('邀请司机', 'driver', { form: false, filter: 'eq' }),
    amount: fields.money('奖励金额', {
      positive: true,
      sortable: true,
      hint: `不填则按各阶段奖励合计 ${defaultAwardAmount / 100} 元`,
    }),
    reason: fields.text('申请说明', { required: true, max: 200 }),
    status: fields.enumOf(awardStatus, { form: false, filter: 'eq' }),
    applicantId: fields.ref('申请人', 'user', { form: false, filter: 'eq' }),
    rejectReason: fields.text('驳回原因', { form: false, list: false }),
    reviewedAt: fields.datetime('审核时间', { form: false, list: false }),
    paymentReference: fields.text('付款流水号', { form: false, list: false, filter: 'eq' }),
    paidOn: fields.date('发放日期', { form: false, sortable: true }),
    createdAt: fields.datetime('申请时间', { form: false, sortable: true, filter: 'range' }),
  },
});

export const awardScreens = {
  awardApplication: defineScreen(awardResource, {
    route: 'awardApplication',
    key: ['inviterId', 'amount', 'status'],
    tabs: { field: 'status', all: true, items: [{ values: [1] }, { values: [2] }, { values: [3] }, { values: [4] }] },
    actions: ['approve', 'reject', 'pay'],
  }),
};
