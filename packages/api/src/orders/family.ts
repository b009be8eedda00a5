import {
  addDays,
  approvalBusinessTypes,
  approvalLines,
  dueOrderResource,
  dueOrderScreens,
  extendSchedule,
  leaseDeliveryStates,
  leaseEndDate,
  leaseOrderResource,
  leaseOrderScreens,
  leaseOrderStates,
  leaseOrderStatus,
  orderChangeKinds,
  orderReceivableResource,
  orderReceivableScreens,
  type RentStage,
  receivableStates,
  referralStages,
  rentSchedule,
  ScheduleError,
  type ScheduleInput,
  type ScheduleRow,
} from '@cp/contracts';
import { and, asc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { approvalBusiness } from '../approvals/business';
import { cancelApproval, onApprovalOutcome, startApproval } from '../approvals/engine';
import { auditLog } from '../audit/tables';
import { businessNow, businessToday } from '../clock';
import type { Db, Tx } from '../db';
import { writtenBy } from '../db/columns';
import { drivers } from '../drivers/tables';
import { refreshBills } from '../finance/bill-money';
import { billOrderAtHandover } from '../finance/billing';
import { syncOverdueCases } from '../finance/overdue-cases';
import { businessError } from '../http/errors';
import type { RoutePlugin } from '../http/schemas';
import { defineJobKind } from '../jobs/kinds';
import { followInvitee } from '../referrals/referrals';
import { type ActionImpl, defineServerResource, type Row, type WriteContext } from '../resource/family';
import { takeAction } from '../resource/lifecycle';
import { vehicleFamily } from '../vehicles/family';
import { cancelReturnAction } from './cancellations';
import { orderChangeRequestFamily, throughApproval } from './changes';
import { creditCheck } from './credit';
import { carryDeposit, insertOneOffCharges } from './deposits';
import { refuseIneligibleCar, termsOf } from './eligibility';
import { exchangeAction, exchangeOrderFamily } from './exchanges';
import { serialNumber } from './numbers';
import { cityOfOrder, leaseOrders, orderReceivables } from './tables';

const { cancelled, pending, inApproval, performing, completed } = leaseOrderStates;

/** The schedule terms of an order row (or of checked form values). */
function scheduleInput(row: Row): ScheduleInput {
  return {
    startDate: String(row.startDate),
    termMonths: Number(row.termMonths),
    rentReceipt: Number(row.rentReceipt) as 0 | 1 | 2,
    rent: Number(row.rent),
    stages: (row.stages as RentStage[] | null) ?? [],
    timing: Number(row.rentTiming) === 2 ? 'arrears' : 'advance',
    rentFreeDays: Number(row.rentFreeDays ?? 0),
    // 一次性支付: one rent receivable for the whole term.
    lumpSum: Number(row.rentSettlement) === 1,
  };
}

/** The schedule the terms give, or the terms' problem in the form's words. */
function checkedSchedule(input: ScheduleInput): ScheduleRow[] {
  try {
    return rentSchedule(input);
  } catch (error) {
    if (error instanceof ScheduleError) throw businessError(error.message);
    throw error;
  }
}

/** An order number: ZL, the Beijing day, and the next of a sequence (8 digits). */
const newOrderNo = (ctx: Pick<WriteContext, 'tx'>) => serialNumber(ctx, 'ZL', 'lease_order_no_seq', 8);

/** Who writes: the transaction and the branch company and user it writes for (a request's, or a job's). */
type Writer = { tx: Tx; auth: { tenantId: number; userId: number | null; userName?: string } };

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

async function insertSchedule(ctx: Writer, order: Row, rows: readonly ScheduleRow[]) {
  if (rows.length === 0) return;
  await ctx.tx.insert(orderReceivables).values(
    rows.map((row) => ({
      orderId: Number(order.id),
      driverId: Number(order.driverId),
      cityId: cityOfOrder(Number(order.id)),
      kind: 1,
      period: row.period,
      stage: row.stage,
      periodStart: row.startDate,
      periodEnd: row.endDate,
      dueDate: row.dueDate,
      amount: row.amount,
      ...writtenBy(ctx.auth),
    })),
  );
}

/** The partner line of an order's approval: 平台长短租 orders come from 星海, 以租代购 ones are financed by 国金. */
const lineOf = (row: Row) =>
  Number(row.rentalMode) === 2 ? approvalLines.starSea : Number(row.orderType) === 1 ? approvalLines.guojin : null;

/**
 * 退租: the car's return starts (还车中), in the same transaction; the order keeps its return record, and a
 * renewal of it not yet started is cancelled with it.
 */
const endLeaseAction: ActionImpl = {
  async run(ctx, order, body) {
    const renewals = and(eq(leaseOrders.tenantId, ctx.auth.tenantId), eq(leaseOrders.renewedFromId, Number(order.id)));
    // An approved renewal not yet started (its car is this order's) goes with it too.
    const waiting = and(
      renewals,
      sql`(${leaseOrders.status} in (${pending}, ${inApproval}) or (${leaseOrders.status} = ${performing}
        and ${leaseOrders.deliveryState} = ${leaseDeliveryStates.waiting}))`,
    );
    // The renewal's approval first (its instance is locked before the order, as its approvers lock them).
    const asking = and(renewals, inArray(leaseOrders.status, [pending, inApproval]));
    for (const renewal of await ctx.tx.select({ id: leaseOrders.id }).from(leaseOrders).where(asking)) {
      await cancelApproval(ctx, approvalBusinessTypes.leaseOrder, renewal.id);
    }
    await ctx.tx
      .update(leaseOrders)
      .set({ status: cancelled, cancelReason: `原订单 ${String(order.orderNo)} 已退租`, updatedAt: businessNow() })
      .where(waiting);
    return takeAction(
      ctx.db,
      vehicleFamily,
      ctx.request,
      Number(order.vehicleId),
      'requestReturn',
      { orderId: String(order.id), remark: `租赁订单 ${String(order.orderNo)} 退租：${String(body.reason)}` },
      ctx,
    );
  },
  patch: (_body, _order, _ctx, result) => ({
    deliveryState: leaseDeliveryStates.returning,
    returnId: Number((result as { returnId?: string } | null)?.returnId) || null,
  }),
};

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
async function refuseDelayWithRenewal(ctx: Pick<WriteContext, 'tx' | 'auth'>, order: Row) {
  const renewal = await renewalOf(ctx, Number(order.id));
  if (renewal) throw businessError(`该订单已有${renewalTitle(renewal)}，不能延期：续租订单自原订单结束次日起计租`);
}

/**
 * 续租: a new order for the same driver, car and terms from the day after the end, waiting for its approval.
 * One renewal at a time: a second would bill the same months again. The deposit held on the order carries
 * over to the renewal (shown as its 押金; never billed again), moved when the renewal starts.
 */
const continueAction: ActionImpl = {
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
async function renewalHandover(ctx: WriteContext, renewal: Row, body: Row, today: string) {
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

/**
 * 租赁订单: saved 待审批 with its terms checked against the schedule they give; 提交审批 starts the order's
 * approval, whose outcome moves it (通过 → 履约中; 驳回, 撤回 → 待审批). 填写交车信息 hands a vehicle over — the
 * vehicle's 交车 and the order's start in one transaction — and writes the receivable schedule.
 */
export const leaseOrderFamily = defineServerResource({
  resource: leaseOrderResource,
  table: leaseOrders,
  screens: Object.values(leaseOrderScreens),
  // Which detail page the order's driver opens on (网约车司机 1, 出租车司机 2): the driver lookup spans both.
  computed: { driverKind: sql<number>`(select d.kind from ${drivers} d where d.id = ${leaseOrders.driverId})` },
  expose: ['renewedFromId', 'returnId', 'driverKind'],
  async prepare(values, ctx, before) {
    const merged = { ...before, ...values };
    const rentReceipt = Number(merged.rentReceipt);
    const stages = rentReceipt === 1 ? ((merged.stages as RentStage[] | null) ?? []) : [];
    checkedSchedule(scheduleInput({ ...merged, stages }));
    const endDate = leaseEndDate(String(merged.startDate), Number(merged.termMonths));
    const created = before ? {} : { orderNo: await newOrderNo(ctx), ...(await creditCheck(ctx, 'create', merged)) };
    return { ...values, stages, endDate, ...created };
  },
  actions: {
    submit: {
      async run(ctx, row) {
        const [driver] = await ctx.tx
          .select({ name: drivers.name })
          .from(drivers)
          .where(eq(drivers.id, Number(row.driverId)));
        await startApproval(ctx, {
          businessType: approvalBusinessTypes.leaseOrder,
          businessId: Number(row.id),
          title: `租赁订单 ${String(row.orderNo)} ${driver?.name ?? ''}`.trim(),
          line: lineOf(row),
        });
        await creditCheck(ctx, 'submit', row);
        return null;
      },
    },
    fillDelivery: {
      async run(ctx, order, body) {
        await creditCheck(ctx, 'deliver', order);
        const today = businessToday();
        const deliveredOn = body.deliveredOn ?? today;
        if (deliveredOn > today) throw businessError('交车日期：不能晚于今天');
        // A renewal's car is already with the driver: it starts on its day, never before (its own path).
        if (order.renewedFromId) return renewalHandover(ctx, order, body, today);
        const vehicleId = Number(body.vehicleId);
        await refuseIneligibleCar(ctx, termsOf(order), vehicleId, 'handover', '交付车辆');
        const deliveredAt = deliveredOn === today ? businessNow() : new Date(`${deliveredOn}T00:00:00+08:00`);
        // The vehicle's own 交车, in this transaction, for this order: its state check refuses a car already out.
        await takeAction(
          ctx.db,
          vehicleFamily,
          ctx.request,
          vehicleId,
          'deliver',
          {
            orderId: String(order.id),
            driverId: String(order.driverId),
            mileage: body.mileage,
            energyLevel: body.energyLevel,
            checklist: [],
            photos: [],
            remark: body.remark ?? `租赁订单 ${String(order.orderNo)} 交车`,
            deliveredAt,
          },
          ctx,
        );
        // Rent starts when the driver has the car: a start before the handover moves to its day, the end with it.
        const planned = String(order.startDate);
        const startDate = [planned, deliveredOn].sort()[1] as string;
        const endDate = leaseEndDate(startDate, Number(order.termMonths));
        await insertSchedule(ctx, order, checkedSchedule(scheduleInput({ ...order, startDate })));
        // 押金, 首付款, 整备费 (due at the handover) and 尾款 (due at the end) become receivables of their own kinds.
        await insertOneOffCharges(ctx, { ...order, startDate, endDate }, deliveredOn);
        // What falls due within the lead days is billed at once, by the billing job's rule.
        await billOrderAtHandover(ctx.tx, ctx.auth.tenantId, Number(order.id), today);
        await followInvitee(ctx.tx, ctx.auth.tenantId, Number(order.driverId), referralStages.delivered, ctx.auth);
        return { vehicleId, deliveredAt, startDate, endDate };
      },
      patch: (_body, _order, _ctx, result) => {
        const done = result as { vehicleId?: number; deliveredAt: Date; startDate?: string; endDate?: string };
        // A renewal filled before its start only records that the car stays; it is handed over when it starts.
        if (done.vehicleId === undefined) return { deliveredAt: done.deliveredAt };
        return {
          vehicleId: done.vehicleId,
          deliveryState: leaseDeliveryStates.delivered,
          deliveredAt: done.deliveredAt,
          ...(done.startDate === undefined ? {} : { startDate: done.startDate, endDate: done.endDate }),
        };
      },
    },
    cancel: {
      async run(ctx, order) {
        if (Number(order.status) === inApproval) {
          await cancelApproval(ctx, approvalBusinessTypes.leaseOrder, Number(order.id));
        }
        return null;
      },
      patch: (body) => ({ cancelReason: body.reason }),
    },
    endLease: endLeaseAction,
    cancelReturn: cancelReturnAction,
    continue: continueAction,
    delay: throughApproval(
      orderChangeKinds.delay,
      {
        async run(ctx, order, body) {
          await refuseDelayWithRenewal(ctx, order);
          const existing = (
            await ctx.tx
              .select()
              .from(orderReceivables)
              .where(and(eq(orderReceivables.orderId, Number(order.id)), eq(orderReceivables.kind, 1)))
              .orderBy(asc(orderReceivables.period))
          ).filter((row) => row.status !== receivableStates.void);
          const today = businessToday();
          const extended = (() => {
            try {
              return extendSchedule(
                scheduleInput(order),
                existing.map((row) => ({
                  period: row.period,
                  stage: row.stage,
                  startDate: row.periodStart,
                  endDate: row.periodEnd,
                  dueDate: row.dueDate,
                  amount: row.amount,
                })),
                Number(body.extraMonths),
                today,
              );
            } catch (error) {
              if (error instanceof ScheduleError) throw businessError(error.message);
              throw error;
            }
          })();
          // Past periods stay as they are (received or not). A period not yet due that the longer term gives
          // otherwise (a 一次性支付 made again for the longer term) is cancelled with why, nothing on it yet,
          // and written anew; one it gives the same stays as it is — its bill and history with it.
          const anew = new Map(extended.map((row) => [row.period, row]));
          const changed = existing.filter((row) => {
            const next = anew.get(row.period);
            return (
              row.dueDate >= today &&
              row.received === 0 &&
              row.relieved === 0 &&
              (!next ||
                next.startDate !== row.periodStart ||
                next.endDate !== row.periodEnd ||
                next.dueDate !== row.dueDate ||
                next.amount !== row.amount ||
                next.stage !== row.stage)
            );
          });
          if (changed.length > 0) {
            await ctx.tx
              .update(orderReceivables)
              .set({
                status: receivableStates.void,
                voidReason: `延期${Number(body.extraMonths)}个月，应收计划按新租期重排`,
                updatedAt: businessNow(),
                updatedBy: ctx.auth.userId,
              })
              .where(
                inArray(
                  orderReceivables.id,
                  changed.map((row) => row.id),
                ),
              );
            const bills = [...new Set(changed.flatMap((row) => (row.billId === null ? [] : [row.billId])))];
            await refreshBills(ctx.tx, ctx.auth.tenantId, bills);
          }
          const kept = new Set(existing.filter((row) => !changed.includes(row)).map((row) => row.period));
          await insertSchedule(
            ctx,
            order,
            extended.filter((row) => !kept.has(row.period)),
          );
          return { termMonths: Number(order.termMonths) + Number(body.extraMonths) };
        },
        patch: (body, order) => {
          const termMonths = Number(order.termMonths) + Number(body.extraMonths);
          const stages = (order.stages as RentStage[] | null) ?? [];
          const last = stages.at(-1);
          return {
            termMonths,
            endDate: leaseEndDate(String(order.startDate), termMonths),
            extendTenancy: 1,
            ...(last
              ? { stages: [...stages.slice(0, -1), { ...last, periods: last.periods + Number(body.extraMonths) }] }
              : {}),
          };
        },
      },
      // Refused when asked, not only when approved: a renewal's months are not the order's to extend.
      refuseDelayWithRenewal,
    ),
    exchange: exchangeAction,
    changeType: throughApproval(orderChangeKinds.changeType, {
      patch: (body) => ({
        orderType: body.orderType,
        ...(body.finalPayment === undefined ? {} : { finalPayment: body.finalPayment }),
      }),
    }),
    associate: {
      async run(ctx, order, body) {
        const [other] = await ctx.tx
          .select({ id: leaseOrders.id })
          .from(leaseOrders)
          .where(and(eq(leaseOrders.tenantId, ctx.auth.tenantId), eq(leaseOrders.orderNo, body.associatedOrderNo)));
        if (!other) throw businessError(`关联订单编号：${body.associatedOrderNo} 不存在`);
        if (other.id === Number(order.id)) throw businessError('关联订单编号：不能关联订单自身');
        return null;
      },
      patch: (body) => ({ associatedOrderNo: body.associatedOrderNo }),
    },
  },
});

approvalBusiness(approvalBusinessTypes.leaseOrder, leaseOrderFamily);

/** An order's approval decides it: 通过 → 履约中 (待交车); 驳回 or 撤回 → back to 待审批, to be changed and resubmitted. */
onApprovalOutcome(approvalBusinessTypes.leaseOrder, async ({ tx, tenantId, businessId, outcome, userId }) => {
  await tx
    .update(leaseOrders)
    .set({ status: outcome === 'approved' ? performing : pending, updatedAt: businessNow(), updatedBy: userId })
    .where(and(eq(leaseOrders.id, businessId), eq(leaseOrders.tenantId, tenantId), eq(leaseOrders.status, inApproval)));
});

/** 应收计划 of an order, on its detail page: read-only rows the order's actions write. */
const orderReceivableFamily = defineServerResource({
  resource: orderReceivableResource,
  table: orderReceivables,
  screens: Object.values(orderReceivableScreens),
});

/** Today in Beijing, as the database sees it (a list statement is prepared once: the wall clock, read when it runs). */
const today = sql`(now() at time zone 'Asia/Shanghai')::date`;

/**
 * 到期订单: the orders in performance with their car, by how soon they end; 续租 and 到期退车 are the lease
 * order's own actions under this page's buttons.
 */
const dueOrderFamily = defineServerResource({
  resource: dueOrderResource,
  table: leaseOrders,
  screens: Object.values(dueOrderScreens),
  only: and(eq(leaseOrders.status, performing), eq(leaseOrders.deliveryState, leaseDeliveryStates.delivered)),
  computed: {
    dueBucket: sql<number>`(case when ${leaseOrders.endDate} < ${today} then 1
      when ${leaseOrders.endDate} <= ${today} + 7 then 2
      when ${leaseOrders.endDate} <= ${today} + 30 then 3
      when ${leaseOrders.endDate} <= ${today} + 60 then 4 else 5 end)`.mapWith(Number),
  },
  actions: { continue: continueAction, endLease: endLeaseAction },
});

export const orderFamilies = [
  leaseOrderFamily,
  orderReceivableFamily,
  dueOrderFamily,
  exchangeOrderFamily,
  orderChangeRequestFamily,
];
