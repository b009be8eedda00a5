// 续租: a renewal is an order of its own that starts the day its order ends — the same car, no handover — through
// the hourly job (`startDueRenewals`); until then the order it renews may not be extended.
import {
  addDays,
  leaseDeliveryStates,
  leaseEndDate,
  leaseOrderResource,
  leaseOrderStates,
  leaseOrderStatus,
  receivableStates,
} from '@cp/contracts';
import { and, asc, eq, gte, ne, sql } from 'drizzle-orm';
import { auditLog } from '../audit/tables';
import { businessNow, businessToday } from '../clock';
import type { Db } from '../db';
import { writtenBy } from '../db/columns';
import { refreshBills } from '../finance/bill-money';
import { billOrderAtHandover } from '../finance/billing';
import { syncOverdueCases } from '../finance/overdue-cases';
import { businessError } from '../http/errors';
import type { RoutePlugin } from '../http/schemas';
import { defineJobKind } from '../jobs/kinds';
import type { ActionImpl, Row, WriteContext } from '../resource/family';
import { creditCheck } from './credit';
import { carryDeposit } from './deposits';
import { newOrderNo } from './numbers';
import { checkedSchedule, insertSchedule, scheduleInput, type Writer } from './schedule';
import { leaseOrders, orderReceivables } from './tables';

const { cancelled, performing, completed } = leaseOrderStates;

/** The order's history (变更记录) of a change the renewal's start makes, by whoever started it (or the job). */
async function historyOf(by: Writer, orderId: number, changes: Record<string, { from: unknown; to: unknown }>) {
  await by.tx.insert(auditLog).values({
    tenantId: by.auth.tenantId,
    userId: by.auth.userId,
    userName: by.auth.userName ?? '续租生效',
    // Shown under 续租 (the lifecycle's title of the action) in the order's 变更记录.
    action: 'continue',
    entity: leaseOrderResource.key,
    entityId: String(orderId),
    changes,
  });
}

/** The renewal of an order not cancelled (待审批, 审批中, 履约中 or 已完成), if it has one. */
async function renewalOf(ctx: Pick<WriteContext, 'tx' | 'auth'>, orderId: number) {
  const [renewal] = await ctx.tx
    .select({ id: leaseOrders.id, orderNo: leaseOrders.orderNo, status: leaseOrders.status })
    .from(leaseOrders)
    .where(
      and(
        eq(leaseOrders.tenantId, ctx.auth.tenantId),
        eq(leaseOrders.renewedFromId, orderId),
        ne(leaseOrders.status, cancelled),
      ),
    )
    .limit(1);
  return renewal;
}

const renewalTitle = (renewal: { orderNo: string; status: number }) =>
  `续租订单 ${renewal.orderNo}（${leaseOrderStatus.label(renewal.status)}）`;

/** 延期 of an order with a renewal: the months after its end are the renewal's, extending would bill them twice. */
export async function refuseDelayWithRenewal(ctx: Pick<WriteContext, 'tx' | 'auth'>, order: Row) {
  const renewal = await renewalOf(ctx, Number(order.id));
  if (renewal) throw businessError(`该订单已有${renewalTitle(renewal)}，不能延期：续租订单自原订单结束次日起计租`);
}

/**
 * 续租: a new order for the same driver, car and terms from the day after the end, waiting for its approval.
 * One renewal at a time: a second would bill the same months again. The deposit held on the order carries
 * over to the renewal (shown as its 押金; never billed again), moved when the renewal starts.
 */
