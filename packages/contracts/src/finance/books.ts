import { z } from 'zod';
import { defineEnum } from '../enums';
import { receivableKind, receivableStatus } from '../orders/leaseOrders';
import { fields, moneyAmount } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource, type SortExpression } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { idText, text } from '../values';

/** A receivable's collection state, by name (values of `receivableStatus`). */
export const receivableStates = {
  open: 0,
  partlyPaid: 1,
  paid: 2,
  overdue: 3,
  relieved: 4,
  void: 5,
} as const;

/** States in which a receivable may still take money. */
export const collectibleStates: readonly number[] = [
  receivableStates.open,
  receivableStates.partlyPaid,
  receivableStates.overdue,
];

/** Whether a receivable is past due (any overdue day), as the 应收明细 filter asks. */
export const overdueFlag = defineEnum('是否逾期', [
  [1, '已逾期'],
  [0, '未逾期'],
]);

/**
 * 应收明细: every receivable of every order — rent of each period, deposit, first payment, settlement, late
 * fees and recharged costs — with what was received and relieved; 未收金额 = 应收 + 滞纳金 − 已收 − 减免. Rows
 * are written by the orders' own actions, payments and the daily overdue job; 编辑 keeps only a note and
 * attachments (a violation notice, an invoice) with a receivable.
 */
const receivableFields = {
  orderNo: fields.text('订单编号', { form: false, filter: 'eq', max: 32 }),
  orderId: fields.parentId('订单'),
  billId: fields.parentId('账单'),
  driverId: fields.ref('客户', 'driver', { form: false, filter: 'eq' }),
  cityId: fields.ref('城市', 'city', { form: false, filter: 'eq' }),
  kind: fields.enumOf(receivableKind, { form: false, filter: 'eq' }),
  period: fields.integer('期数', { form: false }),
  dueDate: fields.date('应收日期', { form: false, filter: 'range', sortable: true }),
  amount: fields.money('应收金额', { form: false, sortable: true }),
  lateFee: fields.money('滞纳金', { form: false }),
  received: fields.money('已收金额', { form: false }),
  relieved: fields.money('减免金额', { form: false }),
  outstanding: fields.money('未收金额', { form: false }),
  overdue: fields.enumOf(overdueFlag, { form: false, filter: 'eq', list: false, detail: false, export: false }),
  dueWithin: fields.integer('几天内到期', {
    form: false,
    filter: 'eq',
    list: false,
    detail: false,
    export: false,
    min: 0,
    max: 90,
    hint: '含已逾期',
  }),
  overdueDays: fields.integer('逾期天数', { form: false, sortable: true }),
  levelId: fields.ref('逾期等级', 'badDebtLevel', { form: false, filter: 'eq' }),
  status: fields.enumOf(receivableStatus, { form: false, filter: 'in' }),
  periodStart: fields.date('账期开始', { form: false, list: false }),
  periodEnd: fields.date('账期结束', { form: false, list: false }),
  note: fields.text('说明', { max: 200, list: false, hint: '如：费用的由来、与客户的约定' }),
  attachments: fields.files('附件', {
    max: 10,
    accept: ['png', 'jpg', 'jpeg', 'pdf', 'xlsx', 'docx'],
    maxSizeMb: 20,
    hint: '如：违章通知单、维修发票、与客户的确认',
  }),
};

/**
 * 应收明细's default order, what is due now first: the money still owed (待收款, 部分收款, 逾期), oldest due date
 * first, then the settled receivables. The table's index on the same terms serves it.
 */
export const receivablesOwingFirst: SortExpression<'status' | 'dueDate'> = {
  title: '未收清优先，按应收日期',
  by: [{ field: 'status', first: collectibleStates }, { field: 'dueDate' }],
};

export const receivableResource = defineResource({
  key: 'receivable',
  title: '应收明细',
  page: 'accountsReceivableDetail',
  endpoint: '/api/receivables',
  identity: 'orderNo',
  defaultSort: { field: 'owingFirst', order: 'asc' },
  sorts: { owingFirst: receivablesOwingFirst },
  fields: receivableFields,
});

