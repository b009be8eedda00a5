import { defineSection, page } from '../build';

/** The approval forms open from the to-do list; a new retail work order is started from "我发起的". */
export const approvalRoutes = defineSection('approval', [
  page('/tobeDone', '待办事项', { buttons: ['approve', 'export'] }),
  page('/starSeaTobeDone', '星海待办', { badge: 'pending', buttons: ['approve', 'export'] }),
  page('/guojinTobeDone', '国金待办', { buttons: ['approve', 'export'] }),
  page('/refund', '退款审批', { buttons: ['approve', 'export'] }),
  page('/done', '已办事项', { buttons: ['export'] }),
  page('/initiated', '我发起的', { buttons: ['add', ['stop', '终止'], 'export'] }),
  page('/offlineApprove', '线下审批', { buttons: ['approve', 'export'] }),
  page('/offlineApproveDone', '线下已办', { buttons: ['export'] }),
  page('/offlineApproveInitial', '线下发起', { buttons: ['add', 'export'] }),
  page('/productQuoteApproval/:id/:type', '产品报价审批', { parent: '/tobeDone' }),
  page('/retailWorkOrderApproval/:id/:type', '零售工单审批', { parent: '/tobeDone' }),
  page('/retailWorkOrder/new', '新建零售工单', { parent: '/initiated', requires: 'add' }),
  page('/returnCheckoutApproval/:id/:type', '退车结算审批', { parent: '/tobeDone' }),
]);
