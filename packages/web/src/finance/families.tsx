import {
  badDebtBillResource,
  badDebtBillScreens,
  badDebtCallResource,
  badDebtCallScreens,
  badDebtLevelResource,
  badDebtLevelScreens,
  badDebtRecoveryResource,
  badDebtRecoveryScreens,
  billReliefResource,
  billReliefScreens,
  billResource,
  billScreens,
  collectionRecordResource,
  collectionRecordScreens,
  financialCodeImportScreens,
  financialCodeImports,
  financialCodeResource,
  financialCodeScreens,
  overdueCaseResource,
  overdueCaseScreens,
  paymentAllocationResource,
  paymentAllocationScreens,
  paymentResource,
  paymentScreens,
  receivableResource,
  receivableScreens,
  transactionNameResource,
  transactionNameScreens,
} from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import { AccountLinks } from './AccountLinks';
import { AllocationInput } from './AllocationInput';
import { BillingSettings } from './BillingSettings';
import { expenseFields } from './ExpenseFields';

/** 财务编码导入: the ledger codes, uploaded row by row; each upload's result is on 导入记录. */
export const financialCodeFamily = defineFamily({
  resource: financialCodeResource,
  screens: financialCodeScreens,
  routes: { importBatch: { route: 'financialCodeImportRecord', param: 'detail' } },
});

const financialCodeImportRowFamily = defineFamily({
  resource: financialCodeImports.rows,
  screens: { financialCodeImportRows: financialCodeImportScreens.rows },
});

/** 导入记录: the uploads of 财务编码; a batch's detail lists what became of each row. */
export const financialCodeImportFamily = defineFamily({
  resource: financialCodeImports.batches,
  screens: { financialCodeImportRecord: financialCodeImportScreens.batches },
  related: () => [{ family: financialCodeImportRowFamily, screen: 'financialCodeImportRows', via: 'batchId' }],
});

/** 交易名称配置: which two ledger codes each transaction of each receivable kind posts to. */
export const transactionNameFamily = defineFamily({
  resource: transactionNameResource,
  screens: transactionNameScreens,
  groups: [
    { title: '交易', fields: ['name', 'direction', 'receivableKind', 'enabled'] },
    { title: '记账科目', fields: ['debitCodeId', 'creditCodeId', 'remark'] },
  ],
});

/** 坏账分级配置: overdue-day ranges → level, late fee, collector group. */
export const badDebtLevelFamily = defineFamily({
  resource: badDebtLevelResource,
  screens: badDebtLevelScreens,
  // 出账提前天数 is kept beside the levels and changed with their 编辑.
  controls: {
    hierarchicalAllocation: [{ button: 'hierarchicalAllocation:edit', place: 'toolbar', render: BillingSettings }],
  },
  groups: [
    { title: '等级', fields: ['name', 'minDays', 'maxDays', 'badDebt'] },
    { title: '催收', fields: ['lateFeeRate', 'collectorRoleId', 'remark'] },
  ],
});

const paymentAllocationFamily = defineFamily({
  resource: paymentAllocationResource,
  screens: paymentAllocationScreens,
});

/** 应收明细: every receivable and what was received against it (its 分配明细 in the detail). */
export const receivableFamily = defineFamily({
  resource: receivableResource,
  screens: receivableScreens,
  groups: [
    {
      title: '应收',
      fields: ['orderNo', 'driverId', 'cityId', 'kind', 'period', 'periodStart', 'periodEnd', 'dueDate'],
    },
    { title: '金额', fields: ['amount', 'lateFee', 'received', 'relieved', 'outstanding'] },
    { title: '逾期', fields: ['status', 'overdueDays', 'levelId'] },
    { title: '说明与附件', fields: ['note', 'attachments'] },
  ],
  related: () => [{ family: paymentAllocationFamily, screen: 'paymentAllocations', via: 'receivableId' }],
});

/** 实收明细: payments, 登记收款 with their allocation, 冲销. */
export const paymentFamily = defineFamily({
  resource: paymentResource,
  screens: paymentScreens,
  groups: [
    {
      title: '收款',
      fields: ['paymentNo', 'driverId', 'amount', 'paidOn', 'channel', 'reference', 'vouchers', 'remark'],
    },
    { title: '分配', fields: ['allocations', 'allocated', 'unallocated'] },
    { title: '状态', fields: ['status', 'reversalReason', 'reversedAt', 'createdBy', 'createdAt'] },
  ],
  inputs: { allocations: AllocationInput },
  related: () => [{ family: paymentAllocationFamily, screen: 'paymentAllocations', via: 'paymentId' }],
});

