import { billReliefResource } from '../finance/bills';
import { orderChangeRequestResource } from '../orders/changeRequests';
import { exchangeOrderResource } from '../orders/exchanges';
import { leaseOrderResource } from '../orders/leaseOrders';
import { depositRefundResource } from '../orders/refunds';
import { retailWorkOrderResource } from '../orders/retail';
import { returnSettlementResource } from '../orders/returns';
import { productQuoteResource } from '../quotes';
import type { Resource } from '../resource/resource';
import { routesByKey } from '../routes/catalogue';
import { approvalBusinessTypes } from './enums';
import { offlinePaymentResource } from './resources';

/**
 * What each business type's approvals decide on, for the approval pages and a task's detail to show it
 * (`GET /api/approval-business` answers the row to its approvers), the approval form of the types that have
 * one (`/returnCheckoutApproval/:id/:type`), and `summary`: the fields of the row that the to-do lists' 审批事项
 * reads it by — its number, who it is for, its amount — answered with each task (`summary` of a task row).
 * Its approvals are read by its approvers, its initiator and whoever holds the business's page: the resource's
 * own, or `page` where the resource lives on an approval page (a 零售工单 is read from 零售订单).
 */
export const approvalBusinesses: Readonly<
  Record<number, { resource: Resource; form?: string; summary: readonly string[]; page?: string }>
> = {
  [approvalBusinessTypes.leaseOrder]: { resource: leaseOrderResource, summary: ['orderNo', 'driverId', 'rent'] },
  [approvalBusinessTypes.returnCheckout]: {
    resource: returnSettlementResource,
    form: 'returnCheckoutApproval',
    summary: ['settlementNo', 'driverId', 'total'],
  },
  [approvalBusinessTypes.offlinePayment]: { resource: offlinePaymentResource, summary: ['payerName', 'amount'] },
  [approvalBusinessTypes.refund]: { resource: depositRefundResource, summary: ['refundNo', 'driverId', 'amount'] },
  [approvalBusinessTypes.exchange]: {
    resource: exchangeOrderResource,
    summary: ['exchangeNo', 'driverId', 'rentDifference'],
  },
  [approvalBusinessTypes.retailWorkOrder]: {
    resource: retailWorkOrderResource,
    form: 'retailWorkOrderApproval',
    summary: ['workOrderNo', 'buyerName', 'finalPrice'],
    page: 'retailOrder',
  },
  [approvalBusinessTypes.productQuote]: {
    resource: productQuoteResource,
    form: 'productQuoteApproval',
    summary: ['quoteNo', 'customerId', 'rent'],
  },
  [approvalBusinessTypes.relief]: { resource: billReliefResource, summary: ['billNo', 'amount'] },
  [approvalBusinessTypes.orderChange]: { resource: orderChangeRequestResource, summary: ['orderNo', 'summary'] },
};

for (const [type, { resource, summary, page }] of Object.entries(approvalBusinesses)) {
  if (page && !routesByKey.get(page)) throw new Error(`approval business ${type}: no page ${page}`);
  for (const field of summary) {
    if (!resource.fields[field]) throw new Error(`approval business ${type}: ${resource.key} has no field ${field}`);
  }
}
