import { billReliefResource } from '../finance/bills';
import { orderChangeRequestResource } from '../orders/changeRequests';
import { exchangeOrderResource } from '../orders/exchanges';
import { leaseOrderResource } from '../orders/leaseOrders';
import { depositRefundResource } from '../orders/refunds';
import { retailWorkOrderResource } from '../orders/retail';
import { returnSettlementResource } from '../orders/returns';
import { productQuoteResource } from '../quotes';
import type { Resource } from '../resource/resource';
import { approvalBusinessTypes } from './enums';
import { offlinePaymentResource } from './resources';

/**
 * What each business type's approvals decide on, for the approval pages and a task's detail to show it
 * (`GET /api/approval-business` answers the row to its approvers), and the approval form of the types that
 * have one (`/returnCheckoutApproval/:id/:type`).
 */
export const approvalBusinesses: Readonly<Record<number, { resource: Resource; form?: string }>> = {
  [approvalBusinessTypes.leaseOrder]: { resource: leaseOrderResource },
  [approvalBusinessTypes.returnCheckout]: { resource: returnSettlementResource, form: 'returnCheckoutApproval' },
  [approvalBusinessTypes.offlinePayment]: { resource: offlinePaymentResource },
  [approvalBusinessTypes.refund]: { resource: depositRefundResource },
  [approvalBusinessTypes.exchange]: { resource: exchangeOrderResource },
  [approvalBusinessTypes.retailWorkOrder]: { resource: retailWorkOrderResource, form: 'retailWorkOrderApproval' },
  [approvalBusinessTypes.productQuote]: { resource: productQuoteResource, form: 'productQuoteApproval' },
  [approvalBusinessTypes.relief]: { resource: billReliefResource },
  [approvalBusinessTypes.orderChange]: { resource: orderChangeRequestResource },
};