export const receivableScreens = {
  accountsReceivableDetail: defineScreen(receivableResource, {
    route: 'accountsReceivableDetail',
    key: ['driverId', 'kind', 'dueDate', 'outstanding', 'status'],
    // orderId and billId: an order's or a bill's receivables, linked from 逾期详情 and 账单详情.
    filters: ['orderNo', 'orderId', 'billId', 'driverId', 'cityId', 'kind', 'dueDate', 'status', 'overdue', 'levelId'],
  }),
  /** 逾期预警: what still owes — due within the days asked for, or overdue by aging bucket (level). */
  overdueWarning: defineScreen(receivableResource, {
    route: 'overdueWarning',
    fixed: { status: '0,1,3' },
    key: ['driverId', 'dueDate', 'outstanding', 'overdueDays', 'levelId'],
    filters: ['orderNo', 'driverId', 'cityId', 'dueWithin', 'overdue', 'levelId', 'kind'],
  }),
};

/** How money came in. */
export const paymentChannel = defineEnum('收款渠道', [
  [1, '现金'],
  [2, '银行转账'],
  [3, '微信'],
  [4, '支付宝'],
  [5, 'POS刷卡'],
  [6, '银行代扣'],
  [7, '营销政策'],
]);

export const paymentStatus = defineEnum(
  '实收状态',
  [
    [1, '正常'],
    [2, '已冲销'],
  ],
  { status: true },
);
export const paymentStates = { valid: 1, reversed: 2 } as const;

export const reversePaymentBody = z.strictObject({
  reason: text().trim().min(1, '不能为空').max(200).meta({ title: '冲销原因' }),
});

/** 实收 may be reversed (冲销) with a reason: its allocations are taken back from the receivables. */
export const paymentLifecycle = defineLifecycle({
  field: 'status',
  states: paymentStatus,
  removable: [],
  transitions: [
    {
      action: 'reverse',
      title: '冲销',
      from: [paymentStates.valid],
      to: paymentStates.reversed,
      button: 'actualCollectionDetails:reverse',
      body: reversePaymentBody,
      confirm: '冲销后，本笔收款分配到各应收的金额将全部退回为未收，且不能撤销',
    },
  ],
});

/** One line of a payment's allocation chosen by the clerk: this much to that receivable. */
export const allocationLine = z.strictObject({
  receivableId: idText.meta({ title: '应收', lookup: 'openReceivable' }),
  amount: moneyAmount('分配金额', { min: 1 }),
});

/**
 * 实收明细: money received from a customer — amount, day, channel, voucher — allocated to their receivables,
 * oldest due first or as the clerk chooses; what is not allocated stays on the payment (未分配, e.g. paid in
 * advance). 登记收款 records one; 冲销 takes one back with a reason.
 */
export const paymentResource = defineResource({
  key: 'payment',
  title: '实收明细',
  page: 'actualCollectionDetails',
  endpoint: '/api/payments',
  identity: 'paymentNo',
  defaultSort: { field: 'createdAt', order: 'desc' },
  lifecycle: paymentLifecycle,
  fields: {
    paymentNo: fields.text('收款单号', { form: false, filter: 'eq', max: 20 }),
    driverId: fields.ref('客户', 'driver', { required: true, filter: 'eq', createOnly: true }),
    amount: fields.money('收款金额', { required: true, positive: true, sortable: true, createOnly: true }),
    paidOn: fields.date('到账日期', {
      required: true,
      notAfterToday: true,
      filter: 'range',
      sortable: true,
      createOnly: true,
    }),
    channel: fields.enumOf(paymentChannel, { required: true, filter: 'eq', createOnly: true }),
    reference: fields.text('交易流水号', { max: 50, filter: 'eq', createOnly: true }),
    allocations: fields.items('分配明细', allocationLine, {
      max: 200,
      createOnly: true,
      hint: '不填则按应收日期从早到晚分配',
    }),
    allocated: fields.money('已分配', { form: false }),
    unallocated: fields.money('未分配', { form: false }),
    status: fields.enumOf(paymentStatus, { form: false, filter: 'eq' }),
    vouchers: fields.files('到账凭证', {
      max: 5,
      accept: ['png', 'jpg', 'jpeg', 'pdf'],
      maxSizeMb: 10,
      createOnly: true,
    }),
    remark: fields.text('备注', { max: 200, list: false }),
    reversalReason: fields.text('冲销原因', { form: false, list: false }),
    reversedAt: fields.datetime('冲销时间', { form: false, list: false }),
    createdBy: fields.ref('登记人', 'user', { form: false, filter: 'eq' }),
    createdAt: fields.datetime('登记时间', { form: false, sortable: true }),
  },
});

export const paymentScreens = {
  actualCollectionDetails: defineScreen(paymentResource, {
    route: 'actualCollectionDetails',
    key: ['driverId', 'amount', 'paidOn', 'channel', 'status'],
    filters: ['paymentNo', 'driverId', 'paidOn', 'channel', 'reference', 'status', 'createdBy'],
    actions: ['reverse'],
  }),
};

