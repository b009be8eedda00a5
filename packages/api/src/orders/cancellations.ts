import { leaseDeliveryStates, leaseOrderStates } from '@cp/contracts';
import { and, eq } from 'drizzle-orm';
import { businessNow } from '../clock';
import { businessError } from '../http/errors';
import type { ActionImpl } from '../resource/family';
import { takeAction } from '../resource/lifecycle';
import { onReturnCancelled, returnFamily } from '../vehicles/record-families';
import { leaseOrders, returnSettlements } from './tables';

/**
 * A return cancelled before its settlement (取消还车 of the return record, or 取消退租 of the order): the order
 * being returned by it is in force again with its car handed over (已交车), in the return's transaction.
 * Refused once the order has a settlement (核算单); a return accepted (还车验收) is not cancelled at all.
 */
onReturnCancelled(async (ctx, record) => {
  const [order] = await ctx.tx
    .select({
      id: leaseOrders.id,
      orderNo: leaseOrders.orderNo,
      status: leaseOrders.status,
      deliveryState: leaseOrders.deliveryState,
    })
    .from(leaseOrders)
    .where(and(eq(leaseOrders.tenantId, ctx.auth.tenantId), eq(leaseOrders.returnId, Number(record.id))))
    .for('update');
  if (!order) return;
  const [sheet] = await ctx.tx
    .select({ no: returnSettlements.settlementNo })
    .from(returnSettlements)
    .where(and(eq(returnSettlements.tenantId, ctx.auth.tenantId), eq(returnSettlements.orderId, order.id)))
    .limit(1);
  if (sheet) throw businessError(`订单 ${order.orderNo} 已有核算单 ${sheet.no}，不能取消退车`);
  if (order.status !== leaseOrderStates.performing || order.deliveryState !== leaseDeliveryStates.returning) {
    throw businessError(`订单 ${order.orderNo} 不在退租中，不能取消退车`);
  }
  await ctx.tx
    .update(leaseOrders)
    .set({
      deliveryState: leaseDeliveryStates.delivered,
      returnId: null,
      updatedAt: businessNow(),
      updatedBy: ctx.auth.userId,
    })
    .where(eq(leaseOrders.id, order.id));
});

/**
 * 取消退租 of an order whose car is on its way back: its return record's own 取消还车, in this transaction (which
 * puts the car back with the driver and the order in force).
 */
export const cancelReturnAction: ActionImpl = {
  async run(ctx, order, body) {
    if (!order.returnId) throw businessError('订单没有待验收的还车记录，不能取消退租');
    await takeAction(ctx.db, returnFamily, ctx.request, Number(order.returnId), 'cancel', { reason: body.reason }, ctx);
    return null;
  },
  patch: () => ({ deliveryState: leaseDeliveryStates.delivered, returnId: null }),
};
