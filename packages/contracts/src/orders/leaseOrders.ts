import { z } from 'zod';
import { defineEnum, enums } from '../enums';
import { fields, moneyAmount } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { calendarDate, idText, text } from '../values';
import { cancelReturnBody } from '../vehicles/records';
import { exchangeOrderBody } from './exchanges';

/** SPEC §3 lease order status. */
export const leaseOrderStatus = defineEnum(
  '订单状态',
  [
    [0, '已取消'],
    [1, '待审批'],
    [2, '审批中'],
    [3, '履约中'],
    [4, '已完成'],
  ],
  { status: true },
);
export const leaseOrderStates = { cancelled: 0, pending: 1, inApproval: 2, performing: 3, completed: 4 } as const;

/** Where the car of an order in performance is: waiting for its handover, with the driver, on its way back. */
export const leaseDeliveryState = defineEnum(
  '交车状态',
  [
    [0, '待交车'],
    [1, '已交车'],
    [2, '退租中'],
    [3, '已退车'],
  ],
  { status: true },
);
/** 退租中: the car's return is asked for; 已退车: it is back (还车验收), the order waits for its settlement. */
export const leaseDeliveryStates = { waiting: 0, delivered: 1, returning: 2, returned: 3 } as const;

/** Where an order's return settlement stands. */
export const orderSettlementState = defineEnum(
  '核算状态',
  [
    [0, '未核算'],
    [1, '审批中'],
    [2, '已驳回'],
    [3, '已通过'],
  ],
  { status: true },
);
export const orderSettlementStates = { none: 0, inApproval: 1, rejected: 2, approved: 3 } as const;

/** When each period's rent falls due: on its first day (期初) or its last (期末). */
export const rentTiming = defineEnum('收租时点', [
  [1, '期初'],
  [2, '期末'],
]);

/** SPEC §3 extend-tenancy status: whether an order was extended (延期) or renewed (续租). */
export const extendTenancyStatus = defineEnum(
  '续租状态',
  [
    [0, '未续租'],
    [1, '已延期'],
    [2, '已续租'],
  ],
  { status: true },
);

const reason = (title: string) => text().trim().min(1, '不能为空').max(200).meta({ title });

export const cancelOrderBody = z.strictObject({ reason: reason('取消原因') });
/**
 * 填写交车信息: the vehicle in stock (or 已出库) handed over to the order's driver, with the handover's readings.
 * 交车日期 is the day the driver got the car (today when left out; never later): rent starts then, so an order
 * whose 开始日期 is earlier starts on it instead (its end moves with it).
 */
export const fillDeliveryBody = z.strictObject({
  // The picker offers the cars this order may hand over (its city and model, in stock, free); the server checks.
  vehicleId: idText.meta({ title: '交付车辆', lookup: 'vehicle', lookupParams: { handoverFor: { row: 'id' } } }),
  mileage: z.number().int().min(0).max(2_000_000).meta({ title: '交车里程（公里）' }),
  energyLevel: z.number().int().min(0).max(100).meta({ title: '油量/电量（%）' }),
  deliveredOn: calendarDate().optional().meta({ title: '交车日期' }),
  remark: text().trim().max(200).optional().meta({ title: '备注' }),
});
export const endLeaseBody = z.strictObject({ reason: reason('退租原因') });
export const delayOrderBody = z.strictObject({
  extraMonths: z.number().int().min(1, '应为1到60个月').max(60, '应为1到60个月').meta({
    title: '延期月数',
  }),
  remark: text().trim().max(200).optional().meta({ title: '备注' }),
});
export const continueOrderBody = z.strictObject({
  termMonths: z.number().int().min(1).max(120).meta({ title: '续租租期（月）' }),
  rent: moneyAmount('续租月租金'),
});
export const changeOrderTypeBody = z.strictObject({
  orderType: enums.orderType.schema.meta({ title: '订单类型' }),
  finalPayment: moneyAmount('尾款').optional(),
});
export const associateOrderBody = z.strictObject({
  associatedOrderNo: text().trim().min(1, '不能为空').max(30).meta({ title: '关联订单编号' }),
});

const { cancelled, pending, inApproval, performing } = leaseOrderStates;

/** Actions of an order in force that need its car handed over (or not yet): offered and taken only then. */
const handedOver = (refusal: string) => ({ field: 'deliveryState', values: [leaseDeliveryStates.delivered], refusal });
const returning = (refusal: string) => ({ field: 'deliveryState', values: [leaseDeliveryStates.returning], refusal });
const notHandedOver = (refusal: string) => ({ field: 'deliveryState', values: [leaseDeliveryStates.waiting], refusal });

