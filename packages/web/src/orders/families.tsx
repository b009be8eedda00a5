import {
  approvalBusinessTypes,
  dueOrderResource,
  dueOrderScreens,
  leaseOrderResource,
  leaseOrderScreens,
  orderReceivableResource,
  orderReceivableScreens,
} from '@cp/contracts';
import { BusinessApprovalRecord } from '../approvals/ApprovalRecord';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import type { ResourceRecord } from '../resource/types';
import { StagesInput } from './StagesInput';

/** 应收计划: an order's receivable schedule, on its detail page. */
export const orderReceivableFamily = defineFamily({
  resource: orderReceivableResource,
  screens: orderReceivableScreens,
});

function OrderApprovalRecord({ record }: { record: ResourceRecord }) {
  return <BusinessApprovalRecord businessType={approvalBusinessTypes.leaseOrder} record={record} />;
}

/** 租赁订单: 新增订单 page, 详情 with the schedule and the approval, the order's actions on its rows. */
export const leaseOrderFamily = defineFamily({
  resource: leaseOrderResource,
  screens: leaseOrderScreens,
  routes: { add: 'addOrder', detail: 'leaseOrderDetails' },
  groups: [
    { title: '客户与车辆', fields: ['orderNo', 'driverId', 'cityId', 'modelId', 'vehicleId'] },
    {
      title: '租赁方案',
      fields: ['rentalMode', 'orderType', 'rentReceipt', 'rentTiming', 'maintenancePlan', 'rentSettlement'],
    },
    {
      title: '租期与租金',
      fields: ['startDate', 'termMonths', 'endDate', 'rent', 'stages', 'rentFreeDays', 'graceDays'],
    },
    { title: '费用', fields: ['deposit', 'firstPayment', 'servicingFee', 'finalPayment', 'lateFeeRate'] },
    { title: '合同', fields: ['contractFiles', 'remark'] },
    {
      title: '状态',
      fields: [
        'status',
        'deliveryState',
        'extendTenancy',
        'deliveredAt',
        'associatedOrderNo',
        'cancelReason',
        'createdAt',
      ],
    },
  ],
  inputs: { stages: StagesInput },
  detailSections: [OrderApprovalRecord],
  related: () => [{ family: orderReceivableFamily, screen: 'schedule', via: 'orderId' }],
  refreshes: ['orderReceivable', 'dueOrder', 'vehicle', 'approvalInstance', 'approvalTask'],
});

/** 到期订单: orders ending soon, by tab (30天内 first), with 续租 and 到期退车. */
export const dueOrderFamily = defineFamily({
  resource: dueOrderResource,
  screens: dueOrderScreens,
  groups: [
    { title: '订单', fields: ['orderNo', 'driverId', 'cityId', 'vehicleId', 'rent'] },
    { title: '租期', fields: ['startDate', 'termMonths', 'endDate', 'dueBucket', 'extendTenancy'] },
  ],
  refreshes: ['leaseOrder', 'orderReceivable', 'vehicle', 'approvalInstance'],
});

export const { families, keys, page, prefetch } = familyModule([
  leaseOrderFamily,
  orderReceivableFamily,
  dueOrderFamily,
]);
