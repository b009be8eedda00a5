import {
  approvalTaskResource,
  approvalTaskScreens,
  guojinTaskResource,
  offlineTaskResource,
  partnerTaskScreens,
  type Resource,
  refundTaskResource,
  starSeaTaskResource,
} from '@cp/contracts';
import { defineFamily } from '../resource/family';
import type { ResourceRecord } from '../resource/types';
import { TaskApprovalRecord, TaskBusiness } from './ApprovalRecord';

// The to-do pages' task families, in a module of their own: the approval forms take their decisions from
// them, and the families module holds those forms.

/** What a task's decision changes besides the task: the other to-do pages, the approval, its business. */
export const decisionMoves = [
  'approvalTask',
  'starSeaTask',
  'guojinTask',
  'refundTask',
  'offlineTask',
  'approvalInstance',
  'offlinePayment',
  'productQuote',
  // 订单变更审批 applies its change to the order when it passes.
  'orderChangeRequest',
  'leaseOrder',
];

const taskGroups = [
  { title: '待办', fields: ['title', 'businessType', 'nodeName', 'initiatorId', 'createdAt'] },
  { title: '处理', fields: ['approverId', 'status', 'handledAt', 'comment'] },
];

/**
 * 审批事项 as the to-do lists show it: what the business row is — its number, whom it is for, its amount (the
 * server's summary of the row) — or the title it was started with when the row is gone.
 */
export const taskSubject = (record: ResourceRecord) =>
  typeof record.summary === 'string' && record.summary !== '' ? record.summary : String(record.title ?? '');

/** A to-do page's tasks: 通过 / 驳回 / 转交 / 退回 in place; 详情 shows the business and the approval's record. */
const taskFamily = (resource: Resource, screens: Record<string, (typeof approvalTaskScreens)['tobeDone']>) =>
  defineFamily({
    resource,
    screens,
    groups: taskGroups,
    cells: { title: taskSubject },
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