export const continueAction: ActionImpl = {
  async run(ctx, order, body) {
    const renewal = await renewalOf(ctx, Number(order.id));
    if (renewal) throw businessError(`该订单已有${renewalTitle(renewal)}，不能再次续租`);
    const startDate = addDays(String(order.endDate), 1);
    const termMonths = Number(body.termMonths);
    const [created] = await ctx.tx
      .insert(leaseOrders)
      .values({
        orderNo: await newOrderNo(ctx),
        driverId: Number(order.driverId),
        cityId: Number(order.cityId),
        modelId: Number(order.modelId),
        vehicleId: Number(order.vehicleId),
        rentalMode: Number(order.rentalMode),
        orderType: Number(order.orderType),
        rentReceipt: 0,
        rentTiming: Number(order.rentTiming),
        maintenancePlan: Number(order.maintenancePlan),
        rentSettlement: Number(order.rentSettlement),
        businessItems: (order.businessItems as number[] | null) ?? [],
        startDate,
        termMonths,
        endDate: leaseEndDate(startDate, termMonths),
        rent: Number(body.rent),
        // The deposit carried over: held from the old order, not collected again.
        deposit: Number(order.deposit ?? 0),
        graceDays: Number(order.graceDays),
        lateFeeRate: Number(order.lateFeeRate),
        renewedFromId: Number(order.id),
        remark: `续租自 ${String(order.orderNo)}`,
        ...writtenBy(ctx.auth),
      })
      .returning({ id: leaseOrders.id, orderNo: leaseOrders.orderNo });
    await creditCheck(ctx, 'renew', { ...order, id: created?.id });
    return { renewalId: String(created?.id), renewalNo: created?.orderNo };
  },
  patch: () => ({ extendTenancy: 2 }),
};

/**
 * A renewal starts (its start day has come, the car still with the driver under the old order): the old order
 * is 已完成 — its term is over; its rent periods from the renewal's start on, if any, are cancelled (已作废,
 * with the reason) when nothing was received on or relieved off them — the renewal bills those months; the
 * renewal is 已交车 with the old order's car and writes its schedule.
 */
async function onRenewalStarted(
  by: Writer,
  oldOrder: Row,
  renewal: Row,
  deliveredAt: Date,
): Promise<{ vehicleId: number; deliveredAt: Date }> {
  const { tx, auth } = by;
  await tx
    .update(leaseOrders)
    .set({ status: completed, updatedAt: businessNow(), updatedBy: auth.userId })
    .where(and(eq(leaseOrders.id, Number(oldOrder.id)), eq(leaseOrders.tenantId, auth.tenantId)));
  await historyOf(by, Number(oldOrder.id), { status: { from: performing, to: completed } });
  const voided = await tx
    .update(orderReceivables)
    .set({
      status: receivableStates.void,
      voidReason: `续租订单 ${String(renewal.orderNo)} 自 ${String(renewal.startDate)} 起计租`,
      updatedAt: businessNow(),
      updatedBy: auth.userId,
    })
    .where(
      and(
        eq(orderReceivables.tenantId, auth.tenantId),
        eq(orderReceivables.orderId, Number(oldOrder.id)),
        eq(orderReceivables.kind, 1),
        gte(orderReceivables.periodStart, String(renewal.startDate)),
        ne(orderReceivables.status, receivableStates.void),
        eq(orderReceivables.received, 0),
        eq(orderReceivables.relieved, 0),
      ),
    )
    .returning({ billId: orderReceivables.billId });
  const bills = [...new Set(voided.flatMap((row) => (row.billId === null ? [] : [row.billId])))];
  if (bills.length > 0) await refreshBills(tx, auth.tenantId, bills);
  // A cancelled month that was already overdue leaves the old order's overdue account.
  if (voided.length > 0) await syncOverdueCases(tx, auth.tenantId, [Number(oldOrder.id)]);
  const vehicleId = Number(oldOrder.vehicleId);
  await insertSchedule(by, renewal, checkedSchedule(scheduleInput(renewal)));
  // The deposit held on the old order carries over as held money: not refunded and collected again.
  await carryDeposit(tx, Number(oldOrder.id), Number(renewal.id), auth);
  await billOrderAtHandover(tx, auth.tenantId, Number(renewal.id), businessToday());
  return { vehicleId, deliveredAt };
}

/** The order a renewal renews, locked: it must still have the car with the driver for the renewal to start. */
async function renewedOrder(by: Writer, renewal: Row) {
  const [old] = await by.tx
    .select()
    .from(leaseOrders)
    .where(and(eq(leaseOrders.id, Number(renewal.renewedFromId)), eq(leaseOrders.tenantId, by.auth.tenantId)))
    .for('update');
  return old;
}

