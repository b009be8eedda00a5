import { z } from 'zod';
import { creditCodeProblem } from '../customers/creditCode';
import { defineEnum } from '../enums';
import { fields, moneyAmount } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { balance } from '../resource/money';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { idText, text } from '../values';
import { leaseDeliveryState, leaseOrderStatus, orderSettlementState, orderSettlementStates } from './leaseOrders';

/** 核算主体: a legal entity of the company that settles returns — who the driver pays, or is refunded by. */
export const accountingUnitResource = defineResource({
  key: 'accountingUnit',
  title: '核算主体',
  page: 'accountingUnit',
  endpoint: '/api/accounting-units',
  identity: 'name',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    name: fields.text('主体名称', { required: true, unique: true, filter: 'like', sortable: true, max: 60 }),
    taxNo: fields.text('统一社会信用代码', {
      required: true,
      unique: true,
      filter: 'like',
      check: creditCodeProblem,
      import: { example: '91440300MA5G7H8J9N' },
    }),
    bankName: fields.text('开户银行', { required: true, max: 60 }),
    bankAccount: fields.text('银行账号', {
      required: true,
      max: 30,
      check: (value) => (/^\d{8,30}$/.test(value.replaceAll(' ', '')) ? null : '应为8到30位数字'),
      import: { example: '6225880112345678' },
    }),
    address: fields.text('注册地址', { max: 120 }),
    phone: fields.text('联系电话', {
      max: 20,
      check: (value) => (/^[\d-]{7,20}$/.test(value) ? null : '应为电话号码，如“010-12345678”或手机号'),
    }),
    remark: fields.text('备注', { max: 200, list: false }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
});

export const accountingUnitScreens = {
  accountingUnit: defineScreen(accountingUnitResource, {
    route: 'accountingUnit',
    key: ['taxNo', 'bankName', 'bankAccount'],
    filters: ['name', 'taxNo'],
  }),
};

/** A 核算单's state: its approval running, passed, or turned down (then edited and sent again). */
export const settlementStatus = defineEnum(
  '核算单状态',
  [
    [1, '审批中'],
    [2, '已通过'],
    [3, '已驳回'],
  ],
  { status: true },
);
export const settlementStates = { inApproval: 1, approved: 2, rejected: 3 } as const;

const fen = (title: string) => moneyAmount(title).optional();

/** What the clerk adds to the computed lines: who settles, the damage found at the return, other charges. */
export const calculateReturnBody = z.strictObject({
  accountingUnitId: idText.meta({ title: '核算主体', lookup: 'accountingUnit' }),
  damageFee: fen('车损费用'),
  damageNote: text().trim().max(200).optional().meta({ title: '车损说明' }),
  otherFee: fen('其他费用'),
  otherNote: text().trim().max(200).optional().meta({ title: '其他费用说明' }),
  penaltyFee: fen('违约金').meta({ hint: '订单商务约定事项含违约金且提前退租时填写' }),
  remark: text().trim().max(200).optional().meta({ title: '备注' }),
});

/**
 * 退车核算: the orders whose car is coming back or is back. 核算 computes the settlement from the return (see
 * `settleReturn`) into a 核算单 and sends it to approval; the order completes when it passes.
 */
export const returnCalculationLifecycle = defineLifecycle({
  field: 'settlementState',
  states: orderSettlementState,
  removable: [],
  transitions: [
    {
      action: 'calculate',
      title: '核算',
      from: [orderSettlementStates.none],
      to: orderSettlementStates.inApproval,
      button: 'vehicleReturnCalculation:calculate',
      body: calculateReturnBody,
      prefill: ['damageNote'],
    },
  ],
});

export const returnCalculationResource = defineResource({
  key: 'returnCalculation',
  title: '退车核算',
  page: 'vehicleReturnCalculation',
  endpoint: '/api/return-calculations',
  identity: 'orderNo',
  lifecycle: returnCalculationLifecycle,
  defaultSort: { field: 'updatedAt', order: 'desc' },
  fields: {
    orderNo: fields.text('订单编号', { form: false, filter: 'like', max: 18 }),
    driverId: fields.ref('承租司机', 'driver', { form: false, filter: 'eq' }),
    vehicleId: fields.ref('车辆', 'vehicle', { form: false, filter: 'eq' }),
    cityId: fields.ref('城市', 'city', { form: false, filter: 'eq' }),
    deliveryState: fields.enumOf(leaseDeliveryState, { form: false, title: '还车状态' }),
    returnedAt: fields.datetime('还车验收时间', { form: false }),
    damageNote: fields.text('车损情况', { form: false }),
    settlementState: fields.enumOf(orderSettlementState, { form: false, filter: 'eq' }),
    startDate: fields.date('起租日期', { form: false }),
    endDate: fields.date('到期日期', { form: false }),
    deposit: fields.money('押金', { form: false }),
    depositHeld: fields.money('持有押金', { form: false, hint: '已收取且未抵扣、退还、没收或转出的押金' }),
    status: fields.enumOf(leaseOrderStatus, { form: false }),
    updatedAt: fields.datetime('更新时间', { form: false, sortable: true, list: false }),
  },
});

export const returnCalculationScreens = {
  vehicleReturnCalculation: defineScreen(returnCalculationResource, {
    route: 'vehicleReturnCalculation',
    key: ['driverId', 'vehicleId', 'deliveryState', 'settlementState'],
    filters: ['orderNo', 'driverId', 'vehicleId', 'cityId'],
    tabs: {
      field: 'settlementState',
      all: true,
      items: [{ values: [0] }, { values: [1] }, { values: [2] }, { values: [3] }],
    },
    actions: ['calculate'],
  }),
};

/** One line of a 核算单, as kept and shown. */
export const settlementLineItem = z.strictObject({
  kind: z.number().int().min(1).max(20),
  item: text().max(30).meta({ title: '项目' }),
  amount: z.number().int().meta({ title: '金额' }),
  note: text().max(300).meta({ title: '说明' }),
});

/**
 * 核算单: a return's settlement with its lines. Written by 核算; when its approval turns it down it may be
 * edited — the clerk's amounts and the 核算主体 — and saving sends it to approval again, computed anew.
 */
export const returnSettlementLifecycle = defineLifecycle({
  field: 'status',
  states: settlementStatus,
  removable: [],
  editable: [settlementStates.rejected],
  transitions: [],
});

export const returnSettlementResource = defineResource({
  key: 'returnSettlement',
  title: '核算单',
  page: 'accountingSheet',
  endpoint: '/api/return-settlements',
  identity: 'settlementNo',
  lifecycle: returnSettlementLifecycle,
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    settlementNo: fields.text('核算单号', { form: false, filter: 'like', sortable: true }),
    orderNo: fields.text('订单编号', { form: false, filter: 'like', max: 18 }),
    driverId: fields.ref('承租司机', 'driver', { form: false, filter: 'eq' }),
    vehicleId: fields.ref('车辆', 'vehicle', { form: false, filter: 'eq' }),
    accountingUnitId: fields.ref('核算主体', 'accountingUnit', { required: true, filter: 'eq' }),
    returnDate: fields.date('退车日期', { form: false, sortable: true, filter: 'range' }),
    rentDue: fields.money('应付租金', { form: false, list: false }),
    rentPaid: fields.money('已付租金', { form: false, list: false }),
    lateFee: fields.money('滞纳金', { form: false, list: false }),
    violationFee: fields.money('违章罚款', { form: false, list: false }),
    damageFee: fields.money('车损费用'),
    damageNote: fields.text('车损说明', { max: 200, list: false }),
    otherFee: fields.money('其他费用', { list: false }),
    otherNote: fields.text('其他费用说明', { max: 200, list: false }),
    penaltyFee: fields.money('违约金', { list: false, hint: '订单商务约定事项含违约金且提前退租时填写' }),
    lateFeePaid: fields.money('已付滞纳金', { form: false, list: false }),
    chargesDue: fields.money('已计费用未付', { form: false, list: false, signed: balance }),
    deposit: fields.money('押金抵扣', { form: false, list: false, hint: '订单实际持有的押金' }),
    total: fields.money('结算金额', { form: false, signed: balance, hint: '正数为司机应付，负数为应退司机' }),
    lines: fields.items('核算明细', settlementLineItem, { form: false, max: 200 }),
    status: fields.enumOf(settlementStatus, { form: false, filter: 'eq' }),
    remark: fields.text('备注', { max: 200, list: false }),
    createdAt: fields.datetime('核算时间', { form: false, sortable: true, filter: 'range' }),
  },
});

export const returnSettlementScreens = {
  accountingSheet: defineScreen(returnSettlementResource, {
    route: 'accountingSheet',
    key: ['orderNo', 'driverId', 'total', 'status'],
    filters: ['settlementNo', 'orderNo', 'driverId', 'vehicleId', 'accountingUnitId', 'returnDate', 'createdAt'],
    tabs: { field: 'status', all: true, items: [{ values: [1] }, { values: [3] }, { values: [2] }] },
  }),
};
