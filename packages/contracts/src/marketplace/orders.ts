import { z } from 'zod';
import { enumInput, fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { idText, text } from '../values';
import { marketplaceEnums } from './enums';

const page = 'marketplaceOrders';

/** Most pieces of one product, and most lines, in one order. */
export const maxLineQuantity = 99;
export const maxOrderLines = 20;

/** One line as it is ordered: which product, how many. */
export const orderLineInput = z.strictObject({
  productId: idText.meta({ title: '商品', lookup: 'marketplaceProduct' }),
  quantity: z
    .number()
    .int('应为整数')
    .min(1, '不能小于1')
    .max(maxLineQuantity, `不能大于${maxLineQuantity}`)
    .default(1)
    .meta({ title: '数量' }),
});
export type OrderLineInput = z.infer<typeof orderLineInput>;

/** A line as kept: the product's name, price and cover as they were when it was ordered. */
export const orderLine = z.object({
  productId: text(),
  productName: text(),
  image: text().nullable(),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
  amount: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLine>;

/** A payment or refund of an order: written once, never edited. */
export const orderPayment = z.object({
  kind: z.enum(['payment', 'refund']),
  method: z.number().int(),
  amount: z.number().int(),
  reference: text(),
  at: text(),
  operatorName: text().nullable(),
});

/** A courier's waybill number: letters, digits and dashes, as the carriers print them. */
const trackingNoFormat = '应为6到30位字母、数字或“-”';
const trackingNoProblem = (value: string) => (/^[A-Za-z0-9-]{6,30}$/.test(value) ? null : trackingNoFormat);

/** 发货: carrier and waybill, required when a line goes by courier (the server checks it against the lines). */
const shipOrderBody = z.strictObject({
  carrier: enumInput(marketplaceEnums.carrier).optional(),
  trackingNo: text()
    .trim()
    .refine((value) => trackingNoProblem(value) === null, trackingNoFormat)
    .optional()
    .meta({ title: '运单号' }),
});

const marketplaceOrderLifecycle = defineLifecycle({
  field: 'status',
  states: marketplaceEnums.orderStatus,
  // 支付 (the app), 确认收货 (the app or the timer) and 关闭 (the timer) are not the console's: see the api's orders.ts.
  transitions: [
    {
      action: 'ship',
      from: [10],
      to: 20,
      button: 'marketplaceOrders:ship',
      title: '发货',
      body: shipOrderBody,
    },
    {
      action: 'cancel',
      from: [0, 10],
      to: 50,
      button: 'marketplaceOrders:cancel',
      title: '取消订单',
      confirm: '取消后库存退回；已支付的订单将记录一笔等额退款。',
      body: z.strictObject({ reason: text().trim().min(1, '不能为空').max(200).meta({ title: '取消原因' }) }),
    },
  ],
});

/**
 * 商城订单: a driver's order of products, placed in the app (待支付 until the app reports the payment) or by staff
 * for a driver (后台下单: paid offline when it is made, the operator recorded). Its lines keep each product's
 * name, price and cover as they were; payments and refunds are rows of their own, never edited. States:
 * 待支付 → 待发货 → 已发货 → 已完成, or 已关闭 (unpaid past its deadline, by the timer job) or 已取消 (staff,
 * before shipping); stock goes back on both.
 */
export const marketplaceOrderResource = defineResource({
  key: 'marketplaceOrder',
  title: '商城订单',
  page,
  endpoint: '/api/marketplace-orders',
  identity: 'orderNo',
  lifecycle: marketplaceOrderLifecycle,
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    orderNo: fields.text('订单编号', { form: false, filter: 'like', max: 30 }),
    driverId: fields.ref('司机', 'driver', { required: true, createOnly: true, filter: 'eq' }),
    lines: fields.items('商品明细', orderLineInput, { required: true, min: 1, max: maxOrderLines, createOnly: true }),
    summary: fields.text('商品', { form: false }),
    amount: fields.money('订单金额', { form: false, sortable: true }),
    discount: fields.money('优惠券抵扣', { form: false, list: false }),
    couponOrderId: fields.ref('使用的优惠券', 'couponOrder', { form: false, list: false }),
    status: fields.enumOf(marketplaceEnums.orderStatus, { form: false, filter: 'eq' }),
    channel: fields.enumOf(marketplaceEnums.channel, { form: false, filter: 'eq' }),
    payMethod: fields.enumOf(marketplaceEnums.payMethod, { form: false, list: false }),
    paidAt: fields.datetime('支付时间', { form: false, filter: 'range', list: false }),
    payDeadline: fields.datetime('支付截止', { form: false, list: false }),
    consignee: fields.text('收货人', { max: 30, list: false, createOnly: true, hint: '快递商品必填' }),
    phone: fields.mobile('联系电话', { list: false, createOnly: true, filter: 'like', hint: '快递商品必填' }),
    address: fields.text('收货地址', { max: 200, list: false, createOnly: true, hint: '快递商品必填' }),
    carrier: fields.enumOf(marketplaceEnums.carrier, { form: false, list: false }),
    trackingNo: fields.text('运单号', { form: false, list: false, filter: 'like' }),
    shippedAt: fields.datetime('发货时间', { form: false, list: false }),
    autoReceiveAt: fields.datetime('自动收货时间', { form: false, list: false }),
    receivedAt: fields.datetime('收货时间', { form: false, list: false }),
    receiveWay: fields.enumOf(marketplaceEnums.receiveWay, { form: false, list: false }),
    closedAt: fields.datetime('关闭时间', { form: false, list: false }),
    cancelReason: fields.text('取消原因', { form: false, list: false }),
    remark: fields.text('备注', { max: 200, list: false, createOnly: true }),
    createdBy: fields.ref('操作人', 'user', { form: false }),
    createdAt: fields.datetime('下单时间', { form: false, filter: 'range', sortable: true }),
  },
});

export const marketplaceOrderScreens = {
  marketplaceOrders: defineScreen(marketplaceOrderResource, {
    route: page,
    key: ['driverId', 'amount', 'status'],
    tabs: {
      field: 'status',
      all: true,
      items: [{ values: [0] }, { values: [10] }, { values: [20] }, { values: [30] }, { values: [40, 50] }],
    },
    actions: ['ship', 'cancel'],
  }),
};
