import {
  marketplaceOrderResource,
  marketplaceOrderScreens,
  marketplaceProductResource,
  marketplaceProductScreens,
  marketplaceTagResource,
  marketplaceTagScreens,
} from '@cp/contracts';
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';
import { LinesInput, OrderLinesSection, PaymentsSection } from './OrderLines';

/** 商品标签: the kit's list, drawer form, delete and export. */
const tagFamily = defineFamily({ resource: marketplaceTagResource, screens: marketplaceTagScreens });

/** 商城商品: 新增商品 is its page; 编辑 opens the drawer; 上架 / 下架 on the row. */
const productFamily = defineFamily({
  resource: marketplaceProductResource,
  screens: marketplaceProductScreens,
  routes: { add: 'marketplaceProductsAdd' },
  groups: [
    { title: '商品信息', fields: ['name', 'category', 'images', 'tagIds', 'couponTagIds', 'deliveryKind', 'sort'] },
    { title: '价格与库存', fields: ['price', 'listPrice', 'stock', 'limitPerDriver'] },
    { title: '图文详情', fields: ['detail'] },
    { title: '状态', fields: ['status', 'sold', 'createdAt'] },
  ],
});

/** 商城订单: 新增商城订单 places a staff order for a driver; the detail shows the lines as ordered and the money. */
const orderFamily = defineFamily({
  resource: marketplaceOrderResource,
  screens: marketplaceOrderScreens,
  routes: { add: 'marketplaceOrdersAdd' },
  groups: [
    { title: '订单', fields: ['orderNo', 'driverId', 'lines', 'summary', 'amount', 'status', 'channel', 'remark'] },
    { title: '支付', fields: ['discount', 'couponOrderId', 'payMethod', 'paidAt', 'payDeadline'] },
    { title: '收货', fields: ['consignee', 'phone', 'address'] },
    {
      title: '物流',
      fields: ['carrier', 'trackingNo', 'shippedAt', 'autoReceiveAt', 'receivedAt', 'receiveWay'],
    },
    { title: '记录', fields: ['createdBy', 'createdAt', 'closedAt', 'cancelReason'] },
  ],
  inputs: { lines: LinesInput },
  refLinks: () => ({ couponOrderId: 'couponOrderDetail' }),
  detailSections: [OrderLinesSection, PaymentsSection],
});

export const { families, keys, page, prefetch } = familyModule([tagFamily, productFamily, orderFamily]);
