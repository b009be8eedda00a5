import { z } from 'zod';
import { defineEnum } from '../enums';
import { check } from '../resource/checks';
import { enumInput, fields, moneyAmount } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { calendarDate, idText, text } from '../values';
import { paymentChannel } from './books';

/** An overdue account's collection: open while the order owes money past due, closed once it does not. */
export const overdueCaseStatus = defineEnum(
  '催收状态',
  [
    [1, '催收中'],
    [2, '已结清'],
  ],
  { status: true },
);
export const overdueCaseStates = { open: 1, closed: 2 } as const;

/** How the collector reached (or tried to reach) the customer. */
export const contactWay = defineEnum('催收方式', [
  [1, '电话'],
  [2, '短信'],
  [3, '微信'],
  [4, '上门'],
  [5, '律师函'],
]);

/** What a contact escalates to: nothing, a request to cut the car's power (断电), or to take the car back. */
export const escalation = defineEnum('升级处理', [
  [0, '不升级'],
  [1, '申请断电'],
  [2, '申请收车'],
]);

const promise = {
  promiseDate: calendarDate().optional().meta({ title: '承诺还款日' }),
  promiseAmount: moneyAmount('承诺还款金额', { min: 1 }).optional(),
};

/** One contact with an overdue customer, as 催收 records it. */
export const callBody = z
  .strictObject({
    way: enumInput(contactWay, '催收方式'),
    reached: z.boolean().meta({ title: '是否联系上' }),
    ...promise,
    result: text().trim().min(1, '不能为空').max(500).meta({ title: '催收结果' }),
    escalation: enumInput(escalation, '升级处理').optional(),
  })
  .refine((body) => body.reached || body.promiseDate === undefined, {
    message: '未联系上时不能记录承诺还款',
    path: ['promiseDate'],
  })
  .refine((body) => (body.promiseDate === undefined) === (body.promiseAmount === undefined), {
    message: '承诺还款日与承诺还款金额应同时填写',
    path: ['promiseAmount'],
  });

export const assignBody = z.strictObject({
  collectorId: idText.meta({ title: '催收员', lookup: 'user' }),
});

/**
 * An overdue account's actions: 催收 (a contact, on 逾期明细 and on 坏账列表 under each page's own button) and
 * 分配 (a collector, on 坏账列表); 编辑 on 逾期明细 sets the collector and a promise too. None moves the state:
 * the daily job and payments open and close a case.
 */
export const overdueCaseLifecycle = defineLifecycle({
  field: 'status',
  states: overdueCaseStatus,
  removable: [],
  transitions: [
    { action: 'call', title: '催收', from: [1], to: 1, button: 'overdueDetails:call', body: callBody },
    { action: 'callBadDebt', title: '催收', from: [1], to: 1, button: 'badDebtList:call', body: callBody },
    { action: 'assign', title: '分配', from: [1], to: 1, button: 'badDebtList:assign', body: assignBody, bulk: true },
  ],
});

/**
 * 逾期明细: one account per order owing money past due — customer, order, vehicle, days and money overdue,
 * late fee, level and its collector group — opened and kept up to date by the daily job and by payments,
 * closed (已结清) once nothing is overdue. The collector and the customer's promise are edited here; each
 * contact is a 催收 record.
 */
