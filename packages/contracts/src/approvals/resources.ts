import { z } from 'zod';
import { defineEnum } from '../enums';
import { fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { idText, text } from '../values';
import {
  approvalBusinessType,
  approvalBusinessTypes,
  approvalInstanceStatus,
  approvalLine,
  approvalLines,
  approvalTaskStatus,
} from './enums';

const comment = text().trim().max(200).optional().meta({ title: '审批意见' });
const reason = text().trim().min(1, '不能为空').max(200);

export const approveTaskBody = z.strictObject({ comment });
export const rejectTaskBody = z.strictObject({ comment: reason.meta({ title: '驳回原因' }) });
export const transferTaskBody = z.strictObject({
  toUserId: idText.meta({ title: '转交给', lookup: 'user' }),
  comment,
});
export const sendBackTaskBody = z.strictObject({ comment: reason.meta({ title: '退回原因' }) });

/**
 * A task's decisions, guarded by the approve button of the page listing it (待办事项, 星海待办, 线下审批…):
 * 通过, 驳回 (a reason), 转交 (to another user), 退回 (to the node before, with a reason). The engine
 * (`api/approvals/engine.ts`) moves the instance on.
 */
function taskLifecycle(page: string) {
  const button = `${page}:approve`;
  return defineLifecycle({
    field: 'status',
    states: approvalTaskStatus,
    removable: [],
    transitions: [
      { action: 'approve', title: '通过', from: [0], to: 1, button, body: approveTaskBody },
      { action: 'reject', title: '驳回', from: [0], to: 2, button, body: rejectTaskBody },
      { action: 'transfer', title: '转交', from: [0], to: 3, button, body: transferTaskBody },
      { action: 'sendBack', title: '退回', from: [0], to: 5, button, body: sendBackTaskBody },
    ],
  });
}

const taskFields = {
  title: fields.text('审批事项', { form: false, filter: 'like' }),
  businessType: fields.enumOf(approvalBusinessType, { form: false, filter: 'eq' }),
  nodeName: fields.text('审批节点', { form: false }),
  initiatorId: fields.ref('发起人', 'user', { form: false, filter: 'eq' }),
  createdAt: fields.datetime('到达时间', { form: false, sortable: true, filter: 'range' }),
  status: fields.enumOf(approvalTaskStatus, { form: false, filter: 'in' }),
  approverId: fields.ref('审批人', 'user', { form: false, filter: 'eq', panel: false }),
  line: fields.enumOf(approvalLine, { form: false, filter: 'eq', list: false }),
  handledAt: fields.datetime('处理时间', { form: false, sortable: true }),
  comment: fields.text('审批意见', { form: false, max: 200 }),
};

/** The tasks of one to-do page: its decisions take that page's 审批 button. */
function taskResource(key: string, title: string, page: string) {
  return defineResource({
    key,
    title,
    page,
    endpoint: `/api/${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}s`,
    identity: 'title',
    lifecycle: taskLifecycle(page),
    defaultSort: { field: 'createdAt', order: 'desc' },
    fields: taskFields,
  });
}

/** 审批事项 wide enough for its summary (number, whom it is for, amount); a node's and a person's name are short. */
const taskWidths = { title: 280, nodeName: 120, initiatorId: 120 } as const;

const open = '0';
const handled = '1,2,3,5';

/** 待办事项 (my open tasks of every type) and 已办事项 (those I decided). */
export const approvalTaskResource = taskResource('approvalTask', '审批任务', 'tobeDone');
export const approvalTaskScreens = {
  tobeDone: defineScreen(approvalTaskResource, {
    route: 'tobeDone',
    fixed: { status: open },
    mine: 'approverId',
    key: ['businessType', 'nodeName', 'initiatorId'],
    columns: ['businessType', 'nodeName', 'initiatorId', 'createdAt'],
    widths: taskWidths,
    actions: ['approve', 'reject', 'transfer', 'sendBack'],
  }),
  done: defineScreen(approvalTaskResource, {
    route: 'done',
    fixed: { status: handled },
    mine: 'approverId',
    key: ['businessType', 'status', 'handledAt'],
    columns: ['businessType', 'nodeName', 'initiatorId', 'status', 'comment', 'createdAt', 'handledAt'],
    filters: ['title', 'businessType', 'initiatorId', 'createdAt'],
  }),
};

/** 星海待办 and 国金待办: my open tasks of the two partner business lines. */
export const starSeaTaskResource = taskResource('starSeaTask', '星海审批任务', 'starSeaTobeDone');
export const guojinTaskResource = taskResource('guojinTask', '国金审批任务', 'guojinTobeDone');
/** 退款审批: my open tasks deciding deposit refunds. */
export const refundTaskResource = taskResource('refundTask', '退款审批任务', 'refund');
/** 线下审批 and 线下已办: my tasks confirming payments received offline. */
export const offlineTaskResource = taskResource('offlineTask', '线下收款审批任务', 'offlineApprove');

const openScreen = (resource: ReturnType<typeof taskResource>, route: string) =>
  defineScreen(resource, {
    route,
    fixed: { status: open },
    mine: 'approverId',
    key: ['businessType', 'nodeName', 'initiatorId'],
    columns: ['businessType', 'nodeName', 'initiatorId', 'createdAt'],
    widths: taskWidths,
    filters: ['title', 'initiatorId', 'createdAt'],
    actions: ['approve', 'reject', 'transfer', 'sendBack'],
  });

export const partnerTaskScreens = {
  starSeaTobeDone: openScreen(starSeaTaskResource, 'starSeaTobeDone'),
  guojinTobeDone: openScreen(guojinTaskResource, 'guojinTobeDone'),
  refund: openScreen(refundTaskResource, 'refund'),
  offlineApprove: openScreen(offlineTaskResource, 'offlineApprove'),
  offlineApproveDone: defineScreen(offlineTaskResource, {
    route: 'offlineApproveDone',
    fixed: { status: handled },
    mine: 'approverId',
    key: ['status', 'handledAt'],
    columns: ['nodeName', 'initiatorId', 'status', 'comment', 'createdAt', 'handledAt'],
    filters: ['title', 'initiatorId', 'createdAt'],
  }),
};

/** What each slice of the tasks holds besides the approver's own: its line or its business type. */
export const taskSlices = {
  starSeaTask: { line: approvalLines.starSea },
  guojinTask: { line: approvalLines.guojin },
  refundTask: { businessType: approvalBusinessTypes.refund },
  offlineTask: { businessType: approvalBusinessTypes.offlinePayment },
} as const;

/** 我发起的: the approvals I started, with 撤回 while they run. */
export const approvalInstanceLifecycle = defineLifecycle({
  field: 'status',
  states: approvalInstanceStatus,
  removable: [],
  transitions: [
    {
      action: 'withdraw',
      title: '撤回',
      from: [1],
      to: 4,
      button: 'initiated:stop',
      confirm: '撤回后审批终止，业务单据退回待提交，确定撤回？',
    },
  ],
});

export const approvalInstanceResource = defineResource({
  key: 'approvalInstance',
  title: '审批',
  page: 'initiated',
  endpoint: '/api/approval-instances',
  identity: 'title',
  lifecycle: approvalInstanceLifecycle,
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    title: fields.text('审批事项', { form: false, filter: 'like' }),
    businessType: fields.enumOf(approvalBusinessType, { form: false, filter: 'eq' }),
    status: fields.enumOf(approvalInstanceStatus, { form: false, filter: 'eq' }),
    nodeName: fields.text('当前节点', { form: false }),
    initiatorId: fields.ref('发起人', 'user', { form: false, filter: 'eq', panel: false }),
    line: fields.enumOf(approvalLine, { form: false, filter: 'eq', list: false }),
    createdAt: fields.datetime('发起时间', { form: false, sortable: true, filter: 'range' }),
    endedAt: fields.datetime('结束时间', { form: false, sortable: true }),
  },
});

