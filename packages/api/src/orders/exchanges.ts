import {
  approvalBusinessTypes,
  exchangeOrderResource,
  exchangeOrderScreens,
  exchangeStates,
  leaseDeliveryStates,
} from '@cp/contracts';
import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { approvalBusiness } from '../approvals/business';
import { startApproval } from '../approvals/engine';
import { onApprovalOutcome } from '../approvals/outcomes';
import { businessNow, businessToday } from '../clock';
import { writtenBy } from '../db/columns';
import { drivers } from '../drivers/tables';
import { refreshBills } from '../finance/bill-money';
import { businessError } from '../http/errors';
import { type ActionImpl, defineServerResource, type Row, type WriteContext } from '../resource/family';
import { takeAction } from '../resource/lifecycle';
import { vehicleFamily } from '../vehicles/family';
import { returnFamily } from '../vehicles/record-families';
import { creditCheck } from './credit';
import { refuseIneligibleCar, termsOf } from './eligibility';
import { serialNumber } from './numbers';
import { cityOfOrder, exchangeOrders, leaseOrders, orderReceivables } from './tables';

/** Receivable kind 换车结算款: what an exchange's handover charges for the old car. */
const exchangeSettlementKind = 12;

/** The car asked for: one the order may have in its place (`eligibility.ts`), refused with why otherwise. */
const checkedNewVehicle = (ctx: WriteContext, order: Row, vehicleId: number) =>
  refuseIneligibleCar(ctx, termsOf(order), vehicleId, 'exchange', '新车辆');

/** Refuses a second exchange of an order while one is under way (审批中 or 待交接). */
async function refuseOpenExchange(ctx: WriteContext, orderId: number, except?: number) {
  const [open] = await ctx.tx
    .select({ no: exchangeOrders.exchangeNo })
    .from(exchangeOrders)
    .where(
      and(
        eq(exchangeOrders.tenantId, ctx.auth.tenantId),
        eq(exchangeOrders.orderId, orderId),
        inArray(exchangeOrders.status, [exchangeStates.inApproval, exchangeStates.approved]),
        ...(except ? [ne(exchangeOrders.id, except)] : []),
      ),
    );
  if (open) throw businessError(`该订单已有进行中的换车单 ${open.no}`);
}

async function submitExchange(ctx: WriteContext, exchange: { id: number; exchangeNo: string; driverId: number }) {
  const [driver] = await ctx.tx.select({ name: drivers.name }).from(drivers).where(eq(drivers.id, exchange.driverId));
  await startApproval(ctx, {
    businessType: approvalBusinessTypes.exchange,
    businessId: exchange.id,
    title: `换车 ${exchange.exchangeNo} ${driver?.name ?? ''}`.trim(),
  });
}

/**
 * 换车 on a lease order whose car is with the driver: a 换车订单 asking for another car in stock, sent to
 * approval (换车审批) in the same transaction; one exchange of an order at a time.
 */
export const exchangeAction: ActionImpl = {
  async run(ctx, order, body) {
    await refuseOpenExchange(ctx, Number(order.id));
    await checkedNewVehicle(ctx, order, Number(body.newVehicleId));
    const exchangeNo = await serialNumber(ctx, 'HC', 'exchange_order_no_seq', 6);
    const [exchange] = await ctx.tx
      .insert(exchangeOrders)
      .values({
        exchangeNo,
        orderId: Number(order.id),
        orderNo: String(order.orderNo),
        driverId: Number(order.driverId),
        oldVehicleId: Number(order.vehicleId),
        newVehicleId: Number(body.newVehicleId),
        reason: String(body.reason),
        rentDifference: Number(body.rentDifference ?? 0),
        remark: (body.remark as string | undefined) ?? null,
        ...writtenBy(ctx.auth),
      })
      .returning();
    if (!exchange) throw new Error('exchange insert returned no row');
    await submitExchange(ctx, exchange);
    await creditCheck(ctx, 'exchange', order, exchange.id);
    return { exchangeId: String(exchange.id), exchangeNo };
  },
};

/**
 * 换车订单: 重新提交 after 驳回 (changed as asked), and 换车交接 once approved — the old car's return accepted,
 * the new one handed to the driver, the order's car and rent changed from the next period on, in one
 * transaction.
 */
