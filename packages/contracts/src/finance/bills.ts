import { z } from 'zod';
import { offlinePaymentMethod } from '../approvals/resources';
import { defineEnum } from '../enums';
import { enumInput, fields, moneyAmount } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { calendarDate, idText, text } from '../values';

/**
 * A bill's state: 未激活 (made, not yet collectible), then by its money — 待收款, 部分收款, 已结清, 逾期 —
 * or 已关停 (collection stopped, e.g. on early termination).
 */
export const billStatus = defineEnum(
  '账单状态',
  [
    [1, '未激活'],
    [2, '待收款'],
    [3, '部分收款'],
    [4, '已结清'],
    [5, '逾期'],
    [6, '已关停'],
  ],
  { status: true },
);
export const billStates = { inactive: 1, open: 2, partlyPaid: 3, settled: 4, overdue: 5, shut: 6 } as const;

/** What a bill may be charged with besides its schedule: costs passed on to the customer. */
export const expenseKind = defineEnum('费用类型', [
  [8, '车辆折旧费'],
  [9, '违章代缴费'],
  [10, '维修费'],
  [11, '其他费用'],
]);

const money = (title: string) => moneyAmount(title, { min: 1 });
const reason = (title: string) => text().trim().min(1, '不能为空').max(200).meta({ title });
const files = (title: string, least = 0) =>
  z.array(text().min(1).max(300)).min(least, '请上传').max(5, '最多5个文件').meta({ title, files: true });

export const shutdownBillBody = z.strictObject({ reason: reason('关停原因') });

export const reliefBody = z.strictObject({
  amount: money('减免金额'),
  reason: reason('减免原因'),
  attachments: files('附件').optional(),
});

/** Where a cost passed on to the customer comes from: a violation or a maintenance of the order's car. */
export const expenseSource = defineEnum('费用来源', [
  [1, '违章'],
  [2, '维修保养'],
]);

/** The receivable kind a record of each source is charged as. */
export const expenseKindOfSource: Readonly<Record<number, number>> = { 1: 9, 2: 10 };

export const addExpenseBody = z
  .strictObject({
    kind: enumInput(expenseKind, '费用类型'),
    amount: money('费用金额'),
    dueDate: calendarDate().meta({ title: '应收日期' }),
    note: reason('费用说明'),
    sourceKind: enumInput(expenseSource, '费用来源').optional(),
    sourceId: idText.optional().meta({ title: '关联记录' }),
  })
  .refine((body) => (body.sourceKind === undefined) === (body.sourceId === undefined), {
    message: '费用来源与关联记录应同时填写',
    path: ['sourceId'],
  })
  .refine((body) => body.sourceKind === undefined || expenseKindOfSource[body.sourceKind] === body.kind, {
    message: '违章记录应计为违章代缴费，维修保养记录应计为维修费',
    path: ['kind'],
  });

/**
 * A record of the order's car during the order that may be charged to the bill (添加费用): a violation's
 * fine or a maintenance's cost, not charged before.
 */
export const expenseSourceOption = z.object({
  sourceKind: z.number(),
  sourceId: text(),
  kind: z.number(),
  /** What it is and when: `违章 2026-10-12 闯红灯`. */
  label: text(),
  amount: z.number().meta({ description: '金额（分）' }),
  day: text(),
});
export type ExpenseSourceOption = z.infer<typeof expenseSourceOption>;

export const uploadVoucherBody = z.strictObject({
  payerName: text().trim().min(1, '不能为空').max(50).meta({ title: '付款人' }),
  amount: money('到账金额'),
  method: enumInput(offlinePaymentMethod, '收款方式'),
  receivedOn: calendarDate().meta({ title: '到账日期' }),
  reference: text().trim().max(50).optional().meta({ title: '交易流水号' }),
  vouchers: files('到账凭证', 1),
});

const collecting = [billStates.open, billStates.partlyPaid, billStates.overdue];

/**
 * 激活 makes a bill's receivables collectible; 关停 stops them (with a reason); 减免 asks 费用减免审批 to relieve
 * an amount; 添加费用 charges a cost to the bill; 上传到账凭证 records money received offline, confirmed
 * through 线下审批 before it is allocated to the bill. Only 激活 and 关停 move the state; the money decides
 * the rest.
 */
export const billLifecycle = defineLifecycle({
  field: 'status',
  states: billStatus,
  removable: [billStates.inactive],
  transitions: [
    {
      action: 'activate',
      title: '激活',
      from: [billStates.inactive],
      to: billStates.open,
      button: 'billList:activate',
      confirm: '激活后账单开始计收，逾期将计滞纳金',
      bulk: true,
    },
    {
      action: 'shutdown',
      title: '关停',
      from: collecting,
      to: billStates.shut,
      button: 'billList:shutdown',
      body: shutdownBillBody,
    },
    {
      action: 'relief',
      title: '减免',
      from: collecting,
      to: billStates.open,
      button: 'billList:relief',
      body: reliefBody,
    },
    {
      action: 'addExpense',
      title: '添加费用',
      from: [billStates.inactive, ...collecting],
      to: billStates.open,
      button: 'billList:addExpense',
      body: addExpenseBody,
    },
    {
      action: 'uploadVoucher',
      title: '上传到账凭证',
      from: collecting,
      to: billStates.open,
      button: 'billList:uploadVoucher',
      body: uploadVoucherBody,
    },
  ],
});

