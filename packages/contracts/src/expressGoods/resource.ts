import { z } from 'zod';
import { enumInput, fields, mobileProblem } from '../resource/fields';
import { importBatchResources } from '../resource/importBatches';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { idText, text } from '../values';
import { expressEnums } from './enums';

const page = 'expressGoods';
const images = ['jpg', 'jpeg', 'png', 'webp'];

/** Most pieces of one item a driver takes in one exchange. */
export const maxExchangeQuantity = 20;

/** 兑换: staff exchange an item for a driver (后台代兑), paid with the driver's available points. */
export const expressExchangeBody = z.strictObject({
  driverId: idText.meta({ title: '司机', lookup: 'driver' }),
  quantity: z
    .number()
    .int('应为整数')
    .min(1, '不能小于1')
    .max(maxExchangeQuantity, `不能大于${maxExchangeQuantity}`)
    .meta({ title: '兑换数量' }),
  remark: text().trim().max(200).optional().meta({ title: '备注' }),
});

export const expressGoodsLifecycle = defineLifecycle({
  field: 'status',
  states: expressEnums.goodsStatus,
  // Goods on sale may be being exchanged; those with exchanges are refused by the server as well (下架 instead).
  removable: [0],
  transitions: [
    {
      action: 'putOn',
      from: [0],
      to: 1,
      button: 'expressGoods:listing',
      title: '上架',
      confirm: '上架后司机即可兑换，确定上架吗？',
    },
    {
      action: 'takeOff',
      from: [1],
      to: 0,
      button: 'expressGoods:listing',
      title: '下架',
      confirm: '下架后不能再兑换，已兑换的订单照常发货。确定下架吗？',
    },
    {
      action: 'exchange',
      from: [1],
      to: null,
      button: 'expressGoods:exchange',
      title: '兑换',
      body: expressExchangeBody,
    },
  ],
});

/**
 * 快递商品: points-mall goods sent to drivers by courier (DOMAIN-2 §2). 兑换积分 is what one piece costs; 参考价
 * (fen) is what it would cost in cash, shown only; 库存 goes down by each exchange only where it suffices and
 * back up when one is cancelled; 每人限兑 counts a driver's pieces of the item not cancelled, 0 = 不限.
 */
