import { defineEnum } from '../enums';

/** What an approval decides on: each business type has its own process definition. */
export const approvalBusinessType = defineEnum('业务类型', [
  [1, '租赁订单'],
  [2, '零售工单'],
  [3, '产品报价'],
  [4, '退车结算'],
  [5, '押金退款'],
  [6, '费用减免'],
  [7, '线下收款'],
  [8, '奖励申请'],
  [9, '换车申请'],
  [10, '订单变更'],
]);

/** The business types by name, for the modules that start approvals and follow their outcome. */
export const approvalBusinessTypes = {
  leaseOrder: 1,
  retailWorkOrder: 2,
  productQuote: 3,
  returnCheckout: 4,
  refund: 5,
  relief: 6,
  offlinePayment: 7,
  award: 8,
  exchange: 9,
  orderChange: 10,
} as const;
export type ApprovalBusinessType = (typeof approvalBusinessTypes)[keyof typeof approvalBusinessTypes];

/**
 * The partner business line an approval belongs to, when it does: orders from the 星海 platform channel and
 * lease-to-own orders financed through 国金 have their own to-do lists (星海待办, 国金待办).
 */
export const approvalLine = defineEnum('业务线', [
  [1, '星海'],
  [2, '国金'],
]);
export const approvalLines = { starSea: 1, guojin: 2 } as const;

/** How a node's approvers decide: any one of them (或签), all of them (会签), one after another (依次). */
export const approvalMethod = defineEnum('审批方式', [
  [1, '或签'],
  [2, '会签'],
  [3, '依次'],
]);
export const approvalMethods = { any: 1, all: 2, sequential: 3 } as const;

/** A process instance: running, or ended one of four ways. */
export const approvalInstanceStatus = defineEnum(
  '审批状态',
  [
    [1, '审批中'],
    [2, '已通过'],
    [3, '已驳回'],
    [4, '已撤回'],
    [5, '已取消'],
  ],
  { status: true },
);
export const approvalInstanceStates = { running: 1, approved: 2, rejected: 3, withdrawn: 4, cancelled: 5 } as const;

/**
 * One approver's task on a node. 已取消: the node or the instance ended without it (another approver of a 或签
 * node decided, the initiator withdrew); 已退回: its approver sent the instance back to the node before.
 */
export const approvalTaskStatus = defineEnum(
  '处理状态',
  [
    [0, '待审批'],
    [1, '已通过'],
    [2, '已驳回'],
    [3, '已转交'],
    [4, '已取消'],
    [5, '已退回'],
  ],
  { status: true },
);
export const approvalTaskStates = {
  pending: 0,
  approved: 1,
  rejected: 2,
  transferred: 3,
  cancelled: 4,
  sentBack: 5,
} as const;

/** What happened on an instance, in its record (审批记录). */
export const approvalEventKind = defineEnum(
  '操作',
  [
    [1, '提交'],
    [2, '通过'],
    [3, '驳回'],
    [4, '转交'],
    [5, '退回'],
    [6, '撤回'],
    [7, '取消'],
    [8, '审批通过'],
  ],
  { status: true },
);
export const approvalEventKinds = {
  submitted: 1,
  approved: 2,
  rejected: 3,
  transferred: 4,
  sentBack: 5,
  withdrawn: 6,
  cancelled: 7,
  completed: 8,
} as const;
