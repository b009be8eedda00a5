import { defineEnum } from '../enums';
import { fields } from '../resource/fields';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';

/** What a change of an order in force asks: 修改订单类型 (with its 尾款) or 延期. */
export const orderChangeKind = defineEnum('变更类型', [
  [1, '修改订单类型'],
  [2, '延期'],
]);
export const orderChangeKinds = { changeType: 1, delay: 2 } as const;

/** A change request follows its approval: applied once approved, never otherwise. */
export const orderChangeStatus = defineEnum(
  '变更状态',
  [
    [1, '审批中'],
    [2, '已生效'],
    [3, '已驳回'],
    [4, '已撤回'],
  ],
  { status: true },
);
export const orderChangeStates = { inApproval: 1, applied: 2, rejected: 3, withdrawn: 4 } as const;

/**
 * 订单变更申请: 修改订单类型 or 延期 of an order in force (履约中) is not applied when asked: it is recorded here
 * with what was asked and sent to 订单变更审批; the order changes when the approval passes.
 */
export const orderChangeRequestResource = defineResource({
  key: 'orderChangeRequest',
  title: '订单变更申请',
  page: 'leaseOrder',
  endpoint: '/api/order-change-requests',
  identity: 'orderNo',
  operations: [],
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    orderId: fields.parentId('租赁订单'),
    orderNo: fields.text('订单编号', { form: false }),
    kind: fields.enumOf(orderChangeKind, { form: false }),
    summary: fields.text('变更内容', { form: false }),
    status: fields.enumOf(orderChangeStatus, { form: false }),
    createdBy: fields.ref('申请人', 'user', { form: false }),
    createdAt: fields.datetime('申请时间', { form: false, sortable: true }),
    decidedAt: fields.datetime('审批完成时间', { form: false }),
  },
});

export const orderChangeRequestScreens = {
  changeRequests: defineScreen(orderChangeRequestResource, {
    route: 'leaseOrder',
    embedded: { name: 'changeRequests', title: '变更申请' },
  }),
};