export const expressGoodsResource = defineResource({
  key: 'expressGoods',
  title: '快递商品',
  page,
  endpoint: '/api/express-goods',
  identity: 'name',
  lifecycle: expressGoodsLifecycle,
  defaultSort: { field: 'sort', order: 'asc' },
  fields: {
    name: fields.text('商品名称', { required: true, max: 40, filter: 'like', unique: true }),
    category: fields.enumOf(expressEnums.category, { required: true, filter: 'eq' }),
    cover: fields.files('封面图', { required: true, max: 1, accept: images, maxSizeMb: 5, list: true }),
    gallery: fields.files('商品图片', { max: 9, accept: images, maxSizeMb: 5 }),
    pointsPrice: fields.integer('兑换积分', { required: true, min: 1, max: 100_000, sortable: true }),
    cashPrice: fields.money('参考价', { hint: '市场参考价，仅展示' }),
    stock: fields.integer('库存', { required: true, max: 1_000_000, sortable: true }),
    exchanged: fields.integer('已兑换', { form: false }),
    limitPerDriver: fields.integer('每人限兑', { max: 100, hint: '每位司机最多兑换几件，0或不填为不限' }),
    status: fields.enumOf(expressEnums.goodsStatus, { form: false, filter: 'eq' }),
    sort: fields.integer('排序', { max: 9_999, sortable: true, hint: '数字越小越靠前，不填为0' }),
    brief: fields.text('商品简介', { max: 100, list: false }),
    detail: fields.text('商品详情', { max: 5_000, list: false, hint: '规格、材质、使用说明、发货说明等' }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
});

/** 填写地址: whom and where the courier delivers to; refused once the exchange is 发货中 (the address is locked). */
export const expressAddressBody = z.strictObject({
  consignee: text().trim().min(1, '不能为空').max(30).meta({ title: '收货人' }),
  phone: text()
    .trim()
    .refine((value) => mobileProblem(value) === null, '应为11位手机号')
    .meta({ title: '联系电话' }),
  address: text().trim().min(5, '请填写完整地址（省市区、街道门牌）').max(200).meta({ title: '收货地址' }),
});

/** A courier's waybill number: letters, digits and dashes, as the carriers print them. */
const trackingNoFormat = '应为6到30位字母、数字或“-”';
const trackingNoProblem = (value: string) => (/^[A-Za-z0-9-]{6,30}$/.test(value) ? null : trackingNoFormat);

const trackingNo = text()
  .trim()
  .refine((value) => trackingNoProblem(value) === null, trackingNoFormat)
  .meta({ title: '运单号' });

export const expressExchangeLifecycle = defineLifecycle({
  field: 'status',
  states: expressEnums.exchangeStatus,
  transitions: [
    {
      action: 'fillAddress',
      from: [0, 1],
      to: 1,
      button: 'expressGoods:address',
      title: '填写地址',
      body: expressAddressBody,
    },
    {
      action: 'ship',
      from: [1],
      to: 2,
      button: 'expressGoods:ship',
      title: '发货',
      bulk: true,
      confirm: '发货后收货地址锁定，不能再修改或取消兑换。确定发货吗？',
    },
    {
      action: 'deliver',
      from: [2],
      to: 3,
      button: 'expressGoods:ship',
      title: '填写运单',
      body: z.strictObject({ carrier: enumInput(expressEnums.carrier), trackingNo }),
    },
    {
      action: 'cancel',
      from: [0, 1],
      to: 4,
      button: 'expressGoods:cancelExchange',
      title: '取消兑换',
      body: z.strictObject({ reason: text().trim().min(1, '不能为空').max(200).meta({ title: '取消原因' }) }),
    },
  ],
});

/**
 * 兑换订单: one exchange of a piece or more of an item for a driver, made by 兑换 on the goods only (never typed
 * or deleted), with the item's name, points price and cover as they were. Its courier flow: 未填写地址 → 填写地址
 * → 发货 (batch; the address is locked) → 填写运单 or the tracking numbers imported row by row → 已发货.
 */
export const expressExchangeResource = defineResource({
  key: 'expressExchange',
  title: '兑换订单',
  page,
  endpoint: '/api/express-exchanges',
  identity: 'exchangeNo',
  lifecycle: expressExchangeLifecycle,
  operations: ['export', 'import'],
  import: {
    key: [],
    mode: 'rows',
    maxRows: 5_000,
    note: '每行一个兑换单的运单：只有「发货中」的兑换单会改为已发货，其余行逐行说明原因，不影响其他行。',
  },
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    exchangeNo: fields.text('兑换单号', {
      required: true,
      form: false,
      filter: 'like',
      max: 30,
      import: { example: 'DH00000001' },
    }),
    goodsId: fields.parentId('快递商品'),
    goodsName: fields.text('商品名称', { form: false, filter: 'like' }),
    goodsCover: fields.files('商品图片', { form: false, detail: true }),
    driverId: fields.ref('司机', 'driver', { form: false, filter: 'eq' }),
    quantity: fields.integer('兑换数量', { form: false }),
    unitPoints: fields.integer('单件积分', { form: false, list: false }),
    points: fields.integer('消耗积分', { form: false }),
    status: fields.enumOf(expressEnums.exchangeStatus, { form: false, filter: 'eq' }),
    channel: fields.enumOf(expressEnums.channel, { form: false, filter: 'eq' }),
    consignee: fields.text('收货人', { form: false, export: true }),
    phone: fields.text('联系电话', { form: false, export: true }),
    address: fields.text('收货地址', { form: false, export: true }),
    carrier: fields.enumOf(expressEnums.carrier, { form: false, import: { note: '必填' } }),
    trackingNo: fields.text('运单号', {
      form: false,
      filter: 'like',
      max: 30,
      check: trackingNoProblem,
      import: { example: 'SF1234567890123', note: '必填' },
    }),
    shippedAt: fields.datetime('发货时间', { form: false, list: false }),
    remark: fields.text('备注', { form: false, list: false }),
    cancelReason: fields.text('取消原因', { form: false, list: false }),
    createdBy: fields.ref('操作人', 'user', { form: false }),
    createdAt: fields.datetime('兑换时间', { form: false, filter: 'range', sortable: true }),
  },
});

/** 运单导入记录: each upload of tracking numbers, and what became of each of its rows. */
export const expressExchangeImports = importBatchResources({
  of: 'expressExchange',
  page,
  endpoint: '/api/express-exchange-imports',
  title: '运单导入记录',
  operations: [],
});

export const expressGoodsScreens = {
  expressGoods: defineScreen(expressGoodsResource, {
    route: page,
    key: ['pointsPrice', 'stock', 'status'],
    actions: ['putOn', 'takeOff', 'exchange'],
  }),
  exchanges: defineScreen(expressExchangeResource, {
    route: page,
    embedded: { name: 'expressExchanges', title: '兑换订单', export: true },
    key: ['driverId', 'status', 'quantity'],
    actions: ['fillAddress', 'ship', 'deliver', 'cancel'],
  }),
  importBatches: defineScreen(expressExchangeImports.batches, {
    route: page,
    embedded: { name: 'expressExchangeImports', title: '运单导入记录' },
  }),
  importRows: defineScreen(expressExchangeImports.rows, {
    route: page,
    embedded: { name: 'expressExchangeImportRows', title: '每行结果' },
    key: ['rowNumber', 'outcome'],
  }),
};