export const exchangeOrderFamily = defineServerResource({
  resource: exchangeOrderResource,
  table: exchangeOrders,
  screens: Object.values(exchangeOrderScreens),
  expose: ['orderId'],
  actions: {
    resubmit: {
      async run(ctx, exchange, body) {
        const [order] = await ctx.tx
          .select()
          .from(leaseOrders)
          .where(and(eq(leaseOrders.id, Number(exchange.orderId)), eq(leaseOrders.tenantId, ctx.auth.tenantId)));
        if (order?.deliveryState !== leaseDeliveryStates.delivered) throw businessError('订单已不在履约中，不能换车');
        await refuseOpenExchange(ctx, order.id, Number(exchange.id));
        await checkedNewVehicle(ctx, order, Number(body.newVehicleId));
        await submitExchange(ctx, {
          id: Number(exchange.id),
          exchangeNo: String(exchange.exchangeNo),
          driverId: Number(exchange.driverId),
        });
        await creditCheck(ctx, 'exchange', order, Number(exchange.id));
        return null;
      },
      patch: (body) => ({
        newVehicleId: Number(body.newVehicleId),
        reason: body.reason,
        rentDifference: Number(body.rentDifference ?? 0),
        remark: body.remark ?? null,
      }),
    },
    // 取消换车 of one stuck in 待交接: nothing was handed over; the new car it held is free again.
    cancel: { patch: (body) => ({ cancelReason: body.reason }) },
    handover: {
      async run(ctx, exchange, body) {
        const [order] = await ctx.tx
          .select()
          .from(leaseOrders)
          .where(and(eq(leaseOrders.id, Number(exchange.orderId)), eq(leaseOrders.tenantId, ctx.auth.tenantId)))
          .for('update');
        if (order?.deliveryState !== leaseDeliveryStates.delivered) throw businessError('订单已不在履约中，不能换车');
        // Still free to hand over: not taken back into another order since it was asked for.
        await checkedNewVehicle(ctx, order, Number(exchange.newVehicleId));
        await creditCheck(ctx, 'exchangeHandover', order);
        const note = `换车单 ${String(exchange.exchangeNo)}`;
        const asked = await takeAction(
          ctx.db,
          vehicleFamily,
          ctx.request,
          Number(exchange.oldVehicleId),
          'requestReturn',
          { orderId: String(order.id), remark: `${note} 换回` },
          ctx,
        );
        const returnId = Number((asked as { returnId?: string } | null)?.returnId);
        await takeAction(
          ctx.db,
          returnFamily,
          ctx.request,
          returnId,
          'accept',
          {
            orderId: String(order.id),
            mileage: body.oldMileage,
            energyLevel: body.oldEnergyLevel,
            damage: body.oldDamage,
            photos: [],
            remark: note,
          },
          ctx,
        );
        await takeAction(
          ctx.db,
          vehicleFamily,
          ctx.request,
          Number(exchange.newVehicleId),
          'deliver',
          {
            orderId: String(order.id),
            driverId: String(exchange.driverId),
            mileage: body.newMileage,
            energyLevel: body.newEnergyLevel,
            checklist: [],
            photos: [],
            remark: body.remark ?? `${note} 换出`,
          },
          ctx,
        );
        const difference = Number(exchange.rentDifference);
        await ctx.tx
          .update(leaseOrders)
          .set({
            vehicleId: Number(exchange.newVehicleId),
            rent: sql`greatest(${leaseOrders.rent} + ${difference}, 0)`,
            updatedAt: businessNow(),
            updatedBy: ctx.auth.userId,
          })
          .where(eq(leaseOrders.id, order.id));
        const changed: { billId: number | null }[] = [];
        if (difference !== 0) {
          // The periods not yet due and not paid take the new rent.
          changed.push(
            ...(await ctx.tx
              .update(orderReceivables)
              .set({ amount: sql`greatest(${orderReceivables.amount} + ${difference}, 0)`, updatedAt: businessNow() })
              .where(
                and(
                  eq(orderReceivables.orderId, order.id),
                  eq(orderReceivables.kind, 1),
                  gte(orderReceivables.dueDate, businessToday()),
                  eq(orderReceivables.received, 0),
                  eq(orderReceivables.relieved, 0),
                  eq(orderReceivables.status, 0),
                ),
              )
              .returning({ billId: orderReceivables.billId })),
          );
        }
        // 换车结算款: the old car's damage, owed by the driver from the handover day (the order runs on).
        const damageFee = Number(body.oldDamageFee ?? 0);
        if (damageFee > 0) {
          const today = businessToday();
          await ctx.tx.insert(orderReceivables).values({
            orderId: order.id,
            driverId: order.driverId,
            cityId: cityOfOrder(order.id),
            kind: exchangeSettlementKind,
            period: sql`(select coalesce(max(${orderReceivables.period}), 0) + 1 from ${orderReceivables}
              where ${orderReceivables.orderId} = ${order.id} and ${orderReceivables.kind} = ${exchangeSettlementKind})`,
            periodStart: today,
            periodEnd: today,
            dueDate: today,
            amount: damageFee,
            note: `${note} 原车车损${body.oldDamage ? `：${String(body.oldDamage)}` : ''}`,
            ...writtenBy(ctx.auth),
          });
        }
        await refreshBills(ctx.tx, ctx.auth.tenantId, [
          ...new Set(changed.flatMap((row) => (row.billId ? [row.billId] : []))),
        ]);
        return { returnId: String(returnId) };
      },
      patch: (_body, _exchange, _ctx, result) => ({
        handedOverAt: businessNow(),
        returnId: Number((result as { returnId: string }).returnId),
      }),
    },
  },
});

approvalBusiness(approvalBusinessTypes.exchange, exchangeOrderFamily);

/** An exchange's approval: 通过 → 待交接; 驳回 or 撤回 → 已驳回, to be changed and resubmitted. */
onApprovalOutcome(approvalBusinessTypes.exchange, async ({ tx, tenantId, businessId, outcome, userId }) => {
  await tx
    .update(exchangeOrders)
    .set({
      status: outcome === 'approved' ? exchangeStates.approved : exchangeStates.rejected,
      updatedAt: businessNow(),
      updatedBy: userId,
      version: sql`${exchangeOrders.version} + 1`,
    })
    .where(
      and(
        eq(exchangeOrders.id, businessId),
        eq(exchangeOrders.tenantId, tenantId),
        eq(exchangeOrders.status, exchangeStates.inApproval),
      ),
    );
});
