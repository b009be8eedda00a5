import { defineEnum } from '../enums';

/** Enumerations of 商城管理; values are stored, labels shown. */
export const marketplaceEnums = {
  /** A product is sold only 上架; a new one starts 下架 until it is checked. */
  productStatus: defineEnum(
    '上架状态',
    [
      [0, '下架'],
      [1, '上架'],
    ],
    { status: true },
  ),
  category: defineEnum('商品分类', [
    [1, '车载用品'],
    [2, '汽车养护'],
    [3, '洗车美容'],
    [4, '服务套餐'],
    [5, '生活用品'],
  ]),
  deliveryKind: defineEnum('配送方式', [
    [1, '快递'],
    [2, '到店自提'],
    [3, '虚拟'],
  ]),
  /** yudao's order states, with 已关闭 (unpaid past the timer) apart from 已取消 (staff, before shipping). */
  orderStatus: defineEnum(
    '订单状态',
    [
      [0, '待支付'],
      [10, '待发货'],
      [20, '已发货'],
      [30, '已完成'],
      [40, '已关闭'],
      [50, '已取消'],
    ],
    { status: true },
  ),
  channel: defineEnum('下单渠道', [
    [1, 'APP'],
    [2, '后台下单'],
  ]),
  payMethod: defineEnum('支付方式', [
    [1, '微信支付'],
    [2, '支付宝'],
    [3, '线下收款'],
  ]),
  receiveWay: defineEnum('收货方式', [
    [1, '司机确认'],
    [2, '自动收货'],
  ]),
  carrier: defineEnum('快递公司', [
    [1, '顺丰速运'],
    [2, '中通快递'],
    [3, '圆通速递'],
    [4, '韵达快递'],
    [5, '京东物流'],
    [6, '中国邮政EMS'],
  ]),
};

/** The order states by name, for the code that moves them. */
export const marketplaceOrderStates = {
  unpaid: 0,
  paid: 10,
  shipped: 20,
  received: 30,
  closed: 40,
  cancelled: 50,
} as const;

/**
 * The timers of an order (DOMAIN-2 §2, litemall's defaults): an unpaid order closes after 30 minutes, a
 * shipped one is received automatically 7 days after shipping. Each order keeps its own deadline as set then.
 */
export const marketplaceTimers = { unpaidCloseMinutes: 30, autoReceiveDays: 7 } as const;
