import { z } from 'zod';
import { enumInput } from '../resource/fields';
import { idText, text } from '../values';
import { marketplaceEnums } from './enums';
import { maxOrderLines, orderLine, orderLineInput } from './orders';

/** 商城 as the drivers' app reads it: products on sale, with their tags. */
export const appMarketplaceProduct = z
  .object({
    id: text(),
    name: text(),
    category: z.number().int(),
    images: z.array(text()),
    tags: z.array(z.object({ id: text(), name: text(), color: text().nullable() })),
    price: z.number().int(),
    listPrice: z.number().int().nullable(),
    stock: z.number().int(),
    limitPerDriver: z.number().int(),
    deliveryKind: z.number().int(),
    detail: text().nullable(),
  })
  .meta({ id: 'AppMarketplaceProduct' });

export const appMarketplaceProductsQuery = z.strictObject({
  tagId: idText.optional().meta({ title: '商品标签' }),
});

/** 下单 in the app: the lines and, for goods sent by courier, where to. */
export const appPlaceOrderBody = z.strictObject({
  lines: z
    .array(orderLineInput)
    .min(1, '至少选择一件商品')
    .max(maxOrderLines, `最多${maxOrderLines}种商品`)
    .meta({ title: '商品明细' }),
  consignee: text().trim().min(1, '不能为空').max(30).optional().meta({ title: '收货人' }),
  phone: text()
    .trim()
    .regex(/^1\d{10}$/, '应为11位手机号')
    .optional()
    .meta({ title: '联系电话' }),
  address: text().trim().min(5, '请填写完整地址（省市区、街道门牌）').max(200).optional().meta({ title: '收货地址' }),
  remark: text().trim().max(200).optional().meta({ title: '备注' }),
});

/** 支付结果: what the payment provider told the app; sent again with the same transaction it changes nothing. */
export const appPayBody = z.strictObject({
  method: enumInput(marketplaceEnums.payMethod).refine((value) => value !== 3, '应为微信支付或支付宝'),
  amount: z.number().int('应为整数（分）').min(1, '应大于0').max(100_000_000_000).meta({ title: '支付金额' }),
  transactionNo: text()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '应为8到64位字母、数字、“_”或“-”')
    .meta({ title: '支付流水号' }),
});

export const appOrderNoParams = z.strictObject({
  orderNo: text()
    .regex(/^SC\d{8,12}$/, '格式不正确')
    .meta({ title: '订单编号' }),
});

export const appMarketplaceOrder = z
  .object({
    orderNo: text(),
    status: z.number().int(),
    statusName: text(),
    amount: z.number().int(),
    discount: z.number().int().meta({ title: '优惠券抵扣', description: '分' }),
    payable: z.number().int().meta({ title: '应付金额', description: '分：订单金额减优惠券抵扣' }),
    lines: z.array(orderLine),
    payDeadline: text().nullable(),
    paidAt: text().nullable(),
    carrier: z.number().int().nullable(),
    trackingNo: text().nullable(),
    shippedAt: text().nullable(),
    autoReceiveAt: text().nullable(),
    receivedAt: text().nullable(),
    createdAt: text(),
  })
  .meta({ id: 'AppMarketplaceOrder' });
