import { z } from 'zod';
import { defineEnum } from '../enums';
import { enumInput, fields, moneyAmount } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { calendarDate, idText, text } from '../values';

/** Where a B端 order stands: a draft, its approval, then in force until its cars are back (or it ends otherwise). */
export const fleetOrderStatus = defineEnum(
  'B端订单状态',
  [
    [1, '待提交'],
    [2, '审批中'],
    [3, '已驳回'],
    [4, '履约中'],
    [5, '已完成'],
    [6, '已解除'],
    [7, '已取消'],
  ],
  { status: true },
);
export const fleetOrderStates = {
  draft: 1,
  inApproval: 2,
  rejected: 3,
  performing: 4,
  completed: 5,
  terminated: 6,
  cancelled: 7,
} as const;

/** How a fleet's rent is billed to the customer: a bill per month or per quarter, on its billing day. */
export const fleetSettlementMode = defineEnum('结算方式', [
  [1, '月结'],
  [2, '季结'],
]);
export const fleetSettlementModes = { monthly: 1, quarterly: 2 } as const;

/** DOMAIN-2 §9: why a car is on the order. */
export const fleetLeaseType = defineEnum('车辆租赁类型', [
  [1, '正常租赁'],
  [2, '试用'],
  [3, '展示'],
  [4, '优惠'],
  [5, '替换'],
]);

export const fleetRenewal = defineEnum('续约方式', [
  [0, '不续'],
  [1, '续约'],
  [2, '自动续约'],
]);

/**
 * One car of the order as agreed: its model (and the car, when picked ahead), why it is leased, its monthly
 * rent — of which 租金比例 is 租金 and the rest 服务费 — its deposit and its days.
 */
export const fleetCarLine = z.strictObject({
  modelId: idText.meta({ title: '车型', lookup: 'model' }),
  vehicleId: idText.optional().meta({ title: '预选车辆', lookup: 'vehicle' }),
  leaseType: enumInput(fleetLeaseType),
  monthlyRent: moneyAmount('月租金', { min: 1 }),
  rentRatio: z
    .number()
    .int('最多两位小数')
    .min(0, '不能小于0%')
    .max(10_000, '不能大于100%')
    .meta({ title: '租金比例', description: '租金比例，单位：基点（万分之一）；其余为服务费' }),
  depositDue: moneyAmount('应缴押金'),
  startDate: calendarDate().meta({ title: '起租日期' }),
  endDate: calendarDate().meta({ title: '到期日期' }),
  renewal: enumInput(fleetRenewal),
});
export type FleetCarLine = z.output<typeof fleetCarLine>;

/** The most cars one order carries. */
export const maxFleetCars = 200;

const { draft, inApproval, rejected, performing, cancelled } = fleetOrderStates;

/**
 * 待提交 (or 已驳回) → 提交 → 审批中 → (its approval passes) 履约中 → 已完成 when its last car is back; 撤回 brings
 * it back to 待提交, 驳回 to 已驳回 (both edited and submitted again, or deleted). 取消 ends an order in force
 * none of whose cars was handed over.
 */
export const fleetOrderLifecycle = defineLifecycle({
  field: 'status',
  states: fleetOrderStatus,
  removable: [draft, rejected],
  editable: [draft, rejected],
  transitions: [
    {
      action: 'submit',
      title: '提交',
      from: [draft, rejected],
      to: inApproval,
      button: 'rentalOrder:submit',
      confirm: '提交后进入审批，确定提交？',
    },
    {
      action: 'cancel',
      title: '取消',
      from: [performing],
      to: cancelled,
      button: 'rentalOrder:cancel',
      body: z.strictObject({ reason: text().trim().min(1, '不能为空').max(200).meta({ title: '取消原因' }) }),
      when: { field: 'deliveredCars', values: [0], refusal: '订单已有车辆交车，不能取消' },
    },
  ],
});

/**
 * B端租赁订单: a customer's fleet lease under one contract — the cars as lines, the settlement mode by which
 * their days are billed (`api/fleetOrders/billing.ts`), and what was agreed besides.
 */
export const fleetOrderResource = defineResource({
  key: 'fleetOrder',
  title: 'B端订单',
  page: 'rentalOrder',
  endpoint: '/api/fleet-orders',
  identity: 'orderNo',
  lifecycle: fleetOrderLifecycle,
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    orderNo: fields.text('订单编号', { form: false, filter: 'like', sortable: true, max: 18 }),
    customerId: fields.ref('客户', 'customer', { required: true, filter: 'eq' }),
    cityId: fields.ref('城市', 'city', { required: true, filter: 'eq' }),
    contractNo: fields.text('合同编号', { required: true, max: 40, filter: 'like' }),
    signedOn: fields.date('签约日期', { required: true, notAfterToday: true, sortable: true, filter: 'range' }),
    settlementMode: fields.enumOf(fleetSettlementMode, { required: true, filter: 'eq' }),
    billingDay: fields.integer('账单日', {
      required: true,
      min: 1,
      max: 28,
      list: false,
      hint: '每月几日出账（1-28）',
    }),
    paymentDays: fields.integer('付款期限（天）', {
      required: true,
      min: 0,
      max: 90,
      list: false,
      hint: '出账后几天内付款',
    }),
    lines: fields.items('车辆明细', fleetCarLine, { required: true, min: 1, max: maxFleetCars }),
    carCount: fields.integer('车辆数', { form: false }),
    deliveredCars: fields.integer('已交车数', { form: false }),
    monthlyRent: fields.money('月租金合计', { form: false, sortable: true }),
    depositDue: fields.money('应缴押金合计', { form: false, list: false }),
    startDate: fields.date('起租日期', { form: false, sortable: true, filter: 'range' }),
    endDate: fields.date('到期日期', { form: false, sortable: true }),
    businessTerms: fields.text('商务约定事项', { max: 1000, list: false }),
    attachments: fields.files('合同附件', { max: 10, accept: ['pdf', 'png', 'jpg', 'jpeg', 'docx'], maxSizeMb: 20 }),
    status: fields.enumOf(fleetOrderStatus, { form: false, filter: 'eq' }),
    cancelReason: fields.text('取消原因', { form: false, list: false }),
    remark: fields.text('备注', { max: 200, list: false }),
    createdBy: fields.ref('创建人', 'user', { form: false, list: false }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true, filter: 'range' }),
  },
});

export const fleetOrderScreens = {
  rentalOrder: defineScreen(fleetOrderResource, {
    route: 'rentalOrder',
    key: ['status', 'customerId', 'carCount', 'monthlyRent', 'startDate', 'endDate'],
    columns: ['contractNo', 'cityId', 'settlementMode', 'deliveredCars', 'signedOn', 'createdAt'],
    filters: ['orderNo', 'customerId', 'status', 'cityId', 'contractNo', 'signedOn', 'startDate', 'createdAt'],
    tabs: {
      field: 'status',
      all: true,
      items: [{ values: [1] }, { values: [2] }, { values: [3] }, { values: [4] }, { values: [5] }, { values: [6, 7] }],
    },
    actions: ['submit', 'cancel'],
  }),
};
