import { z } from 'zod';
import { defineEnum } from '../enums';
import { check } from '../resource/checks';
import { fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { text } from '../values';

/** What a policy gives the drivers who qualify. */
export const policyType = defineEnum('政策类型', [
  [1, '租金减免'],
  [2, '免租天数'],
  [3, '阶梯租金'],
  [4, '返现'],
  [5, '推荐奖励'],
  [6, '续租优惠'],
]);

/** SPEC §3 政策状态: where today (Beijing) stands in the policy's days — computed, never stored. */
export const policyStatus = defineEnum(
  '政策状态',
  [
    [0, '未开始'],
    [1, '执行中'],
    [2, '已结束'],
  ],
  { status: true },
);

/** SPEC §3 validity: a policy is 有效 until 作废, which is final. */
export const policyValidity = defineEnum(
  '有效性',
  [
    [1, '有效'],
    [0, '无效'],
  ],
  { status: true },
);

export const policyLifecycle = defineLifecycle({
  field: 'validity',
  states: policyValidity,
  transitions: [
    {
      action: 'cancel',
      from: [1],
      to: 0,
      button: 'policyList:cancel',
      title: '作废',
      body: z.strictObject({ reason: text().trim().min(1, '不能为空').max(200).meta({ title: '作废原因' }) }),
    },
  ],
});

/**
 * 政策列表: a branch company's marketing policies — what they give, where and when, with their notice. Scope is
 * cities and car models (车型, what a lease order rents: the product), none chosen meaning all. Two valid
 * policies of one type may not run on overlapping days where both their cities and their models intersect.
 * 单笔优惠 is the money one order's claim is worth (a 免租天数 policy states its days' worth in 元), credited to
 * the driver's books when the claim is 已核销; 预算总额 bounds what all its claims together may grant.
 */
export const policyResource = defineResource({
  key: 'policy',
  title: '政策',
  page: 'policyList',
  endpoint: '/api/policies',
  identity: 'name',
  lifecycle: policyLifecycle,
  defaultSort: { field: 'startDate', order: 'desc' },
  checks: [
    check.after('endDate', 'startDate', '应晚于开始日期'),
    check.notAbove('benefit', 'budget', '不能大于预算总额'),
  ],
  fields: {
    name: fields.text('政策名称', { required: true, max: 50, filter: 'like', unique: true }),
    type: fields.enumOf(policyType, { required: true, filter: 'eq' }),
    cityIds: fields.refs('适用城市', 'city', { max: 400, hint: '不选则适用全部城市', filter: 'eq' }),
    modelIds: fields.refs('适用车型', 'model', { max: 200, hint: '不选则适用全部车型', filter: 'eq' }),
    startDate: fields.date('开始日期', { required: true, filter: 'range', sortable: true }),
    endDate: fields.date('结束日期', { required: true, sortable: true }),
    benefit: fields.money('单笔优惠', { required: true, positive: true, hint: '每位符合条件的司机可享受的金额' }),
    budget: fields.money('预算总额', { sortable: true }),
    description: fields.text('政策说明', { required: true, max: 1000, list: false }),
    attachments: fields.files('政策文件', { max: 5, accept: ['pdf', 'docx', 'jpg', 'png'] }),
    policyStatus: fields.enumOf(policyStatus, { form: false, filter: 'eq' }),
    validity: fields.enumOf(policyValidity, { form: false, filter: 'eq' }),
    cancelReason: fields.text('作废原因', { form: false, list: false }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
});

export const policyScreens = {
  policyList: defineScreen(policyResource, { route: 'policyList', actions: ['cancel'] }),
};
