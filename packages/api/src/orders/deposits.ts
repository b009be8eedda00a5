import {
  type DepositLedger,
  type DepositMovementKind,
  type DepositTotals,
  depositEntryKinds,
  depositLedger,
  depositTotals,
  envelope,
  idText,
  routesByKey,
} from '@cp/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { businessToday } from '../clock';
import type { Db, Executor, Tx } from '../db';
import { writtenBy } from '../db/columns';
import { rowsOf } from '../db/migrate';
import { access, sessionOf } from '../http/access';
import { businessError, notFound } from '../http/errors';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { cityOfOrder, depositMovements, leaseOrders, orderReceivables } from './tables';

/** Receivable kinds of an order's one-off charges. */
export const oneOffKinds = { deposit: 2, firstPayment: 3, servicingFee: 4, finalPayment: 5 } as const;

/** Who posts: the branch company and the user (none when a job posts, e.g. a renewal starting on its day). */
export interface By {
  tenantId: number;
  userId: number | null;
}

/**
 * The order's one-off charges become receivables when its car is handed over: 押金, 首付款 and 整备费 due on the
 * handover day, 尾款 on the order's end date; a zero amount makes no row. Each is one row of its kind (period 1),
 * so a second handover of the order (a renewal starting with the same car) writes none again.
 */
export async function insertOneOffCharges(
  ctx: { tx: Tx; auth: By },
  order: Readonly<Record<string, unknown>>,
  handoverDay: string,
): Promise<void> {
  const endDate = String(order.endDate);
  const charges: { kind: number; amount: number; day: string }[] = [
    { kind: oneOffKinds.deposit, amount: Number(order.deposit ?? 0), day: handoverDay },
    { kind: oneOffKinds.firstPayment, amount: Number(order.firstPayment ?? 0), day: handoverDay },
    { kind: oneOffKinds.servicingFee, amount: Number(order.servicingFee ?? 0), day: handoverDay },
    { kind: oneOffKinds.finalPayment, amount: Number(order.finalPayment ?? 0), day: endDate },
  ].filter((charge) => charge.amount > 0);
  if (charges.length === 0) return;
  const orderId = Number(order.id);
  await ctx.tx
    .insert(orderReceivables)
    .values(
      charges.map((charge) => ({
        orderId,
        driverId: Number(order.driverId),
        cityId: cityOfOrder(orderId),
        kind: charge.kind,
        period: 1,
        periodStart: charge.day,
        periodEnd: charge.day,
        dueDate: charge.day,
        amount: charge.amount,
        ...writtenBy(ctx.auth),
      })),
    )
    .onConflictDoNothing();
}

/** Locks an order's row for this transaction (the deposit ledger's lock); answers its driver, or refuses. */
async function lockOrder(tx: Tx, tenantId: number, orderId: number) {
  const [order] = await tx
    .select({ id: leaseOrders.id, driverId: leaseOrders.driverId, orderNo: leaseOrders.orderNo })
    .from(leaseOrders)
    .where(and(eq(leaseOrders.id, orderId), eq(leaseOrders.tenantId, tenantId)))
    .for('update');
  if (!order) throw businessError('订单不存在');
  return order;
}

/** Money allocated to the order's 押金 receivables, reversals taken back: the deposit collected. */
async function collectedOf(db: Executor, tenantId: number, orderId: number): Promise<number> {
  const [row] = rowsOf<{ collected: string | null }>(
    await db.execute(sql`
      select coalesce(sum(a.amount) filter (where not a.reversed), 0)::text as collected
      from payment_allocations a join order_receivables r on r.id = a.receivable_id
      where a.tenant_id = ${tenantId} and r.order_id = ${orderId} and r.kind = ${oneOffKinds.deposit}`),
  );
  return Number(row?.collected ?? 0);
}

/** The deposit totals of an order (collected, offset, refunded, forfeited, carried, held). */
export async function depositTotalsOf(db: Executor, tenantId: number, orderId: number): Promise<DepositTotals> {
  const movements = await db
    .select({ kind: depositMovements.kind, amount: depositMovements.amount })
    .from(depositMovements)
    .where(and(eq(depositMovements.tenantId, tenantId), eq(depositMovements.orderId, orderId)));
  return depositTotals(await collectedOf(db, tenantId, orderId), movements);
}

/**
 * Posts a movement of an order's held deposit, under a lock of the order: refused when it would take out more
 * than is held (held never goes below 0). Zero moves nothing.
 */