export const approvalInstanceScreens = {
  initiated: defineScreen(approvalInstanceResource, {
    route: 'initiated',
    mine: 'initiatorId',
    key: ['businessType', 'status', 'nodeName'],
    tabs: {
      field: 'status',
      all: true,
      items: [{ values: [1] }, { values: [2] }, { values: [3] }, { values: [4, 5] }],
    },
    actions: ['withdraw'],
  }),
};

/** How a payment recorded offline was received. */
export const offlinePaymentMethod = defineEnum('收款方式', [
  [1, '现金'],
  [2, '银行转账'],
  [3, '微信'],
  [4, '支付宝'],
]);

/** A recorded payment: waiting for its approval, confirmed, or not. */
export const offlinePaymentStatus = defineEnum(
  '确认状态',
  [
    [1, '审批中'],
    [2, '已确认'],
    [3, '已驳回'],
    [4, '已撤回'],
  ],
  { status: true },
);
export const offlinePaymentStates = { pending: 1, confirmed: 2, rejected: 3, withdrawn: 4 } as const;

/** 线下发起: a payment received offline, recorded with its voucher; saving it starts its approval. */
export const offlinePaymentResource = defineResource({
  key: 'offlinePayment',
  title: '线下收款',
  page: 'offlineApproveInitial',
  endpoint: '/api/offline-payments',
  identity: 'payerName',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    payerName: fields.text('付款人', { required: true, filter: 'like', max: 50 }),
    driverId: fields.ref('关联司机', 'driver', { filter: 'eq' }),
    amount: fields.money('收款金额', { required: true, positive: true, sortable: true }),
    method: fields.enumOf(offlinePaymentMethod, { required: true, filter: 'eq' }),
    receivedOn: fields.date('到账日期', { required: true, sortable: true, filter: 'range' }),
    reference: fields.text('交易流水号', { max: 50, filter: 'eq' }),
    purpose: fields.text('款项说明', { required: true, max: 200 }),
    vouchers: fields.files('到账凭证', {
      required: true,
      max: 5,
      accept: ['png', 'jpg', 'jpeg', 'pdf'],
      maxSizeMb: 10,
    }),
    status: fields.enumOf(offlinePaymentStatus, { form: false, filter: 'eq' }),
    createdBy: fields.ref('发起人', 'user', { form: false, filter: 'eq' }),
    createdAt: fields.datetime('发起时间', { form: false, sortable: true, filter: 'range' }),
    decidedAt: fields.datetime('审批完成时间', { form: false, list: false }),
    remark: fields.text('备注', { max: 200, list: false }),
  },
});

export const offlinePaymentScreens = {
  offlineApproveInitial: defineScreen(offlinePaymentResource, {
    route: 'offlineApproveInitial',
    key: ['amount', 'method', 'receivedOn', 'status'],
    tabs: { field: 'status', all: true, items: [{ values: [1] }, { values: [2] }, { values: [3, 4] }] },
  }),
};
