import { z } from 'zod';
import { creditCodeProblem } from '../customers/creditCode';
import { nationalIdProblem } from '../drivers/identifiers';
import { defineEnum } from '../enums';
import { type Check, check } from '../resource/checks';
import { fields, moneyAmount } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { calendarDate, idText, text } from '../values';

/**
 * A 零售订单 (a car sold): drafted, its 零售工单 in approval, turned down (changed and sent again), approved and
 * waiting for the handover, handed over and waiting for the 过户, done; 取消 ends it before the handover.
 */
export const retailOrderStatus = defineEnum(
  '零售订单状态',
  [
    [0, '已取消'],
    [1, '待提交'],
    [2, '审批中'],
    [3, '已驳回'],
    [4, '待交车'],
    [5, '待过户'],
    [6, '已完成'],
  ],
  { status: true },
);
export const retailOrderStates = {
  cancelled: 0,
  draft: 1,
  inApproval: 2,
  rejected: 3,
  approved: 4,
  delivered: 5,
  done: 6,
} as const;

export const retailBuyerType = defineEnum('购车人类型', [
  [1, '个人'],
  [2, '企业'],
]);

export const retailPaymentMethod = defineEnum('付款方式', [
  [1, '全款'],
  [2, '分期'],
]);
export const retailPaymentMethods = { full: 1, instalments: 2 } as const;

/** Who finances an instalment sale (国金 is the lease-to-own partner of 国金待办). */
export const financingPartner = defineEnum('金融机构', [
  [1, '国金融资租赁'],
  [2, '平安银行'],
  [3, '招商银行'],
  [4, '微众银行'],
]);

/** A work order's approval: running, passed, turned down, withdrawn by its initiator, ended with its order. */
export const retailWorkOrderStatus = defineEnum(
  '工单状态',
  [
    [1, '审批中'],
    [2, '已通过'],
    [3, '已驳回'],
    [4, '已撤回'],
    [5, '已取消'],
  ],
  { status: true },
);
export const retailWorkOrderStates = { inApproval: 1, approved: 2, rejected: 3, withdrawn: 4, cancelled: 5 } as const;

/** A person's 身份证 or a company's 统一社会信用代码: which one is checked against 购车人类型 when saved. */
export function buyerIdProblem(value: string): string | null {
  return nationalIdProblem(value) && creditCodeProblem(value) ? '应为18位身份证号或统一社会信用代码' : null;
}

const reason = (title: string) => text().trim().min(1, '不能为空').max(200).meta({ title });

/**
 * 提交工单 (and 新建零售工单): what the approvers are asked — the discount off the agreed price, why, and the
 * papers that support it.
 */
export const retailWorkOrderBody = z.strictObject({
  discount: moneyAmount('优惠金额', { max: 100_000_000_000 }).optional(),
  explanation: reason('申请说明'),
  attachments: z.array(text().min(1).max(300)).max(10, '最多10个文件').optional().meta({ title: '附件', files: true }),
});

/** 交车: the car of the order's model handed to the buyer, with its odometer. */
export const retailDeliverBody = z.strictObject({
  vehicleId: idText.meta({ title: '交付车辆', lookup: 'vehicle' }),
  mileage: z.number().int().min(0).max(3_000_000).meta({ title: '交车里程（公里）' }),
  remark: text().trim().max(200).optional().meta({ title: '备注' }),
});

/** 过户: the title transferred to the buyer at the vehicle office, and the plate it carries now. */
export const retailTransferBody = z.strictObject({
  transferredOn: calendarDate().meta({ title: '过户日期' }),
  newPlateNo: text().trim().max(10).optional().meta({ title: '过户后车牌' }),
  remark: text().trim().max(200).optional().meta({ title: '备注' }),
});

export const cancelRetailOrderBody = z.strictObject({ reason: reason('取消原因') });

const { cancelled, draft, inApproval, rejected, approved, delivered, done } = retailOrderStates;

