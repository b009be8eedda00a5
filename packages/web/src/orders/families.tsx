import {
  accountingUnitResource,
  accountingUnitScreens,
  approvalBusinessTypes,
  depositRefundResource,
  depositRefundScreens,
  driverApplicationResource,
  driverApplicationScreens,
  dueOrderResource,
  dueOrderScreens,
  exchangeOrderResource,
  exchangeOrderScreens,
  leaseOrderResource,
  leaseOrderScreens,
  orderChangeRequestResource,
  orderChangeRequestScreens,
  orderReceivableResource,
  orderReceivableScreens,
  retailOrderResource,
  retailOrderScreens,
  retailWorkOrderResource,
  returnCalculationResource,
  returnCalculationScreens,
  returnSettlementResource,
  returnSettlementScreens,
} from '@cp/contracts';
import { BusinessApprovalRecord } from '../approvals/ApprovalRecord';
import { BusinessApprovalPage } from '../approvals/BusinessApprovalPage';
import { ContractPanel } from '../leaseContracts/ContractPanel';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import type { ResourceRecord } from '../resource/types';
import { DepositLedgerSection } from './DepositLedger';
import { RetailOrderApproval, WorkOrderRetailOrder } from './RetailWorkOrder';
import { SettlementLines } from './SettlementLines';
import { StagesInput } from './StagesInput';

/** 应收计划: an order's receivable schedule, on its detail page. */
export const orderReceivableFamily = defineFamily({
  resource: orderReceivableResource,
  screens: orderReceivableScreens,
});

/** 变更申请: 修改订单类型 and 延期 of an order in force, waiting for or decided by 订单变更审批. */
export const orderChangeRequestFamily = defineFamily({
  resource: orderChangeRequestResource,
  screens: orderChangeRequestScreens,
});

function OrderApprovalRecord({ record }: { record: ResourceRecord }) {
  return <BusinessApprovalRecord businessType={approvalBusinessTypes.leaseOrder} record={record} />;
}

/**
 * 租赁订单: 新增订单 page, 详情 with the schedule and the approval, the order's actions on its rows — 填写交车信息
 * on its own page, the order read beside the handover form.
 */
export const leaseOrderFamily = defineFamily({
  resource: leaseOrderResource,
  screens: leaseOrderScreens,
  routes: { add: 'addOrder', detail: 'leaseOrderDetails' },
  actionPages: { fillDelivery: 'leaseOrderFillDelivery' },
  groups: [
    { title: '客户与车辆', fields: ['orderNo', 'driverId', 'cityId', 'modelId', 'vehicleId'] },
    {
      title: '租赁方案',
      fields: [
        'rentalMode',
        'orderType',
        'rentReceipt',
        'rentTiming',
        'maintenancePlan',
        'rentSettlement',
        'businessItems',
      ],
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
        'settlementState',
        'extendTenancy',
        'deliveredAt',
        'associatedOrderNo',
        'cancelReason',
        'createdAt',
      ],
    },
    // The credit check (#23 item 8): the problem found of the driver, and the 运营经理 whose approval overrode it.
    { title: '信用检查', fields: ['creditIssue', 'creditOverrideBy', 'creditOverrideAt'] },
  ],
  inputs: { stages: StagesInput },
  // 承租司机 opens the driver's page of their kind (the row says which: driverKind), 车辆 the car's.
  refLinks: () => ({
    driverId: (order) => (Number(order.driverKind) === 2 ? 'taxiDriverDetails' : 'ridehailingDriversDetails'),
    vehicleId: 'vehicleDetail',
  }),
  detailSections: [ContractPanel, DepositLedgerSection, OrderApprovalRecord],
  related: () => [
    { family: orderReceivableFamily, screen: 'schedule', via: 'orderId' },
    { family: orderChangeRequestFamily, screen: 'changeRequests', via: 'orderId' },
    // The policies bound to the order at signing, with their snapshot and 核销 (营销政策核销).
    { screen: 'marketingPolicyCancellation', via: 'orderId', title: '订单政策' },
  ],
  refreshes: [
    'orderReceivable',
    'orderChangeRequest',
    'dueOrder',
    'vehicle',
    'carReturn',
    'exchangeOrder',
    'approvalInstance',
    'approvalTask',
    'depositLedger',
    'leaseContract',
  ],
});

