import { expressExchangeResource, expressGoodsResource, expressGoodsScreens } from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';

/** 兑换订单: listed on 商品详情, where 导入 takes a file of tracking numbers and 导出 gives the courier the addresses. */
const exchangeFamily = defineFamily({
  resource: expressExchangeResource,
  screens: { expressExchanges: expressGoodsScreens.exchanges },
  groups: [
    {
      title: '兑换',
      fields: ['exchangeNo', 'goodsName', 'goodsCover', 'driverId', 'quantity', 'unitPoints', 'points'],
    },
    { title: '收货', fields: ['consignee', 'phone', 'address'] },
    { title: '快递', fields: ['status', 'carrier', 'trackingNo', 'shippedAt'] },
    { title: '记录', fields: ['channel', 'createdBy', 'createdAt', 'remark', 'cancelReason'] },
  ],
});

/** 快递商品 with 新增商品, 编辑商品 and 商品详情 (its exchanges below the fields). */
const goodsFamily = defineFamily({
  resource: expressGoodsResource,
  screens: { expressGoods: expressGoodsScreens.expressGoods },
  routes: { add: 'expressAdd', edit: 'expressEdit', detail: 'expressDetails' },
  groups: [
    { title: '商品信息', fields: ['name', 'category', 'cover', 'gallery', 'brief', 'sort'] },
    { title: '兑换规则', fields: ['pointsPrice', 'cashPrice', 'stock', 'limitPerDriver'] },
    { title: '图文详情', fields: ['detail'] },
    { title: '状态', fields: ['status', 'exchanged', 'createdAt'] },
  ],
  related: () => [{ family: exchangeFamily, screen: 'expressExchanges', via: 'goodsId' }],
});

export const { families, keys, page, prefetch } = familyModule([goodsFamily, exchangeFamily]);
