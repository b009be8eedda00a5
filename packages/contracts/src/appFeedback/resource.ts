import { z } from 'zod';
import { defineEnum, enabledStatus } from '../enums';
import { faultTypes, feedbackLevels, maxFaultScreenshots } from '../feedback';
import { check } from '../resource/checks';
import { fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { idText, text } from '../values';

/** What a driver's feedback is: the two shapes of SPEC §3 (suggestion, fault report). */
export const appFeedbackKind = defineEnum('反馈类型', [
  [1, '建议'],
  [2, '故障'],
]);

/** A suggestion's level, as the console's own widget words it (SPEC §5: 高/中/低). */
export const appFeedbackLevel = defineEnum(
  '紧急程度',
  feedbackLevels.map((label, n) => [n + 1, label] as const),
);

/** A fault report's type (SPEC §5). */
export const appFaultType = defineEnum(
  '故障类型',
  faultTypes.map((label, n) => [n + 1, label] as const),
);

/** Where the feedback came from: the app itself, or staff logging what a driver said by phone or in person. */
export const appFeedbackSource = defineEnum('来源渠道', [
  // Staff choose among the first three on 新增反馈; APP is written by the app alone.
  [2, '电话'],
  [3, '现场'],
  [4, '其他'],
  [1, 'APP'],
]);

export const appFeedbackStatus = defineEnum(
  '处理状态',
  [
    [0, '待处理'],
    [1, '处理中'],
    [2, '已处理'],
    [3, '已关闭'],
  ],
  { status: true },
);

/** How long handling took (or has taken so far): from receipt to 已处理 / 已关闭, or to now. */
export const handlingBucket = defineEnum('处理时长', [
  [0, '5小时内'],
  [1, '5-24小时'],
  [2, '超过24小时'],
]);

const handle = 'feedBack:handle';
const replyText = text().trim().min(1, '不能为空').max(1000, '不能超过1000个字').meta({ title: '回复内容' });

/**
 * 待处理 → 处理中 (指派) → 已处理 (a reply to the driver required) or 已关闭 (with a reason). Replies may be
 * added while 处理中; tags may be set at any time.
 */
export const appFeedbackLifecycle = defineLifecycle({
  field: 'status',
  states: appFeedbackStatus,
  editable: [],
  removable: [],
  transitions: [
    {
      action: 'assign',
      from: [0, 1],
      to: 1,
      button: handle,
      title: '指派',
      body: z.strictObject({ assigneeId: idText.meta({ title: '处理人', lookup: 'user' }) }),
      prefill: ['assigneeId'],
    },
    {
      action: 'reply',
      from: [1],
      to: null,
      button: handle,
      title: '回复',
      body: z.strictObject({ content: replyText }),
    },
    {
      action: 'resolve',
      from: [1],
      to: 2,
      button: handle,
      title: '处理完成',
      body: z.strictObject({ content: replyText.meta({ title: '处理结果（回复司机）' }) }),
    },
    {
      action: 'close',
      from: [0, 1],
      to: 3,
      button: handle,
      title: '关闭',
      body: z.strictObject({
        reason: text().trim().min(1, '不能为空').max(200, '不能超过200个字').meta({ title: '关闭原因' }),
      }),
    },
    {
      action: 'tag',
      from: [0, 1, 2, 3],
      to: null,
      button: handle,
      title: '设置标签',
      body: z.strictObject({
        tagIds: z.array(idText).max(10, '最多10个标签').meta({ title: '反馈标签', lookup: 'feedbackTag' }),
      }),
      prefill: ['tagIds'],
    },
  ],
});

/**
 * 意见反馈: what drivers tell the company through the app (or staff log for them), in SPEC §3's two shapes —
 * a suggestion {menu, problem, level, screenshots} or a fault report {type, menu, url, problem, screenshots}.
 * Handled by one assignee; every reply is kept and the driver reads them in the app. 处理时长 is computed
 * from receipt to 已处理 / 已关闭 (or now, while open) and bucketed 5小时内 / 5-24小时 / 超过24小时.
 */
export const appFeedbackResource = defineResource({
  key: 'appFeedback',
  title: '意见反馈',
  page: 'feedBack',
  endpoint: '/api/driver-feedback',
  identity: 'feedbackNo',
  lifecycle: appFeedbackLifecycle,
  defaultSort: { field: 'createdAt', order: 'desc' },
  checks: [
    check.requiredWhen('level', { field: 'kind', values: [1] }, '建议须选择紧急程度'),
    check.requiredWhen('faultType', { field: 'kind', values: [2] }, '故障须选择故障类型'),
  ],
  fields: {
    feedbackNo: fields.text('反馈编号', { form: false, filter: 'like' }),
    driverId: fields.ref('司机', 'driver', { required: true, filter: 'eq', createOnly: true }),
    kind: fields.enumOf(appFeedbackKind, { required: true, filter: 'eq', createOnly: true }),
    menu: fields.text('功能模块', { required: true, max: 200, createOnly: true, hint: '如：订单、账单、还车' }),
    problem: fields.text('问题描述', { required: true, max: 2000, list: false, createOnly: true }),
    level: fields.enumOf(appFeedbackLevel, { filter: 'eq', createOnly: true }),
    faultType: fields.enumOf(appFaultType, { list: false, createOnly: true }),
    pageUrl: fields.text('页面地址', { max: 500, list: false, createOnly: true }),
    pics: fields.files('截图', { max: maxFaultScreenshots, accept: ['png', 'jpg', 'jpeg'], createOnly: true }),
    source: fields.enumOf(appFeedbackSource, {
      required: true,
      filter: 'eq',
      createOnly: true,
      hint: '电话、现场或其他渠道收到的反馈；APP 提交的由司机APP写入',
    }),
    tagIds: fields.refs('反馈标签', 'feedbackTag', { max: 10, list: true }),
    tagId: fields.ref('标签', 'feedbackTag', { form: false, filter: 'eq', list: false, detail: false, export: false }),
    status: fields.enumOf(appFeedbackStatus, { form: false, filter: 'eq' }),
    assigneeId: fields.ref('处理人', 'user', { form: false, filter: 'eq' }),
    handlingHours: fields.integer('处理时长（小时）', { form: false, sortable: true }),
    handlingBucket: fields.enumOf(handlingBucket, { form: false, filter: 'eq' }),
    replyCount: fields.integer('回复数', { form: false }),
    closeReason: fields.text('关闭原因', { form: false, list: false }),
    assignedAt: fields.datetime('指派时间', { form: false, list: false }),
    handledAt: fields.datetime('办结时间', { form: false, list: false }),
    createdAt: fields.datetime('反馈时间', { form: false, sortable: true, filter: 'range' }),
  },
});

/** A reply to a feedback: staff's words to the driver, in order; the app reads them. */
export const appFeedbackReplyResource = defineResource({
  key: 'appFeedbackReply',
  title: '回复记录',
  page: 'feedBack',
  endpoint: '/api/driver-feedback-replies',
  identity: 'content',
  operations: [],
  defaultSort: { field: 'createdAt', order: 'asc' },
  fields: {
    feedbackId: fields.parentId('意见反馈'),
    content: fields.text('回复内容', { form: false }),
    authorName: fields.text('回复人', { form: false }),
    createdAt: fields.datetime('回复时间', { form: false, sortable: true }),
  },
});

/** 反馈标签: how handlers group feedback (账单, 车辆, APP体验…); a tag in use is 停用, not deleted. */
export const feedbackTagResource = defineResource({
  key: 'feedbackTag',
  title: '反馈标签',
  page: 'feedBackTags',
  endpoint: '/api/feedback-tags',
  identity: 'name',
  defaultSort: { field: 'displayOrder', order: 'asc' },
  fields: {
    name: fields.text('标签名称', { required: true, max: 20, filter: 'like', unique: true }),
    color: fields.color('颜色'),
    displayOrder: fields.integer('排序', { required: true, min: 0, max: 9999, sortable: true, hint: '数字越小越靠前' }),
    status: fields.enumOf(enabledStatus, { required: true, filter: 'eq' }),
    usage: fields.integer('使用次数', { form: false }),
    remark: fields.text('备注', { max: 100, list: false }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
});

export const appFeedbackScreens = {
  feedBack: defineScreen(appFeedbackResource, {
    route: 'feedBack',
    actions: ['assign', 'reply', 'resolve', 'close', 'tag'],
  }),
  replies: defineScreen(appFeedbackReplyResource, {
    route: 'feedBack',
    embedded: { name: 'appFeedbackReplies', title: '回复记录' },
  }),
};

export const feedbackTagScreens = { feedBackTags: defineScreen(feedbackTagResource, { route: 'feedBackTags' }) };