export const overdueCaseResource = defineResource({
  key: 'overdueCase',
  title: '逾期明细',
  page: 'overdueDetails',
  endpoint: '/api/overdue-cases',
  identity: 'orderNo',
  defaultSort: { field: 'overdueDays', order: 'desc' },
  lifecycle: overdueCaseLifecycle,
  fields: {
    orderNo: fields.text('订单编号', { form: false, filter: 'eq', max: 32 }),
    orderId: fields.parentId('订单'),
    driverId: fields.ref('客户', 'driver', { form: false, filter: 'eq' }),
    vehicleId: fields.ref('车辆', 'vehicle', { form: false, filter: 'eq' }),
    cityId: fields.ref('城市', 'city', { form: false, filter: 'eq' }),
    overdueDays: fields.integer('逾期天数', { form: false, sortable: true }),
    overdueAmount: fields.money('逾期金额', { form: false, sortable: true }),
    lateFee: fields.money('滞纳金', { form: false }),
    levelId: fields.ref('逾期等级', 'badDebtLevel', { form: false, filter: 'eq' }),
    badDebt: fields.boolean('坏账', { form: false, filter: 'eq', list: false }),
    collectorRoleId: fields.ref('催收组', 'role', { form: false, filter: 'eq' }),
    collectorId: fields.ref('催收员', 'user', { filter: 'eq' }),
    promiseDate: fields.date('承诺还款日', { filter: 'range' }),
    promiseAmount: fields.money('承诺还款金额'),
    lastContactAt: fields.datetime('最近催收', { form: false, sortable: true }),
    contacts: fields.integer('催收次数', { form: false }),
    firstOverdueDate: fields.date('首次逾期应收日', { form: false, list: false }),
    status: fields.enumOf(overdueCaseStatus, { form: false, filter: 'eq' }),
    remark: fields.text('备注', { max: 200, list: false }),
    closedAt: fields.datetime('结清时间', { form: false, list: false }),
  },
  checks: [check.together('promiseDate', 'promiseAmount', '承诺还款日与承诺还款金额应同时填写')],
});

export const overdueCaseScreens = {
  overdueDetails: defineScreen(overdueCaseResource, {
    route: 'overdueDetails',
    key: ['driverId', 'overdueDays', 'overdueAmount', 'levelId', 'collectorId'],
    filters: ['orderNo', 'driverId', 'vehicleId', 'cityId', 'levelId', 'collectorId', 'promiseDate'],
    tabs: { field: 'status', items: [{ values: [1] }, { values: [2] }] },
    actions: ['call'],
  }),
  /** 坏账列表: the open accounts whose level counts as bad debt, to be assigned and called. */
  badDebtList: defineScreen(overdueCaseResource, {
    route: 'badDebtList',
    fixed: { badDebt: '1', status: '1' },
    key: ['driverId', 'collectorId', 'overdueDays', 'overdueAmount'],
    widths: { driverId: 150 },
    filters: ['orderNo', 'driverId', 'cityId', 'levelId', 'collectorId'],
    actions: ['callBadDebt', 'assign'],
  }),
};

/**
 * 催收明细: every contact with an overdue customer — when, how, reached or not, the promise, the result, and
 * an escalation to 断电 or 收车 kept as a request (B端's 断电管理 lists them). Written by 催收, never edited.
 */
const collectionRecordFields = {
  caseId: fields.parentId('逾期账户'),
  orderNo: fields.text('订单编号', { form: false, filter: 'eq' }),
  driverId: fields.ref('客户', 'driver', { form: false, filter: 'eq' }),
  contactedAt: fields.datetime('催收时间', { form: false, filter: 'range', sortable: true }),
  collectorId: fields.ref('催收人', 'user', { form: false, filter: 'eq' }),
  way: fields.enumOf(contactWay, { form: false, filter: 'eq' }),
  reached: fields.boolean('是否联系上', { form: false, filter: 'eq' }),
  promiseDate: fields.date('承诺还款日', { form: false }),
  promiseAmount: fields.money('承诺还款金额', { form: false }),
  result: fields.text('催收结果', { form: false }),
  escalation: fields.enumOf(escalation, { form: false, filter: 'eq' }),
  overdueDays: fields.integer('当时逾期天数', { form: false }),
  overdueAmount: fields.money('当时逾期金额', { form: false }),
};

export const collectionRecordResource = defineResource({
  key: 'collectionRecord',
  title: '催收明细',
  page: 'collectionDetails',
  endpoint: '/api/collection-records',
  identity: 'orderNo',
  defaultSort: { field: 'contactedAt', order: 'desc' },
  operations: [],
  fields: collectionRecordFields,
});

/** 催款记录 of a bad-debt account (`?caseId=`), under 坏账列表's menu. */
export const badDebtCallResource = defineResource({
  key: 'badDebtCall',
  title: '催款记录',
  page: 'badDebtList',
  endpoint: '/api/bad-debt-calls',
  identity: 'orderNo',
  operations: [],
  defaultSort: { field: 'contactedAt', order: 'desc' },
  fields: collectionRecordFields,
});

