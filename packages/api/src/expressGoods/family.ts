import {
  expressExchangeImports,
  expressExchangeResource,
  expressGoodsResource,
  expressGoodsScreens,
  type Resource,
} from '@cp/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { businessNow } from '../clock';
import { ApiError, businessError } from '../http/errors';
import { defineServerResource, type ImportRowVerdict } from '../resource/family';
import { importBatchFamilies } from '../resource/import-batch-families';
import { takeAction } from '../resource/lifecycle';
import { cancelExchange, exchangeGoods } from './exchange';
import { expressExchanges, expressGoods } from './tables';

const screensOf = (resource: Resource) => Object.values(expressGoodsScreens).filter((s) => s.resource === resource);

/** The goods' id inside a correlated subquery: drizzle writes a column of the selected table unqualified. */
const goodsIdColumn = sql.raw('"express_goods"."id"');

/** 快递商品: 上架 / 下架, 兑换 for a driver; goods anyone has exchanged are never deleted (下架 instead). */
const goodsFamily = defineServerResource({
  resource: expressGoodsResource,
  table: expressGoods,
  screens: screensOf(expressGoodsResource),
  computed: {
    exchanged: sql<number>`(select coalesce(sum(e.quantity), 0)::int from ${expressExchanges} e where e.goods_id = ${goodsIdColumn} and e.status <> 4)`,
  },
  async beforeRemove(goods, ctx) {
    const [used] = await ctx.tx
      .select({ id: expressExchanges.id })
      .from(expressExchanges)
      .where(and(eq(expressExchanges.tenantId, ctx.auth.tenantId), eq(expressExchanges.goodsId, Number(goods.id))))
      .limit(1);
    if (used) throw businessError(`「${goods.name}」已有兑换订单，不能删除，请改为下架`);
  },
  actions: {
    exchange: {
      run: (ctx, goods, body) =>
        exchangeGoods(ctx.tx, ctx.auth, {
          goodsId: Number(goods.id),
          driverId: Number(body.driverId),
          quantity: body.quantity,
          channel: 1,
          remark: body.remark,
        }),
    },
  },
});

/** The exchanges whose numbers a chunk of the import names, by number. */
async function exchangesNamed(tx: Parameters<typeof exchangeGoods>[0], tenantId: number, numbers: string[]) {
  const rows = await tx
    .select({ id: expressExchanges.id, exchangeNo: expressExchanges.exchangeNo })
    .from(expressExchanges)
    .where(and(eq(expressExchanges.tenantId, tenantId), inArray(expressExchanges.exchangeNo, numbers)));
  return new Map(rows.map((row) => [row.exchangeNo, row.id]));
}

/**
 * 兑换订单: the courier flow, each step the lifecycle's; 取消兑换 gives back stock and points. The import of
 * tracking numbers takes 填写运单 on each row's exchange, so a row whose exchange is not 发货中 is refused in the
 * lifecycle's words and the other rows are applied.
 */
const exchangeFamily = defineServerResource({
  resource: expressExchangeResource,
  table: expressExchanges,
  screens: screensOf(expressExchangeResource),
  actions: {
    fillAddress: { patch: (body) => ({ consignee: body.consignee, phone: body.phone, address: body.address }) },
    deliver: { patch: (body) => ({ carrier: body.carrier, trackingNo: body.trackingNo, shippedAt: businessNow() }) },
    cancel: {
      run: (ctx, exchange, body) =>
        cancelExchange(
          ctx.tx,
          ctx.auth,
          { id: Number(exchange.id), goodsId: Number(exchange.goodsId), quantity: Number(exchange.quantity) },
          body.reason,
        ),
      patch: (body) => ({ cancelReason: body.reason }),
    },
  },
  async importRows(rows, ctx) {
    const named = await exchangesNamed(
      ctx.tx,
      ctx.auth.tenantId,
      rows.map(({ values }) => String(values.exchangeNo)),
    );
    const verdicts: ImportRowVerdict[] = [];
    for (const { values } of rows) {
      const id = named.get(String(values.exchangeNo));
      if (id === undefined) {
        verdicts.push({ refused: `兑换单号「${String(values.exchangeNo)}」不存在` });
        continue;
      }
      // Both are empty until shipped, so the template cannot mark them required: each row must give them.
      const missing = [values.carrier == null && '快递公司', !values.trackingNo && '运单号'].filter(Boolean);
      if (missing.length > 0) {
        verdicts.push({ refused: `${missing.join('、')}不能为空` });
        continue;
      }
      const body = { carrier: values.carrier, trackingNo: values.trackingNo };
      try {
        await takeAction(ctx.db, exchangeFamily, ctx.request, id, 'deliver', body, ctx);
        verdicts.push({ saved: id, note: '已发货' });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        verdicts.push({ refused: `${String(values.exchangeNo)}：${error.message}` });
      }
    }
    return verdicts;
  },
});

const importFamilies = importBatchFamilies('expressExchange', expressExchangeImports, {
  batches: expressGoodsScreens.importBatches,
  rows: expressGoodsScreens.importRows,
});

export const expressFamilies = [goodsFamily, exchangeFamily, importFamilies.batches, importFamilies.rows];
