import { defineFeature } from '../app/defineFeature';
import { familyPages } from '../resource/registerFamilies';

/**
 * 订单管理's 租赁订单 (the list, 新增订单, 租赁订单详情), 换车订单 and its 详情, 到期订单, 退车管理 (退车核算, 核算单, 核算主体) and the
 * settlement's approval form, 司机申请 and its 详情, 零售订单 (list, 新增, 编辑, 详情), 新建零售工单 and its approval form.
 */
const pages = familyPages(
  () => import('./families'),
  [
    'leaseOrder',
    'addOrder',
    'leaseOrderFillDelivery',
    'leaseOrderDetails',
    'orderDueList',
    'transferOrder',
    'transferOrderDetails',
    'vehicleReturnCalculation',
    'accountingSheet',
    'accountingUnit',
    'returnCheckoutApproval',
    'driverApplication',
    'driverApplicationDetail',
    'retailOrder',
    'retailOrderAdd',
    'retailOrderEdit',
    'retailOrderView',
    'retailWorkOrder.new',
    'retailWorkOrderApproval',
  ],
);

export const feature = defineFeature({ pages });
