import { familyPages } from '../resource/registerFamilies';

/**
 * 订单管理's 租赁订单 (the list, 新增订单, 租赁订单详情), 换车订单 and its 详情, 到期订单, 退车管理 (退车核算, 核算单, 核算主体) and the
 * settlement's approval form, 司机申请 and its 详情.
 */
export const orderPages = familyPages(
  () => import('./families'),
  [
    'leaseOrder',
    'addOrder',
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
  ],
);