/**
 * 填写交车信息 of a renewal: the car stays with the driver — it is the old order's car (another car is an exchange
 * of the old order). On or after the renewal's start it starts at once (the old order ends); before, it only
 * records that the car stays (交车时间), and the renewal starts on its start day (the renewals job), so the old
 * order runs its whole term.
 */
export async function renewalHandover(ctx: WriteContext, renewal: Row, body: Row, today: string) {
  const old = await renewedOrder(ctx, renewal);
  if (!old) throw businessError('原订单不存在');
  if (old.status !== performing || old.deliveryState !== leaseDeliveryStates.delivered) {
    throw businessError(`原订单 ${old.orderNo} 的车辆已不在司机处，续租订单不能交车`);
  }
  if (Number(body.vehicleId) !== old.vehicleId) {
    throw businessError(`交付车辆：续租订单沿用原订单 ${old.orderNo} 的车辆，换车请在原订单办理换车`);
  }
  if (renewal.deliveredAt) {
    throw businessError(`该续租订单已填写交车信息，${String(renewal.startDate)} 原订单到期后自动生效`);
  }
  if (String(renewal.startDate) > today) return { startsOn: String(renewal.startDate), deliveredAt: businessNow() };
  return onRenewalStarted(ctx, old, renewal, businessNow());
}

/** The renewals whose start day has come, each started in a transaction of its own (`orders.renewals`). */
export async function startDueRenewals(db: Db, today: string): Promise<number> {
  const due = await db
    .select({ id: leaseOrders.id, tenantId: leaseOrders.tenantId })
    .from(leaseOrders)
    .where(
      and(
        eq(leaseOrders.status, performing),
        eq(leaseOrders.deliveryState, leaseDeliveryStates.waiting),
        sql`${leaseOrders.renewedFromId} is not null`,
        sql`${leaseOrders.startDate} <= ${today}::date`,
      ),
    )
    .orderBy(asc(leaseOrders.id));
  let started = 0;
  for (const { id, tenantId } of due) {
    started += await db.transaction(async (tx) => {
      const [renewal] = await tx
        .select()
        .from(leaseOrders)
        .where(
          and(
            eq(leaseOrders.id, id),
            eq(leaseOrders.status, performing),
            eq(leaseOrders.deliveryState, leaseDeliveryStates.waiting),
          ),
        )
        .for('update');
      if (!renewal) return 0;
      const by: Writer = { tx, auth: { tenantId, userId: renewal.updatedBy ?? renewal.createdBy } };
      const old = await renewedOrder(by, renewal);
      // The old order's car is coming back (退租 cancels such a renewal) or the order ended: nothing to start. The
      // renewal goes on with the car the old order has now (an exchange of the old order changed it).
      if (!old || old.status !== performing || old.deliveryState !== leaseDeliveryStates.delivered) return 0;
      const started = await onRenewalStarted(by, old, renewal, renewal.deliveredAt ?? businessNow());
      await tx
        .update(leaseOrders)
        .set({
          vehicleId: started.vehicleId,
          deliveryState: leaseDeliveryStates.delivered,
          deliveredAt: started.deliveredAt,
          updatedAt: businessNow(),
          version: renewal.version + 1,
        })
        .where(eq(leaseOrders.id, id));
      await historyOf(by, id, {
        deliveryState: { from: leaseDeliveryStates.waiting, to: leaseDeliveryStates.delivered },
      });
      return 1;
    });
  }
  return started;
}

/** Every hour: the renewals whose first day has come start, and the orders they renew end. */
const renewalsJob = defineJobKind<Record<string, never>>({
  kind: 'orders.renewals',
  everyMs: 3600_000,
  run: async ({ db }) => ({ started: await startDueRenewals(db, businessToday()) }),
});

/** What the orders section runs besides its families' routes: the renewals job. */
export const orderJobRoutes: RoutePlugin<{ db: Db }> = async (app) => {
  app.jobs.define(renewalsJob);
};