export async function postDepositMovement(
  tx: Tx,
  by: By,
  movement: {
    orderId: number;
    kind: DepositMovementKind;
    amount: number;
    note: string;
    day?: string;
    settlementId?: number | null;
    refundId?: number | null;
    otherOrderId?: number | null;
  },
): Promise<void> {
  if (movement.amount <= 0) return;
  const order = await lockOrder(tx, by.tenantId, movement.orderId);
  if (movement.kind !== depositEntryKinds.carriedIn) {
    const { held } = await depositTotalsOf(tx, by.tenantId, movement.orderId);
    if (movement.amount > held) {
      throw businessError(
        `订单 ${order.orderNo} 持有押金${(held / 100).toFixed(2)}元，不足${(movement.amount / 100).toFixed(2)}元`,
      );
    }
  }
  await tx.insert(depositMovements).values({
    orderId: movement.orderId,
    driverId: order.driverId,
    kind: movement.kind,
    amount: movement.amount,
    day: movement.day ?? businessToday(),
    settlementId: movement.settlementId ?? null,
    refundId: movement.refundId ?? null,
    otherOrderId: movement.otherOrderId ?? null,
    note: movement.note,
    ...writtenBy(by),
  });
}

/**
 * A renewal takes over the deposit its old order holds: carried out of the old order, carried into the new one,
 * in the caller's transaction, the two orders locked in id order. Answers the amount carried (0 when none held).
 */
export async function carryDeposit(tx: Tx, fromOrderId: number, toOrderId: number, by: By): Promise<number> {
  if (fromOrderId === toOrderId) return 0;
  const [first, second] = [fromOrderId, toOrderId].sort((a, b) => a - b) as [number, number];
  const one = await lockOrder(tx, by.tenantId, first);
  const other = await lockOrder(tx, by.tenantId, second);
  const from = first === fromOrderId ? one : other;
  const to = first === fromOrderId ? other : one;
  const { held } = await depositTotalsOf(tx, by.tenantId, fromOrderId);
  if (held <= 0) return 0;
  await postDepositMovement(tx, by, {
    orderId: fromOrderId,
    kind: depositEntryKinds.carriedOut,
    amount: held,
    note: `转入续租订单 ${to.orderNo}`,
    otherOrderId: toOrderId,
  });
  await postDepositMovement(tx, by, {
    orderId: toOrderId,
    kind: depositEntryKinds.carriedIn,
    amount: held,
    note: `自原订单 ${from.orderNo} 转入`,
    otherOrderId: fromOrderId,
  });
  return held;
}

/**
 * Refuses a reversal of payments that would take back deposit money already offset, refunded, kept or carried:
 * the orders of the deposit lines are locked (before their receivables, as a settlement locks them) and each
 * must still hold what the reversal takes back.
 */
export async function checkDepositReversal(
  tx: Tx,
  tenantId: number,
  lines: readonly { receivableId: number; amount: number }[],
): Promise<void> {
  if (lines.length === 0) return;
  const deposits = await tx
    .select({ id: orderReceivables.id, orderId: orderReceivables.orderId })
    .from(orderReceivables)
    .where(
      and(
        eq(orderReceivables.tenantId, tenantId),
        eq(orderReceivables.kind, oneOffKinds.deposit),
        inArray(
          orderReceivables.id,
          lines.map((line) => line.receivableId),
        ),
      ),
    );
  if (deposits.length === 0) return;
  const byOrder = new Map<number, number>();
  const orderOf = new Map(deposits.map((row) => [row.id, row.orderId]));
  for (const line of lines) {
    const orderId = orderOf.get(line.receivableId);
    if (orderId !== undefined) byOrder.set(orderId, (byOrder.get(orderId) ?? 0) + line.amount);
  }
  for (const orderId of [...byOrder.keys()].sort((a, b) => a - b)) {
    const order = await lockOrder(tx, tenantId, orderId);
    const { held } = await depositTotalsOf(tx, tenantId, orderId);
    const taken = byOrder.get(orderId) ?? 0;
    if (taken > held) {
      throw businessError(
        `订单 ${order.orderNo} 的押金已抵扣、退还或转出，现持有${(held / 100).toFixed(2)}元，不能冲销其中${(taken / 100).toFixed(2)}元`,
      );
    }
  }
}

