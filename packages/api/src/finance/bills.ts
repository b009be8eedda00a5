import {
  approvalBusinessTypes,
  badDebtBillResource,
  badDebtBillScreens,
  beijingDay,
  billReliefResource,
  billReliefScreens,
  billResource,
  billScreens,
  billStates,
  collectibleStates,
  type ExpenseSourceOption,
  envelope,
  exchangeStates,
  expenseKindOfSource,
  expenseSourceOption,
  idText,
  leaseOrderStates,
  offlinePaymentStates,
  planAllocation,
  reliefStates,
  settledStatus,
  yuan,
} from '@cp/contracts';
import { and, asc, desc, eq, gt, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { approvalBusiness } from '../approvals/business';
import { insertForApproval, onApprovalOutcome, stateFollowsApproval } from '../approvals/engine';
import { offlinePaymentTitle } from '../approvals/families';
import { offlinePayments } from '../approvals/tables';
import { businessNow, businessToday } from '../clock';
import type { Db, Executor } from '../db';
import { writtenBy } from '../db/columns';
import { drivers } from '../drivers/tables';
import { access, sessionOf } from '../http/access';
import { businessError, notFound } from '../http/errors';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { defineServerLookup } from '../lookups/registry';
import { serialNumber } from '../orders/numbers';
import { exchangeOrders, leaseOrders, orderReceivables } from '../orders/tables';
import { defineServerResource, type Row, type WriteContext } from '../resource/family';
import { contains } from '../resource/query';
import { carReturns, deliveries, maintenanceRecords, violations } from '../vehicles/record-tables';
import { refreshBills } from './bill-money';
import { type Books, follow, outstandingOf, receivableMoney, recordPayment } from './books';
import { lateFeesIfCleared } from './lateFees';
import { billReliefLines, billReliefs, bills } from './tables';

const r = orderReceivables;

/** The first and last day of a bill's month. */
function monthOf(period: string): [string, string] {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return [`${period}-01`, `${period}-${String(last).padStart(2, '0')}`];
}

/** The earliest month an order has receivables not yet billed. */
async function firstUnbilled(ctx: WriteContext, orderId: number): Promise<string | undefined> {
  const [row] = await ctx.tx
    .select({ month: sql<string>`to_char(min(${r.dueDate}), 'YYYY-MM')` })
    .from(r)
    .where(and(eq(r.orderId, orderId), isNull(r.billId), ne(r.status, 5)));
  return row?.month ?? undefined;
}

/**
 * What may be charged to an order's bills: the violations (fines) and maintenance (costs) of the order's own
 * cars (the one it has, and one it exchanged) while its driver had them under the order — from the handover
 * (a renewal: its start) to the return (or the end of a term a renewal took over; the order in force: today) —
 * not charged before. A record of another driver's time with the car, or from before the handover, is not
 * offered, and 添加费用 refuses it.
 */
async function expenseSources(tx: Executor, tenantId: number, orderId: number): Promise<ExpenseSourceOption[]> {
  const [order] = await tx
    .select({
      vehicleId: leaseOrders.vehicleId,
      driverId: leaseOrders.driverId,
      startDate: leaseOrders.startDate,
      endDate: leaseOrders.endDate,
      status: leaseOrders.status,
      deliveredAt: leaseOrders.deliveredAt,
      renewedFromId: leaseOrders.renewedFromId,
      returnedAt: sql<Date | null>`(select ${carReturns.returnedAt} from ${carReturns}
        where ${carReturns.id} = ${leaseOrders.returnId})`.mapWith((value) => (value ? new Date(value) : null)),
    })
    .from(leaseOrders)
    .where(and(eq(leaseOrders.id, orderId), eq(leaseOrders.tenantId, tenantId)));
  if (!order?.vehicleId || !order.deliveredAt) return [];
  // A renewal's car never left the driver: its time starts on its start day (its 交车时间 may be earlier).
  const from = order.renewedFromId ? order.startDate : beijingDay(order.deliveredAt);
  const until = order.returnedAt
    ? beijingDay(order.returnedAt)
    : order.status === leaseOrderStates.completed
      ? order.endDate
      : businessToday();
  if (until < from) return [];
  // The order's car, and the car an exchange of the order took back.
  const ofCars = (vehicleId: SQL) =>
    sql`(${vehicleId} = ${order.vehicleId} or ${vehicleId} in (select ${exchangeOrders.oldVehicleId}
      from ${exchangeOrders} where ${exchangeOrders.tenantId} = ${tenantId} and ${exchangeOrders.orderId} = ${orderId}
        and ${exchangeOrders.status} = ${exchangeStates.done}))`;
  /** The driver had the car at that moment: a handover of the car to the order's driver not ended before. */
  const withDriver = (vehicleId: SQL, at: SQL) =>
    sql`exists (select 1 from ${deliveries} where ${deliveries.tenantId} = ${tenantId}
      and ${deliveries.vehicleId} = ${vehicleId} and ${deliveries.driverId} = ${order.driverId}
      and ${deliveries.kind} = 0
      and (${deliveries.deliveredAt} at time zone 'Asia/Shanghai')::date <= ${at}
      and (${deliveries.endedAt} is null or (${deliveries.endedAt} at time zone 'Asia/Shanghai')::date >= ${at}))`;
  const charged = (kind: number, id: SQL) =>
    sql`not exists (select 1 from ${r} where ${r.sourceKind} = ${kind} and ${r.sourceId} = ${id})`;
  const fineDay = sql`(${violations.occurredAt} at time zone 'Asia/Shanghai')::date`;
  const fines = await tx
    .select({ id: violations.id, at: violations.occurredAt, item: violations.item, fine: violations.fine })
    .from(violations)
    .where(
      and(
        eq(violations.tenantId, tenantId),
        ofCars(sql`${violations.vehicleId}`),
        gt(violations.fine, 0),
        sql`${fineDay} between ${from}::date and ${until}::date`,
        sql`(${violations.driverId} is null or ${violations.driverId} = ${order.driverId})`,
        withDriver(sql`${violations.vehicleId}`, fineDay),
        charged(1, sql`${violations.id}`),
      ),
    )
    .orderBy(asc(violations.occurredAt))
    .limit(200);
  const repairs = await tx
    .select({
      id: maintenanceRecords.id,
      day: maintenanceRecords.serviceDate,
      vendor: maintenanceRecords.vendor,
      cost: maintenanceRecords.cost,
    })
    .from(maintenanceRecords)
    .where(
      and(
        eq(maintenanceRecords.tenantId, tenantId),
        ofCars(sql`${maintenanceRecords.vehicleId}`),
        gt(maintenanceRecords.cost, 0),
        sql`${maintenanceRecords.serviceDate} between ${from}::date and ${until}::date`,
        withDriver(sql`${maintenanceRecords.vehicleId}`, sql`${maintenanceRecords.serviceDate}`),
        charged(2, sql`${maintenanceRecords.id}`),
      ),
    )
    .orderBy(asc(maintenanceRecords.serviceDate))
    .limit(200);
  return [
    ...fines.map((row) => {
      const day = beijingDay(row.at);
      return {
        sourceKind: 1,
        sourceId: String(row.id),
        kind: expenseKindOfSource[1] as number,
        label: `违章 ${day} ${row.item}`,
        amount: row.fine,
        day,
      };
    }),
    ...repairs.map((row) => ({
      sourceKind: 2,
      sourceId: String(row.id),
      kind: expenseKindOfSource[2] as number,
      label: `维修保养 ${row.day} ${row.vendor}`,
      amount: row.cost,
      day: row.day,
    })),
  ];
}

/** 添加费用's picker: what of the bill's order's car may be charged (`GET /api/bills/:id/expense-sources`). */
export const billExpenseRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/bills/:id/expense-sources',
    {
      config: { access: access.permission('billList:addExpense') },
      schema: {
        summary: '添加费用：该账单订单车辆自交车至还车期间、该司机用车时未计费的违章与维修保养记录',
        tags: ['账单'],
        params: z.strictObject({ id: idText }),
        response: { 200: envelope(z.array(expenseSourceOption)) },
      },
    },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const [bill] = await db
        .select({ orderId: bills.orderId })
        .from(bills)
        .where(and(eq(bills.id, Number(request.params.id)), eq(bills.tenantId, tenantId)));
      if (!bill) throw notFound('账单');
      return ok(await expenseSources(db, tenantId, bill.orderId));
    },
  );
};

