import { defineEnum } from '../enums';

/** Enumerations of 快递商品; values are stored, labels shown. */
export const expressEnums = {
  /** On sale (上架) or not (下架): only goods on sale are exchanged; a new item starts 下架 until it is checked. */
  goodsStatus: defineEnum(
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
    [4, '数码配件'],
    [5, '生活用品'],
  ]),
  /** The courier flow of an exchange; 已取消 returns its points and stock, and only before 发货中. */
  exchangeStatus: defineEnum(
    '快递状态',
    [
      [0, '未填写地址'],
      [1, '已填写地址'],
      [2, '发货中'],
      [3, '已发货'],
      [4, '已取消'],
    ],
    { status: true },
  ),
  /** Who exchanged: staff for a driver in the console (后台代兑), or the driver in the app. */
  channel: defineEnum('兑换渠道', [
    [1, '后台代兑'],
    [2, 'APP'],
  ]),
  carrier: defineEnum('快递公司', [
    [1, '顺丰速运'],
    [2, '中通快递'],
    [3, '圆通速递'],
    [4, '韵达快递'],
    [5, '申通快递'],
    [6, '京东物流'],
    [7, '中国邮政EMS'],
  ]),
};

/** The exchange states by name, for the code that moves them. */
export const expressExchangeStates = { noAddress: 0, addressed: 1, shipping: 2, shipped: 3, cancelled: 4 } as const;
