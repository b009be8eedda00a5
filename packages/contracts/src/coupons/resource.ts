import { z } from 'zod';
import { defineEnum, enabledStatus, enums } from '../enums';
import { check } from '../resource/checks';
import { fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { idText, text } from '../values';

/** How a driver comes to hold a coupon. */
export const couponKind = defineEnum('发放方式', [
  [1, '免费领取'],
  [2, '付费购买'],
  [3, '指定发放'],
]);

/** When an issued coupon may be used: fixed days, or N days from the day it is issued. */
export const couponValidity = defineEnum('有效期类型', [
  [2, '领取后N天'],
  [1, '固定日期'],
]);

/** Who made a 券订单: the drivers' app (claim or purchase) or the console. */
export const couponOrderSource = defineEnum('来源', [
  [1, 'APP'],
  [2, '后台'],
]);

/**
 * 资金流水 of the coupons: money received for a sale, its reversal (a refund, negative), the rent discount granted
 * per month, and the discount a 商城订单 took.
 */
export const couponMoneyKind = defineEnum('流水类型', [
  [1, '售券收款'],
  [2, '收款冲回'],
  [3, '租金抵扣'],
  [4, '商城抵扣'],
]);

export const couponUseStates = {
  awaitingPayment: 0,
  timedOut: 1,
  unused: 2,
  used: 3,
  expired: 4,
  refunded: 5,
} as const;
export const couponListingStates = { onShelf: 0, offShelf: 1 } as const;

/** 优惠券商品标签: the labels of the products (car models, services) coupons apply to. */
export const couponTagResource = defineResource({
  key: 'couponTag',
  title: '优惠券商品标签',
  page: 'couponProductsTags',
  endpoint: '/api/coupon-tags',
  identity: 'name',
  defaultSort: { field: 'displayOrder', order: 'asc' },
  fields: {
    name: fields.text('标签名称', { required: true, max: 20, filter: 'like', unique: true }),
    color: fields.color('颜色', { hint: '标签在APP上的底色，如#FF7A00' }),
    displayOrder: fields.integer('排序', { required: true, min: 0, max: 9999, sortable: true, hint: '数字越小越靠前' }),
    status: fields.enumOf(enabledStatus, { required: true, filter: 'eq' }),
    remark: fields.text('备注', { max: 100, list: false }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
});

/** One stage of a coupon: the month of rent it relieves (1 = the month it is used in) and by how much. */
export const couponStageItem = z.strictObject({
  monthOffset: z.number().int().min(1, '第几个月应为1到36').max(36, '第几个月应为1到36').meta({ title: '第几个月' }),
  amount: z
    .number()
    .int()
    .min(1, '减免金额应大于0')
    .max(10_000_000, '减免金额不能大于100000元')
    .meta({ title: '减免金额' }),
});
export type CouponStage = z.output<typeof couponStageItem>;

const { onShelf, offShelf } = couponListingStates;

/** Most drivers one 指定发放 reaches. */
export const maxAssigned = 500;

/** SPEC §3 上架/下架: a new coupon is 下架 until put on sale; only 上架 ones are offered in the app. */
export const couponLifecycle = defineLifecycle({
  field: 'listing',
  states: enums.couponListing,
  removable: [],
  transitions: [
    {
      action: 'putOnShelf',
      title: '上架',
      from: [offShelf],
      to: onShelf,
      button: 'couponManage:listing',
      confirm: '上架后司机可在APP领取或购买，确定上架？',
    },
    {
      action: 'assign',
      title: '指定发放',
      from: [onShelf, offShelf],
      to: null,
      button: 'couponManage:assign',
      body: z.strictObject({
        driverIds: z
          .array(idText)
          .max(maxAssigned, `最多${maxAssigned}位司机`)
          .optional()
          .meta({ title: '司机', lookup: 'driver' }),
        mobiles: text()
          .max(maxAssigned * 13, `最多${maxAssigned}个手机号`)
          .optional()
          .meta({ title: '手机号名单', description: '每行一个手机号，或以逗号、空格分隔' }),
      }),
    },
    {
      action: 'takeOffShelf',
      title: '下架',
      from: [onShelf],
      to: offShelf,
      button: 'couponManage:listing',
      confirm: '下架后APP不再发放，已发放的券不受影响，确定下架？',
    },
  ],
});

/**
 * 优惠券: a template. Its stages relieve months of rent (a month offset and an amount each, e.g. three stages
 * of 200元 for months 1–3); 发放总量 bounds what is issued (`issued` only grows, by a conditional update),
 * 每人限领 what one driver holds (timed-out orders do not count); 领取时间 is when the app offers it, the
 * use validity fixed days or N days from issue, ending 23:59:59 Beijing time. Each issued coupon keeps a copy
 * of the terms and stages, so editing the template changes nothing already issued.
 */
export const couponResource = defineResource({
  key: 'coupon',
  title: '优惠券',
  page: 'couponManage',
  endpoint: '/api/coupons',
  identity: 'name',
  lifecycle: couponLifecycle,
  operations: ['create', 'update', 'export'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  checks: [
    check.after('claimEnd', 'claimStart', '应晚于领取开始时间'),
    check.notBefore('validTo', 'validFrom', '不能早于使用开始日期'),
    check.requiredWhen('price', { field: 'kind', values: [2] }, '付费购买的券请填写售价'),
    check.requiredWhen('validFrom', { field: 'validityType', values: [1] }, '固定日期请填写使用开始日期'),
    check.requiredWhen('validTo', { field: 'validityType', values: [1] }, '固定日期请填写使用结束日期'),
  ],
  fields: {
    name: fields.text('优惠券名称', { required: true, max: 50, filter: 'like', unique: true }),
    kind: fields.enumOf(couponKind, { required: true, filter: 'eq' }),
    price: fields.money('售价', { positive: true, hint: '付费购买时填写' }),
    stages: fields.items('分期优惠', couponStageItem, {
      required: true,
      min: 1,
      max: 36,
      hint: '每期减免一个月的租金：第几个月（1为使用当月）及减免金额',
    }),
    stageSummary: fields.text('优惠内容', { form: false }),
    faceValue: fields.money('优惠总额', { form: false, sortable: true }),
    threshold: fields.money('使用门槛', { list: false, hint: '月租金满该金额可用，不填则无门槛' }),
    tagIds: fields.refs('适用商品标签', 'couponTag', { max: 20, list: false, hint: '不选则适用全部商品' }),
    totalStock: fields.integer('发放总量', { required: true, min: 1, max: 1_000_000 }),
    issued: fields.integer('已发放', { form: false }),
    remaining: fields.integer('剩余', { form: false }),
    perDriverLimit: fields.integer('每人限领', { required: true, min: 1, max: 100 }),
    claimStart: fields.datetime('领取开始时间', { required: true, filter: 'range', sortable: true, list: false }),
    claimEnd: fields.datetime('领取结束时间', { required: true, sortable: true }),
    validityType: fields.enumOf(couponValidity, { required: true, list: false }),
    validFrom: fields.date('使用开始日期', { list: false }),
    validTo: fields.date('使用结束日期', { list: false }),
    validDays: fields.integer('有效天数', { min: 1, max: 3650, list: false, hint: '领取当天算第1天，不填为30天' }),
    payMinutes: fields.integer('支付时限（分钟）', {
      min: 5,
      max: 1440,
      list: false,
      hint: '付费购买下单后未支付的关闭时间，不填为30分钟',
    }),
    description: fields.text('使用说明', { max: 500, list: false }),
    listing: fields.enumOf(enums.couponListing, { form: false, filter: 'eq' }),
    sold: fields.integer('售出张数', { form: false, list: false }),
    unusedCount: fields.integer('未使用', { form: false, list: false }),
    usedCount: fields.integer('已使用', { form: false, list: false }),
    expiredCount: fields.integer('已过期', { form: false, list: false }),
    timedOutCount: fields.integer('支付超时', { form: false, list: false }),
    assignedCount: fields.integer('指定发放', { form: false, list: false }),
    refundedCount: fields.integer('已退款', { form: false, list: false }),
    received: fields.money('售券收款', { form: false, list: false }),
    refunded: fields.money('退款金额', { form: false, list: false }),
    refundByMonth: fields.text('按月退款', { form: false, list: false }),
    discountGranted: fields.money('已抵扣租金', { form: false, list: false }),
    discountByMonth: fields.text('按月抵扣', { form: false, list: false }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
});

/**
 * 券订单: one coupon a driver holds (SPEC use status 待支付 / 支付超时 / 未使用 / 已使用 / 已过期), with the
 * template's terms and stages as they were when issued. Made by the app (claim or purchase); 核销 on the console
 * is the staff's use of it. Its driver's mobile is kept masked: the list and the export never show it whole.
 */
export const couponOrderResource = defineResource({
  key: 'couponOrder',
  title: '券订单',
  page: 'couponOrderManage',
  endpoint: '/api/coupon-orders',
  identity: 'orderNo',
  operations: ['export'],
  lifecycle: defineLifecycle({
    field: 'status',
    states: enums.couponUse,
    transitions: [
      {
        action: 'verify',
        title: '核销',
        from: [couponUseStates.unused],
        to: couponUseStates.used,
        button: 'couponOrderManage:verify',
        body: z.strictObject({
          remark: text().trim().max(200).optional().meta({ title: '核销说明' }),
        }),
      },
      {
        action: 'refund',
        title: '退款',
        from: [couponUseStates.unused],
        to: couponUseStates.refunded,
        button: 'couponOrderManage:refund',
        when: { field: 'kind', values: [2], refusal: '只有付费购买的券可以退款' },
        body: z.strictObject({
          reason: text().trim().min(1, '不能为空').max(200, '不能超过200个字').meta({ title: '退款原因' }),
        }),
      },
    ],
  }),
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    orderNo: fields.text('券订单号', { form: false, filter: 'like', sortable: true }),
    couponId: fields.ref('优惠券', 'coupon', { form: false, filter: 'eq' }),
    driverId: fields.ref('司机', 'driver', { form: false, filter: 'eq' }),
    driverMobile: fields.text('手机号', { form: false }),
    kind: fields.enumOf(couponKind, { form: false, filter: 'eq' }),
    price: fields.money('支付金额', { form: false }),
    status: fields.enumOf(enums.couponUse, { form: false, filter: 'eq' }),
    source: fields.enumOf(couponOrderSource, { form: false, list: false }),
    couponName: fields.text('领取时优惠券名称', { form: false, list: false }),
    stageSummary: fields.text('优惠内容', { form: false, list: false }),
    faceValue: fields.money('优惠总额', { form: false }),
    threshold: fields.money('使用门槛', { form: false, list: false }),
    validFrom: fields.datetime('有效期开始', { form: false, list: false }),
    validTo: fields.datetime('有效期结束', { form: false, sortable: true }),
    payDeadline: fields.datetime('支付截止时间', { form: false, list: false }),
    paymentRef: fields.text('支付流水号', { form: false, list: false }),
    paidAt: fields.datetime('支付时间', { form: false, list: false }),
    usedAt: fields.datetime('使用时间', { form: false, sortable: true }),
    useChannel: fields.text('使用方式', { form: false, list: false }),
    useRemark: fields.text('核销说明', { form: false, list: false }),
    closedAt: fields.datetime('关闭时间', { form: false, list: false }),
    refundReason: fields.text('退款原因', { form: false, list: false }),
    refundedAt: fields.datetime('退款时间', { form: false, list: false }),
    refundedBy: fields.ref('退款操作人', 'user', { form: false, list: false }),
    createdBy: fields.ref('发放人', 'user', { form: false, list: false }),
    createdAt: fields.datetime('下单时间', { form: false, sortable: true, filter: 'range' }),
  },
});

/** 资金流水: immutable money rows of the coupons — a sale's money, its reversal, each month's rent discount. */
export const couponMoneyResource = defineResource({
  key: 'couponMoney',
  title: '资金流水',
  page: 'couponOrderManage',
  endpoint: '/api/coupon-money',
  identity: 'entryNo',
  operations: [],
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    entryNo: fields.text('流水号', { form: false }),
    couponId: fields.ref('优惠券', 'coupon', { form: false, filter: 'eq', panel: false }),
    orderId: fields.ref('券订单', 'couponOrder', { form: false, filter: 'eq', panel: false }),
    driverId: fields.ref('司机', 'driver', { form: false }),
    kind: fields.enumOf(couponMoneyKind, { form: false }),
    month: fields.text('抵扣月份', { form: false }),
    amount: fields.money('金额', { form: false, signed: true }),
    reference: fields.text('支付流水号', { form: false }),
    createdAt: fields.datetime('记账时间', { form: false, sortable: true }),
  },
});

const { awaitingPayment, timedOut, unused, used, expired, refunded } = couponUseStates;

export const couponScreens = {
  couponManage: defineScreen(couponResource, {
    route: 'couponManage',
    key: ['kind', 'price', 'faceValue', 'listing'],
    columns: ['stageSummary', 'totalStock', 'issued', 'remaining', 'perDriverLimit', 'claimEnd', 'createdAt'],
    tabs: { field: 'listing', all: true, items: [{ values: [onShelf] }, { values: [offShelf] }] },
    actions: ['putOnShelf', 'takeOffShelf', 'assign'],
  }),
  couponProductsTags: defineScreen(couponTagResource, { route: 'couponProductsTags' }),
  couponOrderManage: defineScreen(couponOrderResource, {
    route: 'couponOrderManage',
    key: ['couponId', 'driverId', 'status'],
    columns: ['driverMobile', 'kind', 'price', 'faceValue', 'validTo', 'usedAt', 'createdAt'],
    filters: ['couponId', 'driverId', 'status', 'kind', 'createdAt', 'orderNo'],
    tabs: {
      field: 'status',
      all: true,
      items: [
        { values: [awaitingPayment] },
        { values: [unused] },
        { values: [used] },
        { values: [expired] },
        { values: [timedOut] },
        { values: [refunded] },
      ],
    },
    actions: ['verify', 'refund'],
  }),
  couponMoney: defineScreen(couponMoneyResource, {
    route: 'couponOrderManage',
    embedded: { name: 'couponMoney', title: '资金流水' },
  }),
};