/** 押金台账 of an order: the allocations to its 押金 receivables (收取, 冲销) and its movements, by day. */
async function depositLedgerOf(db: Executor, tenantId: number, orderId: number): Promise<DepositLedger | null> {
  const [order] = await db
    .select({ id: leaseOrders.id, orderNo: leaseOrders.orderNo, deposit: leaseOrders.deposit })
    .from(leaseOrders)
    .where(and(eq(leaseOrders.id, orderId), eq(leaseOrders.tenantId, tenantId)));
  if (!order) return null;
  const collections = rowsOf<{
    paid_on: string;
    reversed_on: string | null;
    amount: string;
    reversed: boolean;
    payment_no: string;
    reason: string | null;
  }>(
    await db.execute(sql`
      select p.paid_on::text, to_char(p.reversed_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as reversed_on,
        a.amount::text, a.reversed, p.payment_no, p.reversal_reason as reason
      from payment_allocations a
      join order_receivables r on r.id = a.receivable_id
      join payments p on p.id = a.payment_id
      where a.tenant_id = ${tenantId} and r.order_id = ${orderId} and r.kind = ${oneOffKinds.deposit}
      order by p.paid_on, a.id`),
  );
  const movements = await db
    .select()
    .from(depositMovements)
    .where(and(eq(depositMovements.tenantId, tenantId), eq(depositMovements.orderId, orderId)))
    .orderBy(asc(depositMovements.day), asc(depositMovements.id));
  const entries: DepositLedger['entries'] = [];
  for (const row of collections) {
    entries.push({
      day: row.paid_on,
      kind: depositEntryKinds.collected,
      amount: Number(row.amount),
      reference: row.payment_no,
      note: '押金收款',
    });
    if (row.reversed) {
      entries.push({
        day: row.reversed_on ?? row.paid_on,
        kind: depositEntryKinds.collected,
        amount: -Number(row.amount),
        reference: row.payment_no,
        note: `冲销：${row.reason ?? ''}`.replace(/：$/, ''),
      });
    }
  }
  const references = await referencesOf(db, movements);
  for (const movement of movements) {
    entries.push({
      day: movement.day,
      kind: movement.kind,
      amount: movement.kind === depositEntryKinds.carriedIn ? movement.amount : -movement.amount,
      reference: references.get(movement.id) ?? '',
      note: movement.note,
    });
  }
  entries.sort((a, b) => a.day.localeCompare(b.day));
  const collected = collections.reduce((sum, row) => sum + (row.reversed ? 0 : Number(row.amount)), 0);
  const totals = depositTotals(collected, movements);
  return { orderId: String(order.id), orderNo: order.orderNo, agreed: order.deposit, ...totals, entries };
}

/** The 核算单, 押金退款 or order number a movement came from. */
async function referencesOf(
  db: Executor,
  movements: readonly (typeof depositMovements.$inferSelect)[],
): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  if (movements.length === 0) return found;
  const rows = rowsOf<{ id: string; reference: string | null }>(
    await db.execute(sql`
      select m.id::text, coalesce(
        (select d.refund_no from deposit_refunds d where d.id = m.refund_id),
        (select s.settlement_no from return_settlements s where s.id = m.settlement_id),
        (select o.order_no from lease_orders o where o.id = m.other_order_id)) as reference
      from deposit_movements m
      where m.id = any(${`{${movements.map((movement) => movement.id).join(',')}}`}::bigint[])`),
  );
  for (const row of rows) found.set(Number(row.id), row.reference ?? '');
  return found;
}

/** Each order's deposit totals for a customer (查看账户). */
export async function depositTotalsOfDriver(
  db: Executor,
  tenantId: number,
  driverId: number,
): Promise<({ orderId: number; orderNo: string; agreed: number } & DepositTotals)[]> {
  const rows = rowsOf<{
    id: string;
    order_no: string;
    agreed: string;
    collected: string;
    movements: { kind: number; amount: number }[] | null;
  }>(
    await db.execute(sql`
      select o.id::text, o.order_no, o.deposit::text as agreed,
        (select coalesce(sum(a.amount) filter (where not a.reversed), 0) from payment_allocations a
          join order_receivables r on r.id = a.receivable_id
          where r.order_id = o.id and r.kind = ${oneOffKinds.deposit})::text as collected,
        (select json_agg(json_build_object('kind', m.kind, 'amount', m.amount)) from deposit_movements m
          where m.order_id = o.id) as movements
      from lease_orders o
      where o.tenant_id = ${tenantId} and o.driver_id = ${driverId}
        and (o.deposit > 0 or exists (select 1 from deposit_movements m where m.order_id = o.id))
      order by o.start_date desc, o.id desc`),
  );
  return rows.map((row) => ({
    orderId: Number(row.id),
    orderNo: row.order_no,
    agreed: Number(row.agreed),
    ...depositTotals(
      Number(row.collected),
      (row.movements ?? []).map((movement) => ({ kind: Number(movement.kind), amount: Number(movement.amount) })),
    ),
  }));
}

/** 押金台账 of a lease order, on its detail page. */
export const depositLedgerRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/lease-orders/:id/deposit-ledger',
    {
      config: { access: access.permission(routesByKey.get('leaseOrder')?.menuKey ?? 'leaseOrder') },
      schema: {
        summary: '押金台账：订单押金的收取、抵扣、退还、没收与转移，及持有余额',
        tags: ['租赁订单'],
        params: z.strictObject({ id: idText }),
        response: { 200: envelope(depositLedger) },
      },
    },
    async (request) => {
      const ledger = await depositLedgerOf(db, sessionOf(request).tenantId, Number(request.params.id));
      if (!ledger) throw notFound('订单');
      return ok(ledger);
    },
  );
};