/**
 * 待审批 → 提交审批 → 审批中 → (its approval passes) 履约中 → … → 已完成; an approval 驳回 or 撤回 brings it back
 * to 待审批 (the approval's outcome moves it, `api/orders/family.ts`); 取消 ends it before its car is handed over.
 */
export const leaseOrderLifecycle = defineLifecycle({
  field: 'status',
  states: leaseOrderStatus,
  removable: [],
  editable: [pending],
  transitions: [
    {
      action: 'submit',
      title: '提交审批',
      from: [pending],
      to: inApproval,
      button: 'leaseOrder:submit',
      confirm: '提交后进入审批，确定提交？',
    },
    {
      action: 'fillDelivery',
      title: '填写交车信息',
      from: [performing],
      to: null,
      button: 'leaseOrder:fillDelivery',
      body: fillDeliveryBody,
      when: notHandedOver('该订单已交车'),
    },
    {
      action: 'cancel',
      title: '取消订单',
      from: [pending, inApproval, performing],
      to: cancelled,
      button: 'leaseOrder:cancel',
      body: cancelOrderBody,
      when: notHandedOver('订单已交车，不能取消，请办理退租'),
    },
    {
      action: 'endLease',
      title: '退租',
      from: [performing],
      to: null,
      button: 'leaseOrder:endLease',
      body: endLeaseBody,
      when: handedOver('订单未交车或已在退租中，不能退租'),
    },
    {
      action: 'cancelReturn',
      title: '取消退租',
      from: [performing],
      to: null,
      button: 'leaseOrder:cancelReturn',
      body: cancelReturnBody,
      when: returning('订单不在退租中（或车辆已验收），不能取消退租'),
    },
    {
      action: 'delay',
      title: '延期',
      from: [performing],
      to: null,
      button: 'leaseOrder:delay',
      body: delayOrderBody,
      when: handedOver('订单交车后才能延期'),
    },
    {
      action: 'continue',
      title: '续租',
      from: [performing],
      to: null,
      button: 'leaseOrder:continue',
      body: continueOrderBody,
      when: handedOver('订单交车后才能续租'),
    },
    {
      action: 'exchange',
      title: '换车',
      from: [performing],
      to: null,
      button: 'leaseOrder:exchange',
      body: exchangeOrderBody,
      when: handedOver('订单交车后才能换车'),
    },
    {
      action: 'changeType',
      title: '修改订单类型',
      from: [pending, performing],
      to: null,
      button: 'leaseOrder:changeType',
      body: changeOrderTypeBody,
    },
    {
      action: 'associate',
      title: '关联订单',
      from: [pending, inApproval, performing],
      to: null,
      button: 'leaseOrder:associate',
      body: associateOrderBody,
    },
  ],
});

/** One stage of stepped rent: how many periods, at what rent. */
export const rentStageItem = z.strictObject({
  periods: z.number().int().min(1, '期数应为正整数').max(120).meta({ title: '期数' }),
  rent: z.number().int().min(0).max(100_000_000).meta({ title: '每期租金' }),
});

export const leaseOrderResource = defineResource({
  key: 'leaseOrder',
  title: '租赁订单',
  page: 'leaseOrder',
  endpoint: '/api/lease-orders',
  identity: 'orderNo',
  lifecycle: leaseOrderLifecycle,
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    orderNo: fields.text('订单编号', { form: false, filter: 'like', sortable: true, max: 18 }),
    driverId: fields.ref('承租司机', 'driver', { required: true, filter: 'eq' }),
    cityId: fields.ref('城市', 'city', { required: true, filter: 'eq' }),
    modelId: fields.ref('车型', 'model', { required: true, filter: 'eq' }),
    vehicleId: fields.ref('车辆', 'vehicle', { form: false, filter: 'eq' }),
    rentalMode: fields.enumOf(enums.rentalMode, { required: true, filter: 'eq' }),
    orderType: fields.enumOf(enums.orderType, { required: true, filter: 'eq' }),
    rentReceipt: fields.enumOf(enums.rentReceipt, { required: true }),
    rentTiming: fields.enumOf(rentTiming, { required: true, list: false }),
    maintenancePlan: fields.enumOf(enums.maintenancePlan, { required: true, list: false }),
    rentSettlement: fields.enumOf(enums.rentSettlement, { required: true, list: false }),
    businessItems: fields.enumsOf(enums.businessAppointmentItem),
    startDate: fields.date('起租日期', { required: true, sortable: true, filter: 'range' }),
    termMonths: fields.integer('租期（月）', { required: true, min: 1, max: 120 }),
    endDate: fields.date('到期日期', { form: false, sortable: true }),
    rent: fields.money('月租金', { required: true, positive: true, sortable: true }),
    stages: fields.items('阶梯租金', rentStageItem, { max: 12, hint: '阶梯租金时填写，各阶段期数之和等于租期' }),
    deposit: fields.money('押金', { list: false }),
    firstPayment: fields.money('首付款', { list: false }),
    servicingFee: fields.money('整备费', { list: false }),
    finalPayment: fields.money('尾款', { list: false, hint: '以租代购时填写' }),
    rentFreeDays: fields.integer('免租天数', { list: false, max: 365 }),
    graceDays: fields.integer('宽限天数', { list: false, max: 60 }),
    lateFeeRate: fields.integer('滞纳金日费率（万分之）', { list: false, max: 100 }),
    contractFiles: fields.files('合同附件', { max: 10, accept: ['pdf', 'png', 'jpg', 'jpeg'], maxSizeMb: 20 }),
    status: fields.enumOf(leaseOrderStatus, { form: false, filter: 'eq' }),
    deliveryState: fields.enumOf(leaseDeliveryState, { form: false, filter: 'eq' }),
    extendTenancy: fields.enumOf(extendTenancyStatus, { form: false, list: false }),
    settlementState: fields.enumOf(orderSettlementState, { form: false, list: false }),
    deliveredAt: fields.datetime('交车时间', { form: false, list: false }),
    associatedOrderNo: fields.text('关联订单', { form: false, list: false }),
    cancelReason: fields.text('取消原因', { form: false, list: false }),
    creditIssue: fields.text('信用问题', { form: false, list: false }),
    creditOverrideBy: fields.ref('信用放行人', 'user', { form: false, list: false }),
    creditOverrideAt: fields.datetime('信用放行时间', { form: false, list: false }),
    remark: fields.text('备注', { max: 200, list: false }),
    createdAt: fields.datetime('下单时间', { form: false, sortable: true, filter: 'range' }),
  },
});

