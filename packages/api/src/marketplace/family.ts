import {
  marketplaceOrderResource,
  marketplaceOrderScreens,
  marketplaceProductResource,
  marketplaceProductScreens,
  marketplaceTagResource,
  marketplaceTagScreens,
  type OrderLine,
} from '@cp/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { businessNow } from '../clock';
import { businessError } from '../http/errors';
import { defineServerResource } from '../resource/family';
import { autoReceiveAfter, cancelOrder, everOrdered, goesByCourier, placeOrder } from './orders';
import {
  marketplaceOrderLines,
  marketplaceOrders,
  marketplaceProductCouponTags,
  marketplaceProducts,
  marketplaceProductTags,
  marketplaceTags,
} from './tables';

/** 商品标签: the kit's plain family; a tag on a product is 停用, never deleted. */
const tagFamily = defineServerResource({
  resource: marketplaceTagResource,
  table: marketplaceTags,
  screens: marketplaceTagScreens,
  async beforeRemove(tag, ctx) {
    const [used] = await ctx.tx
      .select({ n: count() })
      .from(marketplaceProductTags)
      .where(
        and(eq(marketplaceProductTags.tenantId, ctx.auth.tenantId), eq(marketplaceProductTags.tagId, Number(tag.id))),
      );
    if (used && used.n > 0) throw businessError(`标签「${tag.name}」已被${used.n}件商品使用，不能删除，请停用`);
  },
});

/** The product's id inside a correlated subquery: drizzle writes a column of the selected table unqualified. */
const productIdColumn = sql.raw('"marketplace_products"."id"');

/** 商城商品: 上架 / 下架; a product any order names is never deleted (下架 instead). */
const productFamily = defineServerResource({
  resource: marketplaceProductResource,
  table: marketplaceProducts,
  screens: marketplaceProductScreens,
  links: {
    tagIds: {
      table: marketplaceProductTags,
      own: marketplaceProductTags.ownId,
      other: marketplaceProductTags.tagId,
      values: (ctx) => ({ tenantId: ctx.auth.tenantId }),
    },
    couponTagIds: {
      table: marketplaceProductCouponTags,
      own: marketplaceProductCouponTags.ownId,
      other: marketplaceProductCouponTags.tagId,
      values: (ctx) => ({ tenantId: ctx.auth.tenantId }),
    },
  },
  computed: {
    sold: sql<number>`(select coalesce(sum(l.quantity), 0)::int from marketplace_order_lines l
      join marketplace_orders o on o.id = l.order_id
      where l.product_id = ${productIdColumn} and o.status in (10, 20, 30))`,
  },
  async beforeRemove(product, ctx) {
    if (await everOrdered(ctx.tx, ctx.auth.tenantId, Number(product.id))) {
      throw businessError(`「${product.name}」已有订单，不能删除，请改为下架`);
    }
  },
});

/** The order's id inside a correlated subquery. */
const orderIdColumn = sql.raw('"marketplace_orders"."id"');

const lines = sql<OrderLine[]>`(
  select coalesce(json_agg(json_build_object(
    'productId', l.product_id::text, 'productName', l.product_name, 'image', l.image,
    'unitPrice', l.unit_price, 'quantity', l.quantity, 'amount', l.amount
  ) order by l.position), '[]'::json)
  from ${marketplaceOrderLines} l where l.order_id = ${orderIdColumn})`;

/**
 * 商城订单: 新增商城订单 places a staff order for a driver (paid offline, the operator recorded) through the same
 * stock-taking as the app's; 发货 and 取消订单 are the console's actions, the rest the app's and the timers'.
 */
const orderFamily = defineServerResource({
  resource: marketplaceOrderResource,
  table: marketplaceOrders,
  screens: marketplaceOrderScreens,
  computed: { lines },
  async insert(values, ctx) {
    const made = await placeOrder(ctx.tx, ctx.auth, {
      driverId: Number(values.driverId),
      lines: (values.lines ?? []).map((line) => ({ productId: String(line.productId), quantity: line.quantity })),
      channel: 2,
      consignee: values.consignee,
      phone: values.phone,
      address: values.address,
      remark: values.remark,
    });
    return made.id;
  },
  actions: {
    ship: {
      async run(ctx, order, body) {
        if ((await goesByCourier(ctx.tx, ctx.auth.tenantId, Number(order.id))) && !(body.carrier && body.trackingNo)) {
          throw businessError('订单含快递商品，请选择快递公司并填写运单号');
        }
        return null;
      },
      patch: (body) => {
        const now = businessNow();
        return {
          carrier: body.carrier ?? null,
          trackingNo: body.trackingNo ?? null,
          shippedAt: now,
          autoReceiveAt: autoReceiveAfter(now),
        };
      },
    },
    cancel: {
      run: (ctx, order) =>
        cancelOrder(ctx.tx, ctx.auth, {
          id: Number(order.id),
          orderNo: String(order.orderNo),
          status: Number(order.status),
          amount: Number(order.amount),
          discount: Number(order.discount ?? 0),
          payMethod: order.payMethod == null ? null : Number(order.payMethod),
        }),
      patch: (body) => ({ cancelReason: body.reason }),
    },
  },
});

export const marketplaceFamilies = [tagFamily, productFamily, orderFamily];