export const collectionRecordScreens = {
  collectionDetails: defineScreen(collectionRecordResource, {
    route: 'collectionDetails',
    key: ['driverId', 'contactedAt', 'way', 'reached', 'result'],
  }),
  caseContacts: defineScreen(collectionRecordResource, {
    route: 'overdueDetails',
    embedded: { name: 'caseContacts', title: '催收记录' },
  }),
};

export const badDebtCallScreens = {
  askPayment: defineScreen(badDebtCallResource, {
    route: 'askPayment',
    key: ['contactedAt', 'way', 'reached', 'result'],
    filters: ['caseId', 'contactedAt', 'way', 'reached'],
  }),
};

export const recoveryStatus = defineEnum(
  '回款状态',
  [
    [1, '待确认'],
    [2, '已到账'],
  ],
  { status: true },
);
export const recoveryStates = { pending: 1, arrived: 2 } as const;

/** 确认到账: finance confirms the money arrived; it is then recorded as a 实收 of the account's order. */
export const recoveryLifecycle = defineLifecycle({
  field: 'status',
  states: recoveryStatus,
  removable: [],
  transitions: [
    {
      action: 'confirmArrival',
      title: '确认到账',
      from: [recoveryStates.pending],
      to: recoveryStates.arrived,
      button: 'badDebtPayment:confirmArrival',
      confirm: '确认款项已到账后，将登记为实收并冲抵该订单的欠款，不能撤销',
    },
  ],
});

/**
 * 坏账回款: money a bad-debt customer says they paid, reported by the collector (登记回款, with the voucher)
 * and confirmed by finance (确认到账) — then recorded as a 实收 allocated to the account's order, oldest due
 * first, which closes the account once nothing is overdue.
 */
export const badDebtRecoveryResource = defineResource({
  key: 'badDebtRecovery',
  title: '坏账回款',
  page: 'badDebtPayment',
  endpoint: '/api/bad-debt-recoveries',
  identity: 'orderNo',
  defaultSort: { field: 'createdAt', order: 'desc' },
  lifecycle: recoveryLifecycle,
  fields: {
    caseId: fields.ref('坏账账户', 'badDebtCase', { required: true, createOnly: true, filter: 'eq', list: false }),
    orderNo: fields.text('订单编号', { form: false, filter: 'eq' }),
    driverId: fields.ref('客户', 'driver', { form: false, filter: 'eq' }),
    amount: fields.money('回款金额', { required: true, positive: true, createOnly: true, sortable: true }),
    arrivedOn: fields.date('到账日期', {
      required: true,
      createOnly: true,
      notAfterToday: true,
      filter: 'range',
      sortable: true,
    }),
    channel: fields.enumOf(paymentChannel, { required: true, createOnly: true, filter: 'eq' }),
    payerName: fields.text('付款人', { required: true, createOnly: true, max: 50 }),
    reference: fields.text('交易流水号', { createOnly: true, max: 50 }),
    vouchers: fields.files('回款凭证', {
      required: true,
      createOnly: true,
      max: 5,
      accept: ['png', 'jpg', 'jpeg', 'pdf'],
      maxSizeMb: 10,
    }),
    remark: fields.text('备注', { max: 200, list: false }),
    status: fields.enumOf(recoveryStatus, { form: false, filter: 'eq' }),
    paymentNo: fields.text('收款单号', { form: false }),
    createdBy: fields.ref('登记人', 'user', { form: false, filter: 'eq' }),
    createdAt: fields.datetime('登记时间', { form: false, sortable: true }),
    confirmedAt: fields.datetime('确认时间', { form: false }),
  },
});

export const badDebtRecoveryScreens = {
  badDebtPayment: defineScreen(badDebtRecoveryResource, {
    route: 'badDebtPayment',
    key: ['driverId', 'amount', 'arrivedOn', 'channel', 'status'],
    tabs: { field: 'status', all: true, items: [{ values: [1] }, { values: [2] }] },
    actions: ['confirmArrival'],
  }),
};