export const leaseOrderScreens = {
  leaseOrder: defineScreen(leaseOrderResource, {
    route: 'leaseOrder',
    // What staff read an order by, all on screen at 1440 px beside 操作: its car, its rent, when it ends.
    key: ['status', 'deliveryState', 'driverId', 'vehicleId', 'rent', 'endDate'],
    columns: ['startDate', 'termMonths', 'cityId', 'modelId', 'rentalMode', 'orderType', 'rentReceipt', 'createdAt'],
    widths: { orderNo: 186, status: 90, deliveryState: 90, driverId: 130, vehicleId: 110, rent: 110 },
    filters: ['orderNo', 'driverId', 'cityId', 'vehicleId', 'orderType', 'rentalMode', 'startDate', 'createdAt'],
    tabs: {
      field: 'status',
      all: true,
      items: [{ values: [1] }, { values: [2] }, { values: [3] }, { values: [4] }, { values: [0] }],
    },
    actions: [
      'submit',
      'fillDelivery',
      'cancel',
      'endLease',
      'cancelReturn',
      'delay',
      'continue',
      'exchange',
      'changeType',
      'associate',
    ],
  }),
};

/** A receivable of an order's schedule (应收计划): one period's rent, due on its date. */
export const receivableStatus = defineEnum(
  '收款状态',
  [
    [0, '待收款'],
    [1, '部分收款'],
    [2, '已收款'],
    [3, '逾期'],
    [4, '已减免'],
    [5, '已作废'],
  ],
  { status: true },
);

export const receivableKind = defineEnum('应收类型', [
  [1, '租金'],
  [2, '押金'],
  [3, '首付款'],
  [4, '整备费'],
  [5, '尾款'],
  [6, '退车结算款'],
  [7, '滞纳金'],
  [8, '车辆折旧费'],
  [9, '违章代缴费'],
  [10, '维修费'],
  [11, '其他费用'],
  [12, '换车结算款'],
]);

export const orderReceivableResource = defineResource({
  key: 'orderReceivable',
  title: '应收计划',
  page: 'leaseOrder',
  endpoint: '/api/order-receivables',
  identity: 'period',
  operations: [],
  defaultSort: { field: 'dueDate', order: 'asc' },
  fields: {
    period: fields.integer('期数', { form: false, sortable: true }),
    orderId: fields.parentId('订单'),
    kind: fields.enumOf(receivableKind, { form: false }),
    stage: fields.integer('阶段', { form: false }),
    periodStart: fields.date('账单开始', { form: false }),
    periodEnd: fields.date('账单结束', { form: false }),
    dueDate: fields.date('应收日期', { form: false, sortable: true }),
    amount: fields.money('应收金额', { form: false }),
    received: fields.money('已收金额', { form: false }),
    status: fields.enumOf(receivableStatus, { form: false }),
  },
});

export const orderReceivableScreens = {
  schedule: defineScreen(orderReceivableResource, {
    route: 'leaseOrder',
    embedded: { name: 'schedule', title: '应收计划' },
  }),
};
