import {
  approvalBusinessTypes,
  fleetCarResource,
  fleetCarScreens,
  fleetHandoverResource,
  fleetHandoverScreens,
  fleetOrderResource,
  fleetOrderScreens,
} from '@cp/contracts';
import { BusinessApprovalRecord } from '../approvals/ApprovalRecord';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import type { ResourceRecord } from '../resource/types';
import { CarLinesInput, CarLinesSection } from './CarLines';

function OrderApprovalRecord({ record }: { record: ResourceRecord }) {
  return <BusinessApprovalRecord businessType={approvalBusinessTypes.fleetOrder} record={record} />;
}

/** 交接记录 of a car, on its 交接详情. */
const fleetHandoverFamily = defineFamily({ resource: fleetHandoverResource, screens: fleetHandoverScreens });

/** 交接管理: the cars of orders in force; 交接 (交车, 还车) opens the checklist. */
const fleetCarFamily = defineFamily({
  resource: fleetCarResource,
  screens: fleetCarScreens,
  routes: { detail: 'handoverManageDetails' },
  groups: [
    { title: '订单', fields: ['carNo', 'orderNo', 'customerId', 'cityId'] },
    {
      title: '车辆与租金',
      fields: ['modelId', 'vehicleId', 'leaseType', 'monthlyRent', 'rentRatio', 'depositDue', 'depositPaid'],
    },
    {
      title: '租期与交接',
      fields: ['startDate', 'endDate', 'renewal', 'status', 'processType', 'deliveredOn', 'returnedOn', 'createdAt'],
    },
  ],
  refLinks: () => ({ vehicleId: 'vehicleDetail' }),
  related: () => [{ family: fleetHandoverFamily, screen: 'handovers', via: 'carId' }],
  refreshes: ['fleetHandover', 'fleetOrder', 'vehicle'],
});

/** B端租赁订单: 新增 / 编辑 pages with the car lines, 提交 to its approval, the detail with its cars and approval. */
const fleetOrderFamily = defineFamily({
  resource: fleetOrderResource,
  screens: fleetOrderScreens,
  routes: { add: 'rentalOrder.add', edit: 'rentalOrder.update', detail: 'rentalOrderDetails' },
  groups: [
    { title: '客户与合同', fields: ['orderNo', 'customerId', 'cityId', 'contractNo', 'signedOn'] },
    { title: '结算', fields: ['settlementMode', 'billingDay', 'paymentDays'] },
    {
      title: '车辆',
      fields: ['lines', 'carCount', 'deliveredCars', 'monthlyRent', 'depositDue', 'startDate', 'endDate'],
    },
    { title: '约定与附件', fields: ['businessTerms', 'attachments', 'remark'] },
    { title: '状态', fields: ['status', 'cancelReason', 'createdBy', 'createdAt'] },
  ],
  inputs: { lines: CarLinesInput },
  detailSections: [CarLinesSection, OrderApprovalRecord],
  related: () => [{ family: fleetCarFamily, screen: 'handoverManage', via: 'orderId', title: '交接车辆' }],
  refreshes: ['fleetCar', 'approvalInstance', 'approvalTask'],
});

export const { families, keys, page, prefetch } = familyModule([fleetOrderFamily, fleetCarFamily, fleetHandoverFamily]);