/** 催收明细: every contact with an overdue customer. */
export const collectionRecordFamily = defineFamily({
  resource: collectionRecordResource,
  screens: collectionRecordScreens,
  routes: { detail: 'collectionDetailsView' },
  groups: [
    { title: '催收', fields: ['orderNo', 'driverId', 'contactedAt', 'collectorId', 'way', 'reached', 'result'] },
    { title: '承诺与升级', fields: ['promiseDate', 'promiseAmount', 'escalation', 'overdueDays', 'overdueAmount'] },
  ],
});

/** 催款记录 of a bad-debt account. */
const badDebtCallFamily = defineFamily({ resource: badDebtCallResource, screens: badDebtCallScreens });

/** 查看账单 of a bad-debt account. */
const badDebtBillFamily = defineFamily({ resource: badDebtBillResource, screens: badDebtBillScreens });

/** 逾期明细 and 坏账列表: overdue accounts, 编辑 (collector, promise), 催收, 分配. */
export const overdueCaseFamily = defineFamily({
  resource: overdueCaseResource,
  screens: overdueCaseScreens,
  routes: { detail: 'overdueDetailsView', edit: 'overdueDetailsEdit' },
  detailSections: [AccountLinks],
  groups: [
    {
      title: '逾期账户',
      fields: ['orderNo', 'driverId', 'vehicleId', 'cityId', 'status', 'firstOverdueDate', 'closedAt'],
    },
    { title: '逾期', fields: ['overdueDays', 'overdueAmount', 'lateFee', 'levelId', 'badDebt'] },
    {
      title: '催收',
      fields: ['collectorRoleId', 'collectorId', 'promiseDate', 'promiseAmount', 'lastContactAt', 'contacts', 'remark'],
    },
  ],
  related: () => [
    // The order's receivables and bad-debt bills (the account's orderId), the account's own calls.
    {
      family: receivableFamily,
      screen: 'accountsReceivableDetail',
      via: 'orderId',
      from: 'orderId',
      title: '订单应收',
    },
    { family: collectionRecordFamily, screen: 'caseContacts', via: 'caseId' },
    { family: badDebtBillFamily, screen: 'lookBill', via: 'orderId', from: 'orderId' },
    { family: badDebtCallFamily, screen: 'askPayment', via: 'caseId' },
  ],
});

const billReliefFamily = defineFamily({ resource: billReliefResource, screens: billReliefScreens });

/** 账单列表 and 账单详情: a month's receivables of an order, collected, relieved, charged, paid offline. */
export const billFamily = defineFamily({
  resource: billResource,
  screens: billScreens,
  routes: { detail: 'billListDetails' },
  actionFields: { addExpense: expenseFields },
  refLinks: () => ({ orderId: 'leaseOrderDetails' }),
  groups: [
    { title: '账单', fields: ['billNo', 'orderId', 'period', 'driverId', 'cityId', 'dueDate', 'status', 'remark'] },
    { title: '金额', fields: ['amount', 'lateFee', 'received', 'relieved', 'outstanding'] },
    { title: '关停', fields: ['shutdownReason', 'createdAt'] },
  ],
  related: () => [
    { family: receivableFamily, screen: 'accountsReceivableDetail', via: 'billId', title: '账单明细' },
    { family: billReliefFamily, screen: 'billReliefs', via: 'billId' },
  ],
  refreshes: ['receivable', 'payment'],
});

/** 坏账回款: reported by the collector, 确认到账 by finance. */
export const badDebtRecoveryFamily = defineFamily({
  resource: badDebtRecoveryResource,
  screens: badDebtRecoveryScreens,
  groups: [
    {
      title: '回款',
      fields: ['caseId', 'orderNo', 'driverId', 'amount', 'arrivedOn', 'channel', 'payerName', 'reference'],
    },
    { title: '凭证', fields: ['vouchers', 'remark'] },
    { title: '确认', fields: ['status', 'paymentNo', 'createdBy', 'createdAt', 'confirmedAt'] },
  ],
  refreshes: ['overdueCase', 'payment', 'receivable'],
});

export const { families, keys, page, prefetch } = familyModule([
  badDebtRecoveryFamily,
  billFamily,
  billReliefFamily,
  overdueCaseFamily,
  collectionRecordFamily,
  badDebtCallFamily,
  badDebtBillFamily,
  receivableFamily,
  paymentFamily,
  paymentAllocationFamily,
  financialCodeFamily,
  financialCodeImportFamily,
  financialCodeImportRowFamily,
  transactionNameFamily,
  badDebtLevelFamily,
]);
