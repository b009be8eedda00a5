import { check } from '../resource/checks';
import { fields } from '../resource/fields';
import { defineLifecycle } from '../resource/lifecycle';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';
import { marketplaceEnums } from './enums';

const page = 'marketplaceProducts';
const images = ['jpg', 'jpeg', 'png', 'webp'];

const marketplaceProductLifecycle = defineLifecycle({
  field: 'status',
  states: marketplaceEnums.productStatus,
  // A product on sale may be in a cart; one ever ordered is refused by the server as well (下架 instead).
  removable: [0],
  transitions: [
    {
      action: 'putOn',
      from: [0],
      to: 1,
      button: 'marketplaceProducts:listing',
      title: '上架',
      confirm: '上架后司机即可在APP下单，确定上架吗？',
    },
    {
      action: 'takeOff',
      from: [1],
      to: 0,
      button: 'marketplaceProducts:listing',
      title: '下架',
      confirm: '下架后不能再下单，已下的订单照常履约。确定下架吗？',
    },
  ],
});

/**
 * 商城商品: sold to drivers for cash in the app (or by staff, 后台下单). 售价 is what one piece costs (fen);
 * 划线价 is shown struck through and may not be below it; 库存 goes down by each order only where it suffices and
 * back when the order is closed or cancelled; 每人限购 counts a driver's pieces in orders not closed or
 * cancelled, 0 = 不限. The first picture is the cover an order line keeps.
 */
export const marketplaceProductResource = defineResource({
  key: 'marketplaceProduct',
  title: '商城商品',
  page,
  endpoint: '/api/marketplace-products',
  identity: 'name',
  lifecycle: marketplaceProductLifecycle,
  defaultSort: { field: 'sort', order: 'asc' },
  fields: {
    name: fields.text('商品名称', { required: true, max: 40, filter: 'like', unique: true }),
    category: fields.enumOf(marketplaceEnums.category, { required: true, filter: 'eq' }),
    images: fields.files('商品图片', {
      required: true,
      max: 9,
      accept: images,
      maxSizeMb: 5,
      list: true,
      hint: '第一张为封面',
    }),
    tagIds: fields.refs('商品标签', 'marketplaceTag', { max: 5, list: true }),
    couponTagIds: fields.refs('适用优惠券标签', 'couponTag', {
      max: 10,
      list: false,
      hint: '适用商品标签含其中之一的优惠券可用于该商品',
    }),
    price: fields.money('售价', { required: true, positive: true, sortable: true }),
    listPrice: fields.money('划线价', { list: false, hint: '原价，APP上划线展示，不填则不展示' }),
    stock: fields.integer('库存', { required: true, max: 1_000_000, sortable: true }),
    sold: fields.integer('已售', { form: false }),
    limitPerDriver: fields.integer('每人限购', { max: 100, list: false, hint: '每位司机最多购买几件，0或不填为不限' }),
    deliveryKind: fields.enumOf(marketplaceEnums.deliveryKind, { required: true, filter: 'eq' }),
    status: fields.enumOf(marketplaceEnums.productStatus, { form: false, filter: 'eq' }),
    sort: fields.integer('排序', { max: 9_999, sortable: true, hint: '数字越小越靠前，不填为0' }),
    detail: fields.richText('商品详情', { max: 20_000 }),
    createdAt: fields.datetime('创建时间', { form: false, sortable: true }),
  },
  checks: [check.notBelow('listPrice', 'price', '不能低于售价')],
});

export const marketplaceProductScreens = {
  marketplaceProducts: defineScreen(marketplaceProductResource, {
    route: page,
    key: ['price', 'stock', 'status'],
    actions: ['putOn', 'takeOff'],
  }),
};
