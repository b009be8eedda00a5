import { expressExchangeStates } from '@cp/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db';
import { writtenBy } from '../db/columns';
import { businessError, notFound } from '../http/errors';
import { reversePoints, spendPoints } from '../points/ledger';
import { expressExchanges, expressGoods } from './tables';

/** The ledger's business type of an exchange's spend; its business id is the exchange's id. */
const exchangeBizType = 'express-exchange';

/** Who exchanges: the branch company and the staff member (null: the driver in the app). */
export interface Actor {
  tenantId: number;
  userId: number | null;
}

export interface ExchangeOrder {
  goodsId: number;
  driverId: number;
  quantity: number;
  /** 1 后台代兑, 2 APP. */
  channel: number;
  remark?: string | null | undefined;
}

/** The goods, locked: every exchange of one item queues here, so stock and each driver's limit hold. */
async function lockedGoods(tx: Executor, tenantId: number, goodsId: number) {
  const [goods] = await tx
    .select()
    .from(expressGoods)
    .where(and(eq(expressGoods.id, goodsId), eq(expressGoods.tenantId, tenantId)))
    .for('update');
  if (!goods) throw notFound('快递商品');
  return goods;
}

/** Pieces of the item the driver has exchanged and not cancelled. */
async function takenBy(tx: Executor, tenantId: number, goodsId: number, driverId: number) {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${expressExchanges.quantity}), 0)::int` })
    .from(expressExchanges)
    .where(
      and(
        eq(expressExchanges.tenantId, tenantId),
        eq(expressExchanges.goodsId, goodsId),
        eq(expressExchanges.driverId, driverId),
        ne(expressExchanges.status, expressExchangeStates.cancelled),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * 兑换, in the caller's transaction: the item on sale and locked, the driver's limit kept, the stock taken only
 * where it suffices (a conditional update), the exchange written with the item as it is now, then the points
 * spent through the ledger under the driver's account lock (refused when not available) — any refusal undoes
 * it all. Locks the goods before the account, as 取消兑换 does.
 */
export async function exchangeGoods(tx: Executor, actor: Actor, order: ExchangeOrder) {
  const goods = await lockedGoods(tx, actor.tenantId, order.goodsId);
  if (goods.status !== 1) throw businessError(`「${goods.name}」已下架，不能兑换`);
  const limit = goods.limitPerDriver ?? 0;
  if (limit > 0) {
    const taken = await takenBy(tx, actor.tenantId, goods.id, order.driverId);
    if (taken + order.quantity > limit) {
      throw businessError(`超过每人限兑：「${goods.name}」每人限兑${limit}件，该司机已兑换${taken}件`);
    }
  }
  const [left] = await tx
    .update(expressGoods)
    .set({ stock: sql`${expressGoods.stock} - ${order.quantity}`, version: sql`${expressGoods.version} + 1` })
    .where(and(eq(expressGoods.id, goods.id), sql`${expressGoods.stock} >= ${order.quantity}`))
    .returning({ stock: expressGoods.stock });
  if (!left) throw businessError(`库存不足：「${goods.name}」库存${goods.stock}件，需要${order.quantity}件`);
  const points = goods.pointsPrice * order.quantity;
  const [made] = await tx
    .insert(expressExchanges)
    .values({
      ...writtenBy(actor),
      exchangeNo: sql`'DH-' || gen_random_uuid()`,
      goodsId: goods.id,
      goodsName: goods.name,
      goodsCover: goods.cover ?? [],
      driverId: order.driverId,
      quantity: order.quantity,
      unitPoints: goods.pointsPrice,
      points,
      channel: order.channel,
      remark: order.remark ?? null,
    })
    .returning({ id: expressExchanges.id });
  if (!made) throw new Error('exchange not written');
  const exchangeNo = `DH${String(made.id).padStart(8, '0')}`;
  await tx.update(expressExchanges).set({ exchangeNo }).where(eq(expressExchanges.id, made.id));
  await spendPoints(tx, {
    ...actor,
    driverId: order.driverId,
    points,
    bizType: exchangeBizType,
    bizId: String(made.id),
    title: `积分兑换：${goods.name}×${order.quantity}`,
  });
  return { exchangeId: String(made.id), exchangeNo, points, message: `兑换成功：${exchangeNo}，消耗${points}积分` };
}

/**
 * 取消兑换, in the transaction that holds the exchange (not yet 发货中): its pieces back into stock and its points
 * back through the ledger's reversal (a row of its own, keyed by the spend, so never twice).
 */
export async function cancelExchange(
  tx: Executor,
  actor: Actor,
  exchange: { id: number; goodsId: number; quantity: number },
  reason: string,
) {
  await tx
    .update(expressGoods)
    .set({ stock: sql`${expressGoods.stock} + ${exchange.quantity}`, version: sql`${expressGoods.version} + 1` })
    .where(and(eq(expressGoods.id, exchange.goodsId), eq(expressGoods.tenantId, actor.tenantId)));
  await reversePoints(tx, {
    ...actor,
    bizType: exchangeBizType,
    bizId: String(exchange.id),
    reason: `取消兑换：${reason}`,
  });
  return null;
}