export const retailOrderLifecycle = defineLifecycle({
  field: 'status',
  states: retailOrderStatus,
  removable: [],
  editable: [draft, rejected],
  transitions: [
    {
      action: 'submit',
      title: '提交工单',
      from: [draft, rejected],
      to: inApproval,
      button: 'retailOrder:submit',
      body: retailWorkOrderBody,
    },
    {
      action: 'deliver',
      title: '交车',
      from: [approved],
      to: delivered,
      button: 'retailOrder:deliver',
      body: retailDeliverBody,
    },
    {
      action: 'transfer',
      title: '过户',
      from: [delivered],
      to: done,
      button: 'retailOrder:transfer',
      body: retailTransferBody,
    },
    {
      action: 'cancel',
      title: '取消订单',
      from: [draft, inApproval, rejected, approved],
      to: cancelled,
      button: 'retailOrder:cancel',
      body: cancelRetailOrderBody,
      confirm: '取消后订单不能恢复，确定取消？',
    },
  ],
});

type RetailTerm = 'downPayment' | 'financingPartner' | 'loanTerms' | 'price' | 'paymentMethod';
const byInstalments = { field: 'paymentMethod', values: [retailPaymentMethods.instalments] } as const;
const paidByInstalments = (values: Readonly<Record<string, unknown>>) =>
  values.paymentMethod === retailPaymentMethods.instalments;

/** An instalment sale's terms, checked together: a sale in full keeps none of them (the server empties them). */
const instalmentChecks: readonly Check<RetailTerm>[] = [
  check.requiredWhen('downPayment', byInstalments, '分期时必填'),
  {
    field: 'downPayment',
    reads: ['price', 'paymentMethod'],
    message: '应低于成交价',
    test: (values) =>
      !paidByInstalments(values) || values.downPayment == null || Number(values.downPayment) < Number(values.price),
  },
  check.requiredWhen('financingPartner', byInstalments, '分期时必填'),
  {
    field: 'loanTerms',
    reads: ['paymentMethod'],
    message: '分期时应为1到60期',
    test: (values) => !paidByInstalments(values) || (Number(values.loanTerms) >= 1 && Number(values.loanTerms) <= 60),
  },
];

/**
 * 零售订单: a car sold to a person or a company — the agreed price, paid in full or in instalments through a
 * financing partner — approved through a 零售工单, handed over, then its title transferred.
 */
export const retailOrderResource = defineResource({
  key: 'retailOrder',
  title: '零售订单',
  page: 'retailOrder',
  endpoint: '/api/retail-orders',
  identity: 'orderNo',
  lifecycle: retailOrderLifecycle,
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    orderNo: fields.text('订单编号', { form: false, filter: 'like', sortable: true, max: 18 }),
    buyerType: fields.enumOf(retailBuyerType, { required: true, filter: 'eq' }),
    buyerName: fields.text('购车人', { required: true, max: 50, filter: 'like' }),
    buyerMobile: fields.mobile('联系电话', {
      required: true,
      import: { example: '13800138000' },
    }),
    buyerIdNo: fields.text('证件号码', {
      required: true,
      max: 18,
      check: buyerIdProblem,
      sensitive: 'idCard',
      list: false,
      hint: '个人填身份证号，企业填统一社会信用代码',
      import: { example: '110105198506123411' },
    }),
    cityId: fields.ref('城市', 'city', { required: true, filter: 'eq' }),
    modelId: fields.ref('车型', 'model', { required: true, filter: 'eq' }),
    vehicleId: fields.ref('车辆', 'vehicle', { form: false, filter: 'eq' }),
    price: fields.money('成交价', { required: true, positive: true, sortable: true }),
    paymentMethod: fields.enumOf(retailPaymentMethod, { required: true, filter: 'eq' }),
    downPayment: fields.money('首付款', { list: false, hint: '分期时填写，低于成交价' }),
    financingPartner: fields.enumOf(financingPartner, { list: false, hint: '分期时填写', filter: 'eq' }),
    loanTerms: fields.integer('贷款期数', { list: false, min: 0, max: 60, hint: '分期时填写，1到60期' }),
    loanAmount: fields.money('贷款金额', { form: false, list: false }),
    plannedDeliveryDate: fields.date('预计交车日期', { list: false }),
    salespersonId: fields.ref('销售顾问', 'user', { list: false, filter: 'eq' }),
    contractFiles: fields.files('合同附件', { max: 10, accept: ['pdf', 'png', 'jpg', 'jpeg'], maxSizeMb: 20 }),
    remark: fields.text('备注', { max: 200, list: false }),
    status: fields.enumOf(retailOrderStatus, { form: false, filter: 'eq', title: '订单状态' }),
    workOrderNo: fields.text('零售工单', { form: false, list: false }),
    discount: fields.money('优惠金额', { form: false, list: false }),
    deliveredAt: fields.datetime('交车时间', { form: false, list: false }),
    transferredOn: fields.date('过户日期', { form: false, list: false }),
    newPlateNo: fields.text('过户后车牌', { form: false, list: false }),
    cancelReason: fields.text('取消原因', { form: false, list: false }),
    createdAt: fields.datetime('下单时间', { form: false, sortable: true, filter: 'range' }),
  },
  checks: instalmentChecks,
});

