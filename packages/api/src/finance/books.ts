import {
  billStates,
  collectibleStates,
  type OpenReceivable,
  paymentAllocationResource,
  paymentAllocationScreens,
  paymentResource,
  paymentScreens,
  planAllocation,
  type Resource,
  receivableKind,
  receivableResource,
  receivableScreens,
  type Screen,
  settledStatus,
  yuan,
} from '@cp/contracts';
import { and, asc, eq, gt, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { businessNow, businessToday } from '../clock';
import type { Tx } from '../db';
import { writtenBy } from '../db/columns';
import { businessError } from '../http/errors';
import { defineServerLookup } from '../lookups/registry';
import { checkDepositReversal } from '../orders/deposits';
import { serialNumber } from '../orders/numbers';
import { leaseOrders, orderReceivables } from '../orders/tables';
import { awardRentPaidOnTime, reverseRentPaidOnTime } from '../points/award';
import { defineServerResource } from '../resource/family';
import { contains } from '../resource/query';
import { refreshBills } from './bill-money';
import { lateFeesIfCleared } from './lateFees';
import { syncOverdueCases } from './overdue-cases';
import { bills, paymentAllocations, payments } from './tables';

const r = orderReceivables;

/** 未收金额: what a receivable still owes, late fee included. */
export const outstandingOf = sql<number>`(${r.amount} + ${r.lateFee} - ${r.received} - ${r.relieved})`.mapWith(Number);

/** Receivables read as 应收明细 does, for the screens over them. */
const receivableReads = (resource: Resource, screens: readonly Screen[]) =>
  defineServerResource({
    resource,
    table: orderReceivables,
    screens,
    parent: { table: leaseOrders, via: r.orderId, id: leaseOrders.id, columns: { orderNo: leaseOrders.orderNo } },
    computed: { outstanding: outstandingOf },
    filters: {
      overdue: (value) => sql`(${r.overdueDays} > 0) = (${value}::int = 1)`,
      // Due within that many days of today (Beijing), overdue ones included.
      dueWithin: (value) => sql`${r.dueDate} <= (now() at time zone 'Asia/Shanghai')::date + ${value}::int`,
    },
  });

/** 应收明细 and 逾期预警: read-only; the order's number joined, 未收 computed, 是否逾期 by the overdue days. */
const receivableFamily = receivableReads(receivableResource, Object.values(receivableScreens));

/** What of a receivable moving money reads and writes: its money, state and what follows it. */
export const receivableMoney = {
  id: r.id,
  kind: r.kind,
  orderId: r.orderId,
  billId: r.billId,
  amount: r.amount,
  lateFee: r.lateFee,
  received: r.received,
  relieved: r.relieved,
  overdueDays: r.overdueDays,
  status: r.status,
};

/** Who moves money, in which transaction: a request's write context, or an approval's decision. */
export interface Books {
  tx: Tx;
  auth: { tenantId: number; userId: number };
}

/**
 * The receivables of a customer that still owe money and may take it, locked for this transaction in id
 * order; only these ids, or only this bill's, when given. What is due by today is always owed, in a bill
 * 未激活 or not (an unactivated bill never hides older rent from a payment); only money not yet due in a bill
 * 未激活 waits for its activation, and nothing of a bill 已关停 takes money.
 */
async function lockOpenReceivables(
  ctx: Books,
  driverId: number,
  only: { ids?: readonly number[] | undefined; billId?: number | undefined; orderId?: number | undefined } = {},
) {
  const { ids, billId, orderId } = only;
  const rows = await ctx.tx
    .select({ ...receivableMoney, kind: r.kind, dueDate: r.dueDate, period: r.period })
    .from(r)
    .where(
      and(
        eq(r.tenantId, ctx.auth.tenantId),
        eq(r.driverId, driverId),
        inArray(r.status, [...collectibleStates]),
        or(
          eq(r.collectible, true),
          and(
            lte(r.dueDate, businessToday()),
            sql`exists (select 1 from ${bills} where ${bills.id} = ${r.billId} and ${bills.status} = ${sql.raw(String(billStates.inactive))})`,
          ),
        ),
        gt(outstandingOf, 0),
        ids ? inArray(r.id, [...ids]) : undefined,
        billId ? eq(r.billId, billId) : undefined,
        orderId ? eq(r.orderId, orderId) : undefined,
      ),
    )
    .orderBy(asc(r.id))
    .for('update');
  return rows;
}

/** The overdue accounts and bills of these receivables follow their money. */
export async function follow(ctx: Books, rows: readonly ({ orderId: number; billId: number | null } | undefined)[]) {
  const present = rows.flatMap((row) => (row ? [row] : []));
  await syncOverdueCases(ctx.tx, ctx.auth.tenantId, [...new Set(present.map((row) => row.orderId))]);
  await refreshBills(ctx.tx, ctx.auth.tenantId, [
    ...new Set(present.flatMap((row) => (row.billId ? [row.billId] : []))),
  ]);
}

type Money = {
  id: number;
  amount: number;
  lateFee: number;
  received: number;
  relieved: number;
  overdueDays: number;
  status: number;
};

/**
 * Moves `delta` fen onto (or, negative, off) a receivable's 已收 and its state with it; `ruled`: its late fee
 * and overdue days by the rule once its principal is paid off by this money.
 */
async function receive(ctx: Books, row: Money, delta: number, ruled?: { fee: number; overdueDays: number }) {
  const received = row.received + delta;
  const next = ruled ? { ...row, received, lateFee: ruled.fee, overdueDays: ruled.overdueDays } : { ...row, received };
  await ctx.tx
    .update(r)
    .set({
      received,
      ...(ruled ? { lateFee: ruled.fee, overdueDays: ruled.overdueDays } : {}),
      status: settledStatus(next),
      version: sql`${r.version} + 1`,
      updatedAt: businessNow(),
      updatedBy: ctx.auth.userId,
    })
    .where(eq(r.id, row.id));
}

/** A payment's own columns, as the form or a confirmed 线下收款 gives them. */
export type PaymentValues = Omit<typeof payments.$inferInsert, 'tenantId' | 'paymentNo' | 'allocated'>;

/** Where a payment goes: the clerk's lines, or oldest due first over one bill's or one order's receivables. */
export interface PaymentTarget {
  chosen?: readonly { receivableId: string; amount: number }[] | undefined;
  billId?: number | undefined;
  orderId?: number | undefined;
}

/**
 * Records a payment and allocates it — the clerk's lines, or oldest due first over the customer's
 * collectible receivables (only the bill's for a bill's voucher, the order's for a bad debt's recovery) — in
 * the caller's transaction; the receivables, their overdue accounts and bills follow. Answers the payment's id.
 */
export async function recordPayment(ctx: Books, own: PaymentValues, target: PaymentTarget = {}): Promise<number> {
  const { chosen, billId, orderId } = target;
  const amount = Number(own.amount);
  if (amount <= 0) throw businessError('收款金额应大于0');
  const open = await lockOpenReceivables(ctx, Number(own.driverId), {
    ids: chosen?.map((line) => Number(line.receivableId)),
    billId,
    orderId,
  });
  // Late fee by the rule if this money pays the principal off on its day (principal before late fee).
  const cleared = await lateFeesIfCleared(ctx.tx, ctx.auth.tenantId, open, String(own.paidOn));
  const feeOf = (row: (typeof open)[number]) => cleared.get(row.id)?.fee ?? row.lateFee;
  const plan = planAllocation(
    amount,
    open.map(
      (row): OpenReceivable => ({
        id: String(row.id),
        dueDate: row.dueDate,
        period: row.period,
        outstanding: row.amount + feeOf(row) - row.received - row.relieved,
      }),
    ),
    chosen,
  );
  if ('problem' in plan) throw businessError(plan.problem);
  const [row] = await ctx.tx
    .insert(payments)
    .values({
      ...own,
      paymentNo: await serialNumber(ctx, 'SK', 'payment_no_seq', 8),
      allocated: plan.reduce((sum, line) => sum + line.amount, 0),
      ...writtenBy(ctx.auth),
    })
    .returning({ id: payments.id });
  const id = Number(row?.id);
  const byId = new Map(open.map((receivable) => [String(receivable.id), receivable]));
  for (const line of plan) {
    const row = byId.get(line.receivableId) as (typeof open)[number];
    const ruled = cleared.get(row.id);
    const paysPrincipal = ruled && line.amount >= row.amount - row.received - row.relieved;
    await receive(ctx, row, line.amount, paysPrincipal ? ruled : undefined);
  }
  if (plan.length > 0) {
    await ctx.tx.insert(paymentAllocations).values(
      plan.map((line) => ({
        tenantId: ctx.auth.tenantId,
        paymentId: id,
        receivableId: Number(line.receivableId),
        amount: line.amount,
      })),
    );
  }
  await follow(
    ctx,
    plan.map((line) => byId.get(line.receivableId)),
  );
  await awardRentPaidOnTime(
    ctx.tx,
    ctx.auth,
    own,
    plan.map((line) => Number(line.receivableId)),
  );
  return id;
}

/**
 * 实收: numbered SK + Beijing day + sequence; saving it allocates the money — the clerk's lines, or oldest due
 * first — over the customer's receivables locked for the transaction, so two payments racing for one
 * receivable each see what the other left.
 */
const paymentFamily = defineServerResource({
  resource: paymentResource,
  table: payments,
  screens: Object.values(paymentScreens),
  computed: { unallocated: sql<number>`(${payments.amount} - ${payments.allocated})`.mapWith(Number) },
  async insert(values, ctx) {
    const { allocations, ...own } = values as { allocations?: { receivableId: string; amount: number }[] } & Record<
      string,
      unknown
    >;
    return recordPayment(ctx, own as PaymentValues, {
      chosen: allocations && allocations.length > 0 ? allocations : undefined,
    });
  },
  actions: {
    reverse: {
      async run(ctx, payment, body) {
        const lines = await ctx.tx
          .select({
            id: paymentAllocations.id,
            receivableId: paymentAllocations.receivableId,
            amount: paymentAllocations.amount,
          })
          .from(paymentAllocations)
          .where(and(eq(paymentAllocations.paymentId, Number(payment.id)), eq(paymentAllocations.reversed, false)));
        if (lines.length === 0) return null;
        // Deposit money already offset, refunded or carried cannot be taken back (its order locked first).
        await checkDepositReversal(ctx.tx, ctx.auth.tenantId, lines);
        const locked = await ctx.tx
          .select(receivableMoney)
          .from(r)
          .where(
            and(
              eq(r.tenantId, ctx.auth.tenantId),
              inArray(
                r.id,
                lines.map((line) => line.receivableId),
              ),
            ),
          )
          .orderBy(asc(r.id))
          .for('update');
        const byId = new Map(locked.map((row) => [row.id, row]));
        for (const line of lines) {
          const receivable = byId.get(line.receivableId);
          if (receivable) await receive(ctx, receivable, -line.amount);
        }
        await follow(ctx, locked);
        await ctx.tx
          .update(paymentAllocations)
          .set({ reversed: true })
          .where(and(eq(paymentAllocations.paymentId, Number(payment.id)), eq(paymentAllocations.reversed, false)));
        await reverseRentPaidOnTime(
          ctx.tx,
          { tenantId: ctx.auth.tenantId, userId: ctx.auth.userId },
          lines.map((line) => line.receivableId),
          String(body.reason),
        );
        return null;
      },
      patch: (body) => ({ reversalReason: body.reason, reversedAt: businessNow(), allocated: 0 }),
    },
  },
});

/** 分配明细 of a payment (and 收款记录 of a receivable): each line with its receivable's order, kind and period. */
const paymentAllocationFamily = defineServerResource({
  resource: paymentAllocationResource,
  table: paymentAllocations,
  screens: Object.values(paymentAllocationScreens),
  parent: {
    table: orderReceivables,
    via: paymentAllocations.receivableId,
    id: r.id,
    columns: { kind: r.kind, period: r.period, dueDate: r.dueDate },
  },
  computed: {
    orderNo: sql<string>`(select ${leaseOrders.orderNo} from ${leaseOrders} where ${leaseOrders.id} = ${r.orderId})`,
    paymentNo: sql<string>`(select ${payments.paymentNo} from ${payments} where ${payments.id} = ${paymentAllocations.paymentId})`,
  },
});

defineServerLookup('openReceivable', {
  async search(db, tenantId, { text, ids, filters, limit }) {
    const driver = filters?.driverId as number[] | undefined;
    const conditions: (SQL | undefined)[] = [eq(r.tenantId, tenantId)];
    if (ids) conditions.push(inArray(r.id, [...ids]));
    else conditions.push(inArray(r.status, [...collectibleStates]), gt(outstandingOf, 0));
    if (driver?.length) conditions.push(inArray(r.driverId, driver));
    if (text) conditions.push(contains(leaseOrders.orderNo, text));
    const rows = await db
      .select({
        id: r.id,
        orderNo: leaseOrders.orderNo,
        kind: r.kind,
        period: r.period,
        dueDate: r.dueDate,
        outstanding: outstandingOf,
      })
      .from(r)
      .innerJoin(leaseOrders, eq(leaseOrders.id, r.orderId))
      .where(and(...conditions))
      .orderBy(asc(r.dueDate), asc(r.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      name: `${row.orderNo} 第${row.period}期${receivableKind.label(row.kind)} ${row.dueDate} 未收${yuan(row.outstanding)}元`,
    }));
  },
});

export const financeBookFamilies = [receivableFamily, paymentFamily, paymentAllocationFamily];