/**
 * 分配明细: what of a payment went to which receivable — listed in a payment's detail, and as 收款记录 in a
 * receivable's. Written by the payment, marked 已冲销 with it, never edited.
 */
export const paymentAllocationResource = defineResource({
  key: 'paymentAllocation',
  title: '分配明细',
  page: 'actualCollectionDetails',
  endpoint: '/api/payment-allocations',
  operations: [],
  defaultSort: { field: 'createdAt', order: 'asc' },
  fields: {
    paymentId: fields.parentId('收款'),
    receivableId: fields.parentId('应收'),
    paymentNo: fields.text('收款单号', { form: false }),
    orderNo: fields.text('订单编号', { form: false }),
    kind: fields.enumOf(receivableKind, { form: false }),
    period: fields.integer('期数', { form: false }),
    dueDate: fields.date('应收日期', { form: false }),
    amount: fields.money('分配金额', { form: false }),
    reversed: fields.boolean('已冲销', { form: false }),
    createdAt: fields.datetime('分配时间', { form: false, sortable: true }),
  },
});

export const paymentAllocationScreens = {
  paymentAllocations: defineScreen(paymentAllocationResource, {
    route: 'actualCollectionDetails',
    embedded: { name: 'paymentAllocations', title: '分配明细' },
  }),
};

/** What a payment's allocation does to each receivable: this much of this payment to that receivable. */
export interface AllocationPlanLine {
  receivableId: string;
  amount: number;
}

/** A receivable as allocation sees it: what it still owes, in fen, and when it fell due. */
export interface OpenReceivable {
  id: string;
  dueDate: string;
  period: number;
  outstanding: number;
}

/**
 * Splits `amount` fen over `open` receivables: the clerk's lines as given (each at most what that receivable
 * owes, their sum at most the amount), or, without lines, oldest due first (then by period and id), each
 * taking what it owes until the money runs out. Never creates or loses a fen: the lines add up to at most
 * `amount`, the rest stays unallocated. Answers the lines or the problem, in the clerk's words.
 */
export function planAllocation(
  amount: number,
  open: readonly OpenReceivable[],
  chosen?: readonly AllocationPlanLine[],
): AllocationPlanLine[] | { problem: string } {
  if (chosen && chosen.length > 0) {
    const owed = new Map(open.map((receivable) => [receivable.id, receivable.outstanding]));
    const seen = new Set<string>();
    let total = 0;
    for (const line of chosen) {
      if (seen.has(line.receivableId)) return { problem: '分配明细：同一笔应收只能出现一次' };
      seen.add(line.receivableId);
      const outstanding = owed.get(line.receivableId);
      if (outstanding === undefined) return { problem: `分配明细：应收 #${line.receivableId} 不是该客户待收的应收` };
      if (line.amount > outstanding) {
        return {
          problem: `分配明细：应收 #${line.receivableId} 未收 ${yuan(outstanding)} 元，不能分配 ${yuan(line.amount)} 元`,
        };
      }
      total += line.amount;
    }
    if (total > amount) return { problem: `分配明细：合计 ${yuan(total)} 元，超过收款金额 ${yuan(amount)} 元` };
    return chosen.map((line) => ({ receivableId: line.receivableId, amount: line.amount }));
  }
  const ordered = [...open].sort(
    (a, b) => a.dueDate.localeCompare(b.dueDate) || a.period - b.period || Number(a.id) - Number(b.id),
  );
  const lines: AllocationPlanLine[] = [];
  let left = amount;
  for (const receivable of ordered) {
    if (left <= 0) break;
    const take = Math.min(left, receivable.outstanding);
    if (take <= 0) continue;
    lines.push({ receivableId: receivable.id, amount: take });
    left -= take;
  }
  return lines;
}

/** Fen as yuan with two decimals, for messages. */
export function yuan(fen: number): string {
  return (fen / 100).toFixed(2);
}

/** A receivable's collection state once its money changes: paid off, partly paid, or as due/overdue. */
export function settledStatus(row: {
  amount: number;
  lateFee: number;
  received: number;
  relieved: number;
  overdueDays: number;
  status: number;
}): number {
  if (row.status === receivableStates.void) return row.status;
  const owed = row.amount + row.lateFee - row.relieved;
  if (row.received >= owed)
    return row.received === 0 && row.relieved > 0 ? receivableStates.relieved : receivableStates.paid;
  if (row.overdueDays > 0) return receivableStates.overdue;
  return row.received > 0 ? receivableStates.partlyPaid : receivableStates.open;
}