/** Sets whether a bill's receivables may take money (激活 / 关停). */
async function collectible(ctx: WriteContext, billId: number, value: boolean) {
  await ctx.tx
    .update(r)
    .set({ collectible: value, updatedAt: businessNow(), updatedBy: ctx.auth.userId })
    .where(and(eq(r.billId, billId), eq(r.tenantId, ctx.auth.tenantId)));
}

/** 未收 of a bill as its row holds it. */
const owing = (bill: Row) => Number(bill.amount) + Number(bill.lateFee) - Number(bill.received) - Number(bill.relieved);

/** 未收金额 of a bill. */
const billOutstanding = sql<number>`(${bills.amount} + ${bills.lateFee} - ${bills.received} - ${bills.relieved})`;

/**
 * 账单: 新增账单 gathers an order's receivables of a month not yet billed into a bill 未激活 (not collectible
 * until 激活); the actions relieve through approval, add costs, record offline money through 线下审批.
 */
const billFamily = defineServerResource({
  resource: billResource,
  table: bills,
  screens: Object.values(billScreens),
  computed: { outstanding: billOutstanding.mapWith(Number) },
  constraints: { bills_order_period_key: 'period' },
  async insert(values, ctx) {
    const orderId = Number(values.orderId);
    const [order] = await ctx.tx
      .select({
        id: leaseOrders.id,
        orderNo: leaseOrders.orderNo,
        driverId: leaseOrders.driverId,
        cityId: leaseOrders.cityId,
      })
      .from(leaseOrders)
      .where(and(eq(leaseOrders.id, orderId), eq(leaseOrders.tenantId, ctx.auth.tenantId)));
    if (!order) throw businessError('订单不存在');
    const period = (values.month as string | null | undefined) ?? (await firstUnbilled(ctx, orderId));
    if (!period) throw businessError(`订单 ${order.orderNo} 没有未出账的应收`);
    const [taken] = await ctx.tx
      .select({ billNo: bills.billNo })
      .from(bills)
      .where(and(eq(bills.orderId, orderId), eq(bills.period, period)));
    if (taken) throw businessError(`订单 ${order.orderNo} 的 ${period} 账单已存在（${taken.billNo}）`);
    const [first, last] = monthOf(period);
    const lines = await ctx.tx
      .select({ id: r.id, dueDate: r.dueDate })
      .from(r)
      .where(
        and(
          eq(r.orderId, orderId),
          isNull(r.billId),
          ne(r.status, 5),
          sql`${r.dueDate} between ${first}::date and ${last}::date`,
        ),
      )
      .orderBy(asc(r.dueDate))
      .for('update');
    if (lines.length === 0) throw businessError(`订单 ${order.orderNo} 在 ${period} 没有未出账的应收`);
    const [bill] = await ctx.tx
      .insert(bills)
      .values({
        billNo: await serialNumber(ctx, 'ZD', 'bill_no_seq', 6),
        orderId,
        driverId: order.driverId,
        cityId: order.cityId,
        period,
        dueDate: lines[0]?.dueDate as string,
        remark: (values.remark as string | null | undefined) ?? null,
        status: billStates.inactive,
        ...writtenBy(ctx.auth),
      })
      .returning({ id: bills.id });
    const id = Number(bill?.id);
    await ctx.tx
      .update(r)
      .set({ billId: id, collectible: false })
      .where(
        inArray(
          r.id,
          lines.map((line) => line.id),
        ),
      );
    await refreshBills(ctx.tx, ctx.auth.tenantId, [id]);
    return id;
  },
  async beforeRemove(row, ctx) {
    // A bill 未激活 may be deleted: its receivables go back to unbilled and collectible.
    await ctx.tx
      .update(r)
      .set({ billId: null, collectible: true })
      .where(eq(r.billId, Number(row.id)));
  },
  async onChange(ctx, before, after) {
    if (before && after && before.status !== after.status) {
      await refreshBills(ctx.tx, ctx.auth.tenantId, [Number(after.id)]);
    }
  },
  actions: {
    activate: {
      async run(ctx, bill) {
        await collectible(ctx, Number(bill.id), true);
        return null;
      },
    },
    shutdown: {
      async run(ctx, bill) {
        await collectible(ctx, Number(bill.id), false);
        return null;
      },
      patch: (body) => ({ shutdownReason: body.reason }),
    },
    relief: {
      async run(ctx, bill, body) {
        const amount = Number(body.amount);
        if (amount > owing(bill)) {
          throw businessError(`减免金额 ${yuan(amount)} 元超过账单未收 ${yuan(owing(bill))} 元`);
        }
        await insertForApproval(
          ctx,
          billReliefs,
          {
            billId: Number(bill.id),
            amount,
            reason: String(body.reason),
            attachments: (body.attachments as string[] | undefined) ?? [],
          },
          {
            businessType: approvalBusinessTypes.relief,
            title: `费用减免 ${String(bill.billNo)} ${yuan(amount)}元`,
          },
        );
        return null;
      },
      moveWhen: () => false,
    },
    addExpense: {
      async run(ctx, bill, body) {
        const [next] = await ctx.tx
          .select({ period: sql<number>`coalesce(max(${r.period}), 0) + 1`.mapWith(Number) })
          .from(r)
          .where(and(eq(r.orderId, Number(bill.orderId)), eq(r.kind, Number(body.kind))));
        const dueDate = String(body.dueDate);
        const source =
          body.sourceId === undefined ? null : { kind: Number(body.sourceKind), id: Number(body.sourceId) };
        if (source) {
          const offered = await expenseSources(ctx.tx, ctx.auth.tenantId, Number(bill.orderId));
          if (!offered.some((option) => option.sourceKind === source.kind && option.sourceId === String(source.id))) {
            throw businessError('关联记录：不是该订单车辆在交车至还车期间、该司机用车时未计费的违章或维修保养记录');
          }
        }
        await ctx.tx.insert(r).values({
          orderId: Number(bill.orderId),
          driverId: Number(bill.driverId),
          cityId: bill.cityId == null ? null : Number(bill.cityId),
          billId: Number(bill.id),
          collectible: Number(bill.status) !== billStates.inactive,
          kind: Number(body.kind),
          period: next?.period ?? 1,
          periodStart: dueDate,
          periodEnd: dueDate,
          dueDate,
          amount: Number(body.amount),
          note: String(body.note),
          sourceKind: source?.kind ?? null,
          sourceId: source?.id ?? null,
          ...writtenBy(ctx.auth),
        });
        await refreshBills(ctx.tx, ctx.auth.tenantId, [Number(bill.id)]);
        return null;
      },
      moveWhen: () => false,
    },
    uploadVoucher: {
      async run(ctx, bill, body) {
        if (String(body.receivedOn) > businessToday()) throw businessError('到账日期不能晚于今天');
        await insertForApproval(
          ctx,
          offlinePayments,
          {
            payerName: String(body.payerName),
            driverId: Number(bill.driverId),
            billId: Number(bill.id),
            amount: Number(body.amount),
            method: Number(body.method),
            receivedOn: String(body.receivedOn),
            reference: (body.reference as string | undefined) ?? null,
            purpose: `账单 ${String(bill.billNo)} 线下到账`,
            vouchers: body.vouchers as string[],
            status: offlinePaymentStates.pending,
          },
          {
            businessType: approvalBusinessTypes.offlinePayment,
            title: offlinePaymentTitle(String(body.payerName), Number(body.amount)),
          },
        );
        return null;
      },
      moveWhen: () => false,
    },
  },
});