/** A bill's month: `2026-11`. */
export function billPeriodProblem(value: string): string | null {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? null : '应为年月，如“2026-11”';
}

/** What a bill says, wherever it is listed: its month, customer, due day, money and state. */
const billFigures = {
  period: fields.text('账单月份', { form: false, filter: 'eq', max: 7 }),
  driverId: fields.ref('客户', 'driver', { form: false, filter: 'eq' }),
  cityId: fields.ref('城市', 'city', { form: false, filter: 'eq' }),
  dueDate: fields.date('应收日期', { form: false, filter: 'range', sortable: true }),
  amount: fields.money('账单金额', { form: false, sortable: true }),
  lateFee: fields.money('滞纳金', { form: false }),
  received: fields.money('已收金额', { form: false }),
  relieved: fields.money('减免金额', { form: false }),
  outstanding: fields.money('未收金额', { form: false }),
  status: fields.enumOf(billStatus, { form: false, filter: 'eq' }),
};

/**
 * 账单列表: one customer's receivables of an order for a month, gathered into a bill — its money summed from
 * them (应收 + 滞纳金 − 已收 − 减免 = 未收) and its state following it. 新增账单 gathers an order's receivables
 * of a month not yet billed (the earliest such month when none is given); a new bill waits 未激活.
 */
export const billResource = defineResource({
  key: 'bill',
  title: '账单',
  page: 'billList',
  endpoint: '/api/bills',
  identity: 'billNo',
  defaultSort: { field: 'dueDate', order: 'desc' },
  lifecycle: billLifecycle,
  fields: {
    billNo: fields.text('账单编号', { form: false, filter: 'eq', max: 20 }),
    orderId: fields.ref('订单', 'leaseOrder', { required: true, createOnly: true, filter: 'eq' }),
    month: fields.text('账单月份', {
      createOnly: true,
      list: false,
      detail: false,
      export: false,
      max: 7,
      check: billPeriodProblem,
      hint: '如：2026-11；不填为该订单最早未出账的月份',
    }),
    ...billFigures,
    shutdownReason: fields.text('关停原因', { form: false, list: false }),
    remark: fields.text('备注', { max: 200, list: false }),
    createdAt: fields.datetime('出账时间', { form: false, sortable: true }),
  },
});

export const billScreens = {
  billList: defineScreen(billResource, {
    route: 'billList',
    key: ['status', 'driverId', 'outstanding', 'period'],
    widths: { driverId: 150 },
    filters: ['billNo', 'driverId', 'cityId', 'period', 'dueDate'],
    tabs: {
      field: 'status',
      all: true,
      items: [{ values: [1] }, { values: [2] }, { values: [3] }, { values: [5] }, { values: [4] }, { values: [6] }],
    },
    actions: ['activate', 'shutdown', 'relief', 'addExpense', 'uploadVoucher'],
  }),
};

export const reliefStatus = defineEnum(
  '减免状态',
  [
    [1, '审批中'],
    [2, '已通过'],
    [3, '已驳回'],
    [4, '已撤回'],
  ],
  { status: true },
);
export const reliefStates = { inApproval: 1, approved: 2, rejected: 3, withdrawn: 4 } as const;

/** 减免 of a bill: asked with a reason, relieved once 费用减免审批 approves (what the bill still owes then). */
export const billReliefResource = defineResource({
  key: 'billRelief',
  title: '减免记录',
  page: 'billList',
  endpoint: '/api/bill-reliefs',
  identity: 'billNo',
  operations: [],
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    billId: fields.parentId('账单'),
    billNo: fields.text('账单编号', { form: false }),
    amount: fields.money('申请减免', { form: false }),
    applied: fields.money('实际减免', { form: false }),
    reason: fields.text('减免原因', { form: false }),
    status: fields.enumOf(reliefStatus, { form: false }),
    createdBy: fields.ref('申请人', 'user', { form: false }),
    createdAt: fields.datetime('申请时间', { form: false, sortable: true }),
    decidedAt: fields.datetime('审批完成时间', { form: false }),
  },
});

export const billReliefScreens = {
  billReliefs: defineScreen(billReliefResource, {
    route: 'billList',
    embedded: { name: 'billReliefs', title: '减免记录' },
  }),
};

/** 查看账单 of a bad-debt account (`?orderId=`): its order's bills, under 坏账列表's menu. */
export const badDebtBillResource = defineResource({
  key: 'badDebtBill',
  title: '查看账单',
  page: 'badDebtList',
  endpoint: '/api/bad-debt-bills',
  identity: 'billNo',
  operations: [],
  defaultSort: { field: 'dueDate', order: 'asc' },
  fields: {
    billNo: fields.text('账单编号', { form: false, filter: 'eq', max: 20 }),
    orderId: fields.parentId('订单'),
    ...billFigures,
  },
});

export const badDebtBillScreens = {
  lookBill: defineScreen(badDebtBillResource, {
    route: 'lookBill',
    key: ['period', 'amount', 'received', 'outstanding', 'status'],
    filters: ['orderId', 'billNo', 'dueDate', 'status'],
  }),
};