export const retailOrderScreens = {
  retailOrder: defineScreen(retailOrderResource, {
    route: 'retailOrder',
    key: ['status', 'buyerName', 'price', 'paymentMethod'],
    filters: ['orderNo', 'buyerName', 'buyerType', 'cityId', 'modelId', 'paymentMethod', 'vehicleId', 'createdAt'],
    tabs: {
      field: 'status',
      all: true,
      items: [
        { values: [draft] },
        { values: [inApproval] },
        { values: [rejected] },
        { values: [approved] },
        { values: [delivered] },
        { values: [done] },
        { values: [cancelled] },
      ],
    },
    actions: ['submit', 'deliver', 'transfer', 'cancel'],
  }),
};

/**
 * 零售工单: a retail order put to approval — the terms as they were asked for (a copy: the order may change
 * after a 驳回, the approved work order does not), the discount and why. Started from 我发起的's
 * 新建零售工单 or from the order's 提交工单; its approval decides the order.
 */
export const retailWorkOrderResource = defineResource({
  key: 'retailWorkOrder',
  title: '零售工单',
  page: 'initiated',
  forms: { add: 'retailWorkOrder.new' },
  endpoint: '/api/retail-work-orders',
  identity: 'workOrderNo',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    workOrderNo: fields.text('工单编号', { form: false }),
    retailOrderId: fields.ref('零售订单', 'retailOrder', { required: true, createOnly: true }),
    orderNo: fields.text('订单编号', { form: false, max: 18 }),
    buyerName: fields.text('购车人', { form: false }),
    modelId: fields.ref('车型', 'model', { form: false }),
    price: fields.money('成交价', { form: false }),
    discount: fields.money('优惠金额', { hint: '不超过成交价' }),
    finalPrice: fields.money('优惠后价格', { form: false }),
    paymentMethod: fields.enumOf(retailPaymentMethod, { form: false }),
    downPayment: fields.money('首付款', { form: false }),
    financingPartner: fields.enumOf(financingPartner, { form: false }),
    loanTerms: fields.integer('贷款期数', { form: false, max: 60 }),
    explanation: fields.text('申请说明', { required: true, max: 200 }),
    attachments: fields.files('附件', { max: 10, accept: ['pdf', 'png', 'jpg', 'jpeg'], maxSizeMb: 20 }),
    status: fields.enumOf(retailWorkOrderStatus, { form: false }),
    createdAt: fields.datetime('发起时间', { form: false }),
  },
});
