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
  orderReceivableResource,
  orderReceivableScreens,
  type RentStage,
  rentSchedule,
  ScheduleError,
  type ScheduleInput,
  type ScheduleRow,
} from '@cp/contracts';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { approvalBusiness } from '../approvals/business';
import { cancelApproval, onApprovalOutcome, startApproval } from '../approvals/engine';
import { drivers } from '../drivers/tables';
import { businessError } from '../http/errors';
import { beijingDay } from '../leads/counts';
import { type ActionImpl, defineServerResource, type Row, type WriteContext } from '../resource/family';
import { takeAction } from '../resource/lifecycle';
import { vehicleFamily } from '../vehicles/family';
import { exchangeAction, exchangeOrderFamily } from './exchanges';
import { checkedVehicleOfOrder } from './handover';
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

async function insertSchedule(ctx: WriteContext, order: Row, rows: readonly ScheduleRow[]) {
  if (rows.length === 0) return;
  await ctx.tx.insert(orderReceivables).values(
    rows.map((row) => ({
      tenantId: ctx.auth.tenantId,
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
      createdBy: ctx.auth.userId,
      updatedBy: ctx.auth.userId,
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
    const waiting = and(
      eq(leaseOrders.tenantId, ctx.auth.tenantId),
      eq(leaseOrders.renewedFromId, Number(order.id)),
      inArray(leaseOrders.status, [pending, inApproval]),
    );
    // The renewal's approval first (its instance is locked before the order, as its approvers lock them).
    for (const renewal of await ctx.tx.select({ id: leaseOrders.id }).from(leaseOrders).where(waiting)) {
      await cancelApproval(ctx, approvalBusinessTypes.leaseOrder, renewal.id);
    }
    await ctx.tx
      .update(leaseOrders)
      .set({ status: cancelled, cancelReason: `原订单 ${String(order.orderNo)} 已退租`, updatedAt: new Date() })
      .where(waiting);
    return takeAction(
      ctx.db,
      vehicleFamily,
      ctx.request,
      Number(order.vehicleId),
      'requestReturn',
      { remark: `租赁订单 ${String(order.orderNo)} 退租：${String(body.reason)}` },
      ctx,
    );
  },
  patch: (_body, _order, _ctx, result) => ({
    deliveryState: leaseDeliveryStates.returning,
    returnId: Number((result as { returnId?: string } | null)?.returnId) || null,
  }),
};

/** 续租: a new order for the same driver, car and terms from the day after the end, waiting for its approval. */
const continueAction: ActionImpl = {
  async run(ctx, order, body) {
    const [renewal] = await ctx.tx
      .select({ id: leaseOrders.id })
      .from(leaseOrders)
      .where(
        and(
          eq(leaseOrders.tenantId, ctx.auth.tenantId),
          eq(leaseOrders.renewedFromId, Number(order.id)),
          eq(leaseOrders.status, pending),
        ),
      );
    if (renewal) throw businessError('该订单已有待审批的续租订单');
    const startDate = addDays(String(order.endDate), 1);
    const termMonths = Number(body.termMonths);
    const [created] = await ctx.tx
      .insert(leaseOrders)
      .values({
        tenantId: ctx.auth.tenantId,
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
        graceDays: Number(order.graceDays),
        lateFeeRate: Number(order.lateFeeRate),
        renewedFromId: Number(order.id),
        remark: `续租自 ${String(order.orderNo)}`,
        createdBy: ctx.auth.userId,
        updatedBy: ctx.auth.userId,
      })
      .returning({ id: leaseOrders.id, orderNo: leaseOrders.orderNo });
    return { renewalId: String(created?.id), renewalNo: created?.orderNo };
  },
  patch: () => ({ extendTenancy: 2 }),
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
  expose: ['renewedFromId', 'returnId'],
  async prepare(values, ctx, before) {
    const merged = { ...before, ...values };
    const rentReceipt = Number(merged.rentReceipt);
    const stages = rentReceipt === 1 ? ((merged.stages as RentStage[] | null) ?? []) : [];
    checkedSchedule(scheduleInput({ ...merged, stages }));
    const endDate = leaseEndDate(String(merged.startDate), Number(merged.termMonths));
    return { ...values, stages, endDate, ...(before ? {} : { orderNo: await newOrderNo(ctx) }) };
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
        return null;
      },
    },
    fillDelivery: {
      async run(ctx, order, body) {
        const vehicleId = Number(body.vehicleId);
        const renewed = order.renewedFromId ? Number(order.vehicleId) === vehicleId : false;
        if (!renewed) {
          await checkedVehicleOfOrder(ctx, order, vehicleId);
          // The vehicle's own 交车, in this transaction: its state check refuses a car already out.
          await takeAction(
            ctx.db,
            vehicleFamily,
            ctx.request,
            vehicleId,
            'deliver',
            {
              driverId: String(order.driverId),
              mileage: body.mileage,
              energyLevel: body.energyLevel,
              checklist: [],
              photos: [],
              remark: body.remark ?? `租赁订单 ${String(order.orderNo)} 交车`,
            },
            ctx,
          );
        }
        await insertSchedule(ctx, order, checkedSchedule(scheduleInput(order)));
        if (order.renewedFromId) {
          // A renewal starting ends the order it renews; the car stays with the driver.
          await ctx.tx
            .update(leaseOrders)
            .set({ status: completed, updatedAt: new Date(), updatedBy: ctx.auth.userId })
            .where(and(eq(leaseOrders.id, Number(order.renewedFromId)), eq(leaseOrders.tenantId, ctx.auth.tenantId)));
        }
        return null;
      },
      patch: (body) => ({
        vehicleId: Number(body.vehicleId),
        deliveryState: leaseDeliveryStates.delivered,
        deliveredAt: new Date(),
      }),
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
    continue: continueAction,
    delay: {
      async run(ctx, order, body) {
        const existing = await ctx.tx
          .select()
          .from(orderReceivables)
          .where(and(eq(orderReceivables.orderId, Number(order.id)), eq(orderReceivables.kind, 1)))
          .orderBy(asc(orderReceivables.period));
        const today = beijingDay(new Date());
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
        // Past periods stay as they are (received or not); the periods not yet due are written anew.
        await ctx.tx
          .delete(orderReceivables)
          .where(
            and(
              eq(orderReceivables.orderId, Number(order.id)),
              eq(orderReceivables.kind, 1),
              gte(orderReceivables.dueDate, today),
              eq(orderReceivables.status, 0),
              eq(orderReceivables.received, 0),
            ),
          );
        const kept = new Set(
          (
            await ctx.tx
              .select({ period: orderReceivables.period })
              .from(orderReceivables)
              .where(and(eq(orderReceivables.orderId, Number(order.id)), eq(orderReceivables.kind, 1)))
          ).map((row) => row.period),
        );
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
    exchange: exchangeAction,
    changeType: {
      patch: (body) => ({
        orderType: body.orderType,
        ...(body.finalPayment === undefined ? {} : { finalPayment: body.finalPayment }),
      }),
    },
    associate: {
      async run(ctx, order, body) {
        const [other] = await ctx.tx
          .select({ id: leaseOrders.id })
          .from(leaseOrders)
          .where(
            and(eq(leaseOrders.tenantId, ctx.auth.tenantId), eq(leaseOrders.orderNo, String(body.associatedOrderNo))),
          );
        if (!other) throw businessError(`关联订单编号：${String(body.associatedOrderNo)} 不存在`);
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
    .set({ status: outcome === 'approved' ? performing : pending, updatedAt: new Date(), updatedBy: userId })
    .where(and(eq(leaseOrders.id, businessId), eq(leaseOrders.tenantId, tenantId), eq(leaseOrders.status, inApproval)));
});

/** 应收计划 of an order, on its detail page: read-only rows the order's actions write. */
export const orderReceivableFamily = defineServerResource({
  resource: orderReceivableResource,
  table: orderReceivables,
  screens: Object.values(orderReceivableScreens),
});

/** Today in Beijing, as the database sees it. */
const today = sql`(now() at time zone 'Asia/Shanghai')::date`;

/**
 * 到期订单: the orders in performance with their car, by how soon they end; 续租 and 到期退车 are the lease
 * order's own actions under this page's buttons.
 */
export const dueOrderFamily = defineServerResource({
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

export const orderFamilies = [leaseOrderFamily, orderReceivableFamily, dueOrderFamily, exchangeOrderFamily];