/** 减免记录 of a bill (in its detail), and the row 费用减免审批's approvers read. */
const billReliefFamily = defineServerResource({
  resource: billReliefResource,
  table: billReliefs,
  screens: Object.values(billReliefScreens),
  parent: { table: bills, via: billReliefs.billId, id: bills.id, columns: { billNo: bills.billNo } },
});

approvalBusiness(approvalBusinessTypes.relief, billReliefFamily);

stateFollowsApproval(approvalBusinessTypes.relief, billReliefs, reliefStates.inApproval, {
  approved: reliefStates.approved,
  rejected: reliefStates.rejected,
  withdrawn: reliefStates.withdrawn,
});

/**
 * An approved 减免 relieves what the bill still owes (at most the amount asked), oldest due first, late fees
 * as part of each receivable's debt — `planAllocation`, whose property tests hold for it too; what was
 * relieved is kept as 实际减免.
 */
onApprovalOutcome(approvalBusinessTypes.relief, async ({ tx, tenantId, businessId, outcome, userId }) => {
  if (outcome !== 'approved') return;
  const [relief] = await tx
    .select()
    .from(billReliefs)
    .where(and(eq(billReliefs.id, businessId), eq(billReliefs.tenantId, tenantId)));
  if (!relief) return;
  // Locked in id order, as payments lock theirs.
  const open = await tx
    .select({ ...receivableMoney, kind: r.kind, dueDate: r.dueDate, period: r.period })
    .from(r)
    .where(and(eq(r.billId, relief.billId), inArray(r.status, [...collectibleStates]), gt(outstandingOf, 0)))
    .orderBy(asc(r.id))
    .for('update');
  const relievedOn = businessToday();
  // Late fee by the rule if the relief takes the principal off today (principal before late fee).
  const cleared = await lateFeesIfCleared(tx, tenantId, open, relievedOn);
  const feeOf = (row: (typeof open)[number]) => cleared.get(row.id)?.fee ?? row.lateFee;
  // What the bill owes, oldest due first, at most the amount asked: the same plan as a payment's.
  const plan = planAllocation(
    relief.amount,
    open.map((row) => ({
      id: String(row.id),
      dueDate: row.dueDate,
      period: row.period,
      outstanding: row.amount + feeOf(row) - row.received - row.relieved,
    })),
  );
  if ('problem' in plan) throw new Error(plan.problem);
  const byId = new Map(open.map((row) => [String(row.id), row]));
  for (const line of plan) {
    const row = byId.get(line.receivableId) as (typeof open)[number];
    const relieved = row.relieved + line.amount;
    const ruled = cleared.get(row.id);
    const next =
      ruled && line.amount >= row.amount - row.received - row.relieved
        ? { lateFee: ruled.fee, overdueDays: ruled.overdueDays }
        : {};
    await tx
      .update(r)
      .set({
        relieved,
        ...next,
        status: settledStatus({ ...row, ...next, relieved }),
        updatedAt: businessNow(),
        updatedBy: userId,
      })
      .where(eq(r.id, row.id));
  }
  if (plan.length > 0) {
    // Each receivable's share, on the day it was approved: what the late fee's principal owed is summed from.
    await tx.insert(billReliefLines).values(
      plan.map((line) => ({
        tenantId,
        reliefId: relief.id,
        receivableId: Number(line.receivableId),
        amount: line.amount,
        relievedOn,
      })),
    );
  }
  await tx
    .update(billReliefs)
    .set({ applied: plan.reduce((sum, line) => sum + line.amount, 0) })
    .where(eq(billReliefs.id, relief.id));
  await follow({ tx, auth: { tenantId, userId } }, open);
});

