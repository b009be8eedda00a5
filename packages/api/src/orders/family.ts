import {
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
  orderChangeKinds,
  orderReceivableResource,
  orderReceivableScreens,
  type RentStage,
  receivableStates,
  referralStages,
  ScheduleError,
} from '@cp/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { approvalBusiness } from '../approvals/business';
import { cancelApproval, startApproval } from '../approvals/engine';
import { onApprovalOutcome } from '../approvals/outcomes';
import { newOrderTerms } from '../branchCompanies/settings';
import { businessNow, businessToday } from '../clock';
import { drivers } from '../drivers/tables';
import { refreshBills } from '../finance/bill-money';
import { billOrderAtHandover } from '../finance/billing';
import { businessError } from '../http/errors';
import { followInvitee } from '../referrals/referrals';
import { type ActionImpl, defineServerResource, type Row } from '../resource/family';
import { takeAction } from '../resource/lifecycle';
import { vehicleFamily } from '../vehicles/family';
import { cancelReturnAction } from './cancellations';
import { orderChangeRequestFamily, throughApproval } from './changes';
import { creditCheck } from './credit';
import { insertOneOffCharges } from './deposits';
import { refuseIneligibleCar, termsOf } from './eligibility';
import { exchangeAction, exchangeOrderFamily } from './exchanges';
import { newOrderNo } from './numbers';
import { continueAction, refuseDelayWithRenewal, renewalHandover } from './renewals';
import { checkedSchedule, insertSchedule, scheduleInput } from './schedule';
import { leaseOrders, orderReceivables } from './tables';

const { cancelled, pending, inApproval, performing } = leaseOrderStates;

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
    const created = before
      ? {}
      : {
          orderNo: await newOrderNo(ctx),
          ...(await creditCheck(ctx, 'create', merged)),
          ...(await newOrderTerms(ctx.tx, ctx.auth.tenantId, values)),
        };
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
