import { familyPages } from '../resource/registerFamilies';

/** 订单管理's 租赁订单 (the list, 新增订单, 租赁订单详情) and 到期订单. */
export const orderPages = familyPages(
  () => import('./families'),
  ['leaseOrder', 'addOrder', 'leaseOrderDetails', 'orderDueList'],
);