/**
 * A 线下收款 confirmed is money received: recorded as a 实收 of its customer, allocated to its bill's
 * receivables when it came from one (上传到账凭证), else oldest due first.
 */
onApprovalOutcome(approvalBusinessTypes.offlinePayment, async ({ tx, tenantId, businessId, outcome, userId }) => {
  if (outcome !== 'approved') return;
  const [voucher] = await tx
    .select()
    .from(offlinePayments)
    .where(and(eq(offlinePayments.id, businessId), eq(offlinePayments.tenantId, tenantId)));
  if (!voucher?.driverId) return;
  const books: Books = { tx, auth: { tenantId, userId } };
  await recordPayment(
    books,
    {
      driverId: voucher.driverId,
      amount: voucher.amount,
      paidOn: voucher.receivedOn,
      channel: voucher.method,
      reference: voucher.reference,
      vouchers: voucher.vouchers,
      remark: voucher.purpose,
      offlinePaymentId: voucher.id,
    },
    { billId: voucher.billId ?? undefined },
  );
});

/** 新增账单's order: a search offers those with receivables not yet billed; `ids` names any. */
defineServerLookup('leaseOrder', {
  async search(db, tenantId, { text, ids, limit }) {
    const conditions: (SQL | undefined)[] = [eq(leaseOrders.tenantId, tenantId)];
    if (ids) conditions.push(inArray(leaseOrders.id, [...ids]));
    else
      conditions.push(
        sql`exists (select 1 from ${r} where ${r.orderId} = ${leaseOrders.id} and ${r.billId} is null and ${r.status} <> 5)`,
      );
    if (text)
      conditions.push(
        or(contains(leaseOrders.orderNo, text), ilike(drivers.name, `%${text.replace(/[%_\\]/g, '\\$&')}%`)),
      );
    const rows = await db
      .select({ id: leaseOrders.id, orderNo: leaseOrders.orderNo, name: drivers.name })
      .from(leaseOrders)
      .innerJoin(drivers, eq(drivers.id, leaseOrders.driverId))
      .where(and(...conditions))
      .orderBy(desc(leaseOrders.id))
      .limit(limit);
    return rows.map((row) => ({ id: row.id, name: `${row.orderNo}（${row.name}）` }));
  },
});

/** 查看账单 of a bad-debt account: the order's bills, read-only. */
const badDebtBillFamily = defineServerResource({
  resource: badDebtBillResource,
  table: bills,
  screens: Object.values(badDebtBillScreens),
  computed: { outstanding: billOutstanding.mapWith(Number) },
});

export const billFamilies = [billFamily, billReliefFamily, badDebtBillFamily];
