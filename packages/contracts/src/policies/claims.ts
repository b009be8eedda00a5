import { z } from 'zod';
import { defineEnum, enums } from '../enums';
import { enumInput, fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { text } from '../values';
import { policyStatus, policyType, policyValidity } from './resource';

/** SPEC §3 核销状态, and 已作废 for a claim that will not be paid (its reason kept). */
export const claimStatus = defineEnum(
  '核销状态',
  [...enums.verification.options.map(({ value, label }) => [value, label] as const), [3, '已作废']],
  { status: true },
);
export const claimStates = { waiting: 0, verifying: 1, verified: 2, voided: 3 } as const;

/** What 核单 found: SPEC §3 check-order 1 是 (passed) or 2 失败. */
export const checkVerdict = defineEnum(
  '核单结果',
  [
    [1, '通过'],
    [2, '失败'],
  ],
  { status: true },
);

const reason = (title: string) => text().trim().min(1, '不能为空').max(200).meta({ title });

export const checkClaimBody = z.strictObject({
  result: enumInput(checkVerdict),
  reason: text().trim().max(200).optional().meta({ title: '核单说明' }),
});

const { waiting, verifying, verified, voided } = claimStates;

/**
 * 待核销 → 核单 (通过 / 失败 with why) → 开始核销 (only once passed) → 核销中 → 确认核销 → 已核销 (the amount
 * credited to the driver's books, within the policy's budget); 作废 with its reason before it is 已核销.
 */
export const claimLifecycle = defineLifecycle({
  field: 'status',
  states: claimStatus,
  removable: [],
  transitions: [
    {
      action: 'check',
      title: '核单',
      from: [waiting],
      to: null,
      button: 'marketingPolicyCancellation:check',
      body: checkClaimBody,
      when: { field: 'checkOrder', values: [0], refusal: '该核销单已核单' },
    },
    {
      action: 'start',
      title: '开始核销',
      from: [waiting],
      to: verifying,
      button: 'marketingPolicyCancellation:start',
      confirm: '开始核销后由财务确认入账，确定开始？',
      when: { field: 'checkOrder', values: [1], refusal: '核单通过后才能开始核销' },
    },
    {
      action: 'verify',
      title: '确认核销',
      from: [verifying],
      to: verified,
      button: 'marketingPolicyCancellation:verify',
      confirm: '确认后优惠金额计入司机账户（冲抵订单应收），不可撤销，确定核销？',
    },
    {
      action: 'cancel',
      title: '作废',
      from: [waiting, verifying],
      to: voided,
      button: 'marketingPolicyCancellation:cancel',
      body: z.strictObject({ reason: reason('作废原因') }),
    },
  ],
});

/**
 * 营销政策核销: a policy bound to a lease order (新增 on this page: 订单 and 政策), one claim per order and policy
 * and one policy of a type per order. Binding checks the policy applies — 有效, 执行中 on the order's 起租日期,
 * the order's city and model in its scope — and keeps a snapshot of its terms (name, type, amount, days,
 * scope): editing the policy later never changes what the order got.
 */
export const policyClaimResource = defineResource({
  key: 'policyClaim',
  title: '核销单',
  page: 'marketingPolicyCancellation',
  endpoint: '/api/policy-claims',
  identity: 'claimNo',
  lifecycle: claimLifecycle,
  operations: ['create', 'export'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    claimNo: fields.text('核销单号', { form: false, filter: 'like', sortable: true }),
    orderId: fields.ref('租赁订单', 'policyOrder', { required: true, createOnly: true, filter: 'eq' }),
    policyId: fields.ref('政策', 'policy', { required: true, createOnly: true, filter: 'eq' }),
    driverId: fields.ref('司机', 'driver', { form: false, filter: 'eq' }),
    cityId: fields.ref('城市', 'city', { form: false, filter: 'eq' }),
    policyName: fields.text('绑定时政策名称', { form: false, list: false }),
    policyType: fields.enumOf(policyType, { form: false, list: false }),
    amount: fields.money('优惠金额', { form: false, sortable: true }),
    policyStart: fields.date('政策开始日期', { form: false, list: false }),
    policyEnd: fields.date('政策结束日期', { form: false, list: false }),
    scope: fields.text('适用范围', { form: false, list: false }),
    signedOn: fields.date('签约日期', { form: false, list: false }),
    checkOrder: fields.enumOf(enums.checkOrder, { form: false, filter: 'eq' }),
    checkNote: fields.text('核单说明', { form: false, list: false }),
    status: fields.enumOf(claimStatus, { form: false, filter: 'eq' }),
    verifiedAt: fields.datetime('核销时间', { form: false, sortable: true }),
    paymentNo: fields.text('入账单号', { form: false, list: false }),
    cancelReason: fields.text('作废原因', { form: false, list: false }),
    remark: fields.text('备注', { max: 200, list: false }),
    createdAt: fields.datetime('绑定时间', { form: false, sortable: true, filter: 'range' }),
  },
});

export const policyClaimScreens = {
  marketingPolicyCancellation: defineScreen(policyClaimResource, {
    route: 'marketingPolicyCancellation',
    // 核单 and 核销 states in view at 1440 × 900: the driver and the order (long names) come after them.
    key: ['policyId', 'amount', 'checkOrder', 'status'],
    columns: ['driverId', 'orderId', 'cityId', 'verifiedAt', 'createdAt'],
    filters: ['cityId', 'policyId', 'driverId', 'orderId', 'checkOrder', 'status', 'createdAt', 'claimNo'],
    tabs: { field: 'status', all: true, items: [{ values: [0] }, { values: [1] }, { values: [2] }, { values: [3] }] },
    actions: ['check', 'start', 'verify', 'cancel'],
  }),
};

/**
 * 营销政策详情: one policy's figures — orders bound, claims by 核销状态, the amount granted and the budget left —
 * read from its claims; its claims are listed below.
 */
export const policyReportResource = defineResource({
  key: 'policyReport',
  title: '营销政策',
  page: 'marketingPolicyCancellation',
  endpoint: '/api/policy-reports',
  identity: 'name',
  operations: [],
  defaultSort: { field: 'startDate', order: 'desc' },
  fields: {
    name: fields.text('政策名称', { form: false }),
    type: fields.enumOf(policyType, { form: false }),
    policyStatus: fields.enumOf(policyStatus, { form: false }),
    validity: fields.enumOf(policyValidity, { form: false }),
    startDate: fields.date('开始日期', { form: false, sortable: true }),
    endDate: fields.date('结束日期', { form: false }),
    benefit: fields.money('单笔优惠', { form: false }),
    budget: fields.money('预算总额', { form: false }),
    ordersBound: fields.integer('绑定订单数', { form: false }),
    waiting: fields.integer('待核销', { form: false }),
    verifying: fields.integer('核销中', { form: false }),
    verified: fields.integer('已核销', { form: false }),
    voided: fields.integer('已作废', { form: false }),
    granted: fields.money('已发放金额', { form: false }),
    budgetLeft: fields.money('剩余预算', { form: false }),
  },
});
