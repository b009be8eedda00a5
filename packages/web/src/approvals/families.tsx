import {
  approvalInstanceResource,
  approvalInstanceScreens,
  approvalTaskResource,
  approvalTaskScreens,
  guojinTaskResource,
  offlinePaymentResource,
  offlinePaymentScreens,
  offlineTaskResource,
  partnerTaskScreens,
  type Resource,
  refundTaskResource,
  starSeaTaskResource,
} from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import { InstanceApprovalRecord, PaymentApprovalRecord, TaskApprovalRecord, TaskBusiness } from './ApprovalRecord';
import { StartApproval } from './StartApproval';

/** What a task's decision changes besides the task: the other to-do pages, the approval, its business. */
const decisionMoves = [
  'approvalTask',
  'starSeaTask',
  'guojinTask',
  'refundTask',
  'offlineTask',
  'approvalInstance',
  'offlinePayment',
];

const taskGroups = [
  { title: '待办', fields: ['title', 'businessType', 'nodeName', 'initiatorId', 'createdAt'] },
  { title: '处理', fields: ['approverId', 'status', 'handledAt', 'comment'] },
];

/** A to-do page's tasks: 通过 / 驳回 / 转交 / 退回 in place; 详情 shows the business and the approval's record. */
const taskFamily = (resource: Resource, screens: Record<string, (typeof approvalTaskScreens)['tobeDone']>) =>
  defineFamily({
    resource,
    screens,
    groups: taskGroups,
    detailSections: [TaskBusiness, TaskApprovalRecord],
    refreshes: decisionMoves,
  });

const screensOf = (resource: Resource) =>
  Object.fromEntries(Object.entries(partnerTaskScreens).filter(([, screen]) => screen.resource === resource));

export const approvalTaskFamily = taskFamily(approvalTaskResource, approvalTaskScreens);
export const starSeaTaskFamily = taskFamily(starSeaTaskResource, screensOf(starSeaTaskResource));
export const guojinTaskFamily = taskFamily(guojinTaskResource, screensOf(guojinTaskResource));
export const refundTaskFamily = taskFamily(refundTaskResource, screensOf(refundTaskResource));
export const offlineTaskFamily = taskFamily(offlineTaskResource, screensOf(offlineTaskResource));

/** 我发起的: the approvals I started, 撤回 while they run. */
export const approvalInstanceFamily = defineFamily({
  resource: approvalInstanceResource,
  screens: approvalInstanceScreens,
  groups: [{ title: '审批', fields: ['title', 'businessType', 'status', 'nodeName', 'createdAt', 'endedAt'] }],
  detailSections: [InstanceApprovalRecord],
  refreshes: decisionMoves,
  controls: {
    initiated: [
      {
        button: 'initiated:add',
        place: 'toolbar',
        render: NewApproval,
      },
    ],
  },
});

/** 线下发起: a payment received offline, with its voucher; saving it sends it to 线下审批. */
export const offlinePaymentFamily = defineFamily({
  resource: offlinePaymentResource,
  screens: offlinePaymentScreens,
  groups: [
    { title: '收款信息', fields: ['payerName', 'driverId', 'amount', 'method', 'receivedOn', 'reference', 'purpose'] },
    { title: '凭证', fields: ['vouchers', 'remark'] },
    { title: '确认', fields: ['status', 'createdBy', 'createdAt', 'decidedAt'] },
  ],
  detailSections: [PaymentApprovalRecord],
});

/** 我发起的's 新增: the approvals one may start from there. */
function NewApproval({ title }: { title: string }) {
  return <StartApproval title={title} startable={[offlinePaymentFamily]} pages={['retailWorkOrder.new']} />;
}

export const { families, keys, page, prefetch } = familyModule([
  approvalTaskFamily,
  starSeaTaskFamily,
  guojinTaskFamily,
  refundTaskFamily,
  offlineTaskFamily,
  approvalInstanceFamily,
  offlinePaymentFamily,
]);