function ExchangeApprovalRecord({ record }: { record: ResourceRecord }) {
  return <BusinessApprovalRecord businessType={approvalBusinessTypes.exchange} record={record} />;
}

/** 换车订单: 重新提交 after 驳回, 换车交接 once approved; 详情 with the approval's record. */
export const exchangeOrderFamily = defineFamily({
  resource: exchangeOrderResource,
  screens: exchangeOrderScreens,
  routes: { detail: 'transferOrderDetails' },
  groups: [
    { title: '换车', fields: ['exchangeNo', 'orderNo', 'driverId', 'oldVehicleId', 'newVehicleId', 'status'] },
    { title: '说明', fields: ['reason', 'rentDifference', 'remark', 'createdAt', 'handedOverAt'] },
  ],
  detailSections: [ExchangeApprovalRecord],
  refreshes: ['leaseOrder', 'vehicle', 'orderReceivable', 'approvalInstance', 'approvalTask'],
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

/** 司机申请: applications from the app, 转为订单 (a 待审批 lease order) or 拒绝. */
export const driverApplicationFamily = defineFamily({
  resource: driverApplicationResource,
  screens: driverApplicationScreens,
  routes: { detail: 'driverApplicationDetail' },
  groups: [
    {
      title: '申请',
      fields: ['applicationNo', 'driverId', 'cityId', 'modelId', 'rentalMode', 'wantedDate', 'termMonths', 'message'],
    },
    { title: '审核', fields: ['status', 'orderNo', 'refuseReason', 'reviewedAt', 'createdAt'] },
  ],
  refreshes: ['leaseOrder'],
});

/** 核算主体: the legal entities that settle returns. */
export const accountingUnitFamily = defineFamily({
  resource: accountingUnitResource,
  screens: accountingUnitScreens,
  groups: [
    { title: '主体', fields: ['name', 'taxNo', 'address', 'phone'] },
    { title: '收付款账户', fields: ['bankName', 'bankAccount', 'remark'] },
  ],
});

/** 退车核算: orders whose car is coming or came back; 核算 writes the 核算单 and sends it to approval. */
export const returnCalculationFamily = defineFamily({
  resource: returnCalculationResource,
  screens: returnCalculationScreens,
  groups: [
    {
      title: '订单',
      fields: ['orderNo', 'driverId', 'vehicleId', 'cityId', 'startDate', 'endDate', 'deposit', 'depositHeld'],
    },
    { title: '退车', fields: ['deliveryState', 'returnedAt', 'damageNote', 'settlementState', 'status'] },
  ],
  refreshes: ['returnSettlement', 'leaseOrder', 'approvalInstance', 'approvalTask'],
});

function SettlementApprovalRecord({ record }: { record: ResourceRecord }) {
  return <BusinessApprovalRecord businessType={approvalBusinessTypes.returnCheckout} record={record} />;
}

const settlementGroups = [
  {
    title: '核算单',
    fields: ['settlementNo', 'orderNo', 'driverId', 'vehicleId', 'accountingUnitId', 'returnDate', 'status'],
  },
  {
    title: '金额',
    fields: [
      'rentDue',
      'rentPaid',
      'lateFee',
      'lateFeePaid',
      'violationFee',
      'chargesDue',
      'damageFee',
      'otherFee',
      'penaltyFee',
      'deposit',
      'total',
    ],
  },
  { title: '说明', fields: ['damageNote', 'otherNote', 'remark', 'createdAt'] },
];

/** 押金退款 of a settlement owing the driver: 确认打款 once approved, 重新提交 after 驳回. */
export const depositRefundFamily = defineFamily({
  resource: depositRefundResource,
  screens: depositRefundScreens,
  groups: [
    { title: '退款', fields: ['refundNo', 'settlementNo', 'orderNo', 'driverId', 'amount', 'status', 'createdAt'] },
    { title: '收款账户', fields: ['payeeName', 'bankName', 'bankAccount', 'paidOn', 'paymentReference', 'remark'] },
  ],
  refreshes: ['approvalInstance', 'approvalTask', 'refundTask'],
});

/** 核算单: the settlements with their lines and refund; one turned down is edited and so sent again. */
export const returnSettlementFamily = defineFamily({
  resource: returnSettlementResource,
  screens: returnSettlementScreens,
  groups: settlementGroups,
  detailSections: [SettlementLines, SettlementApprovalRecord],
  related: () => [{ family: depositRefundFamily, screen: 'refunds', via: 'settlementId' }],
  refreshes: ['returnCalculation', 'approvalInstance', 'approvalTask', 'depositRefund', 'depositLedger'],
});

/** /returnCheckoutApproval/:id/:type: a settlement as its approvers decide on it. */
function ReturnCheckoutApproval() {
  return (
    <BusinessApprovalPage
      family={returnSettlementFamily}
      businessType={approvalBusinessTypes.returnCheckout}
      sections={[SettlementLines]}
    />
  );
}

/** 零售订单: 新增 and 编辑 pages, 详情 with its work order's approval; 提交工单, 交车, 过户, 取消 on its rows. */
export const retailOrderFamily = defineFamily({
  resource: retailOrderResource,
  screens: retailOrderScreens,
  routes: { add: 'retailOrderAdd', edit: 'retailOrderEdit', detail: 'retailOrderView' },
  groups: [
    { title: '购车人', fields: ['orderNo', 'buyerType', 'buyerName', 'buyerMobile', 'buyerIdNo'] },
    { title: '车辆与价格', fields: ['cityId', 'modelId', 'vehicleId', 'price', 'discount', 'plannedDeliveryDate'] },
    { title: '付款', fields: ['paymentMethod', 'downPayment', 'financingPartner', 'loanTerms', 'loanAmount'] },
    { title: '合同', fields: ['salespersonId', 'contractFiles', 'remark'] },
    {
      title: '状态',
      fields: ['status', 'workOrderNo', 'deliveredAt', 'transferredOn', 'newPlateNo', 'cancelReason', 'createdAt'],
    },
  ],
  detailSections: [RetailOrderApproval],
  refreshes: ['vehicle', 'approvalInstance', 'approvalTask'],
});

/** 新建零售工单: an order of 待提交 or 已驳回 put to approval with the discount asked for. */
export const retailWorkOrderFamily = defineFamily({
  resource: retailWorkOrderResource,
  screens: {},
  routes: { add: 'retailWorkOrder.new' },
  groups: [
    { title: '工单', fields: ['workOrderNo', 'retailOrderId', 'orderNo', 'buyerName', 'modelId', 'status'] },
    {
      title: '价格与付款',
      fields: ['price', 'discount', 'finalPrice', 'paymentMethod', 'downPayment', 'financingPartner', 'loanTerms'],
    },
    { title: '说明', fields: ['explanation', 'attachments', 'createdAt'] },
  ],
  refreshes: ['retailOrder', 'approvalInstance', 'approvalTask'],
});

/** /retailWorkOrderApproval/:id/:type: a work order as its approvers decide on it. */
function RetailWorkOrderApproval() {
  return (
    <BusinessApprovalPage
      family={retailWorkOrderFamily}
      businessType={approvalBusinessTypes.retailWorkOrder}
      sections={[WorkOrderRetailOrder]}
    />
  );
}

export const { families, keys, page, prefetch } = familyModule(
  [
    leaseOrderFamily,
    orderReceivableFamily,
    orderChangeRequestFamily,
    dueOrderFamily,
    exchangeOrderFamily,
    driverApplicationFamily,
    returnCalculationFamily,
    returnSettlementFamily,
    depositRefundFamily,
    accountingUnitFamily,
    retailOrderFamily,
    retailWorkOrderFamily,
  ],
  { returnCheckoutApproval: ReturnCheckoutApproval, retailWorkOrderApproval: RetailWorkOrderApproval },
);
