import {
  approvalBusinessTypes,
  approvalInstanceResource,
  approvalInstanceScreens,
  offlinePaymentResource,
  offlinePaymentScreens,
  productQuoteResource,
} from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import { InstanceApprovalRecord, PaymentApprovalRecord } from './ApprovalRecord';
import { BusinessApprovalPage } from './BusinessApprovalPage';
import { StartApproval } from './StartApproval';
import {
  approvalTaskFamily,
  decisionMoves,
  guojinTaskFamily,
  offlineTaskFamily,
  refundTaskFamily,
  starSeaTaskFamily,
  taskSubject,
} from './taskFamilies';

/** 我发起的: the approvals I started, 撤回 while they run. */
export const approvalInstanceFamily = defineFamily({
  resource: approvalInstanceResource,
  screens: approvalInstanceScreens,
  groups: [{ title: '审批', fields: ['title', 'businessType', 'status', 'nodeName', 'createdAt', 'endedAt'] }],
  cells: { title: taskSubject },
  detailSections: [InstanceApprovalRecord],
  refreshes: decisionMoves,
  controls: {
    initiated: [
      {
        button: 'initiated:add',
        place: 'toolbar',
        render: NewApproval,
      },
    ],
  },
});

/** 线下发起: a payment received offline, with its voucher; saving it sends it to 线下审批. */
export const offlinePaymentFamily = defineFamily({
  resource: offlinePaymentResource,
  screens: offlinePaymentScreens,
  groups: [
    { title: '收款信息', fields: ['payerName', 'driverId', 'amount', 'method', 'receivedOn', 'reference', 'purpose'] },
    { title: '凭证', fields: ['vouchers', 'remark'] },
    { title: '确认', fields: ['status', 'createdBy', 'createdAt', 'decidedAt'] },
  ],
  detailSections: [PaymentApprovalRecord],
});

/**
 * 产品报价: fleet terms for a B端 customer, started in a drawer from 我发起的's 新增; its approval page
 * (/productQuoteApproval/:id/:type) is where it is read.
 */
export const productQuoteFamily = defineFamily({
  resource: productQuoteResource,
  screens: {},
  unlisted: true,
  groups: [
    { title: '客户与车型', fields: ['quoteNo', 'customerId', 'cityId', 'modelId', 'quantity'] },
    {
      title: '报价条件',
      fields: ['termMonths', 'rent', 'deposit', 'maintenancePlan', 'validUntil', 'totalRent'],
    },
    { title: '说明', fields: ['explanation', 'attachments'] },
    { title: '审批', fields: ['status', 'createdBy', 'createdAt', 'decidedAt'] },
  ],
  refreshes: ['approvalInstance', 'approvalTask'],
});

/** /productQuoteApproval/:id/:type: a quote as its approvers decide on it. */
function ProductQuoteApproval() {
  return <BusinessApprovalPage family={productQuoteFamily} businessType={approvalBusinessTypes.productQuote} />;
}

/** 我发起的's 新增: the approvals one may start from there. */
function NewApproval({ title }: { title: string }) {
  return (
    <StartApproval
      title={title}
      startable={[offlinePaymentFamily, productQuoteFamily]}
      pages={['retailWorkOrder.new']}
    />
  );
}

export const { families, keys, page, prefetch } = familyModule(
  [
    approvalTaskFamily,
    starSeaTaskFamily,
    guojinTaskFamily,
    refundTaskFamily,
    offlineTaskFamily,
    approvalInstanceFamily,
    offlinePaymentFamily,
    productQuoteFamily,
  ],
  { productQuoteApproval: ProductQuoteApproval },
);
