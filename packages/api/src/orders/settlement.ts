// What a returned car's settlement comes to, computed from the order's books as they stand (`computeSettlement`),
// and the order's 核算状态 following it.
import {
  beijingDay,
  lateFeeTerms,
  type PrincipalMovement,
  receivableStates,
  type Settlement,
  settleReturn,
} from '@cp/contracts';
import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { businessNow } from '../clock';
import type { Tx } from '../db';
import { rowsOf } from '../db/migrate';
import { badDebtLevels } from '../finance/tables';
import { businessError } from '../http/errors';
import type { Row, WriteContext } from '../resource/family';
import { carReturns, violations } from '../vehicles/record-tables';
import { depositTotalsOf } from './deposits';
import { leaseOrders, orderReceivables } from './tables';

/** What the clerk adds to a settlement: the damage found at the return, other charges, 违约金. */
interface ClerkAmounts {
  damageFee?: unknown;
  damageNote?: unknown;
  otherFee?: unknown;
  otherNote?: unknown;
  penaltyFee?: unknown;
}

/** 商务约定事项 违约金: an order with it may be charged 违约金 when its car comes back before its end. */
const penaltyItem = 8;

/**
 * The principal moved on each of an order's receivables by day, as `lateFeeOf` reads it: payments allocated
 * (on the day paid), reversals (taken back on the day reversed), reliefs (on the day their bill's relief was
 * decided).
 */
async function movementsOf(ctx: { tx: Tx; auth: { tenantId: number } }, orderId: number) {
  const rows = rowsOf<{ receivable_id: string; day: string; amount: string }>(
    await ctx.tx.execute(sql`
      select a.receivable_id::text, p.paid_on::text as day, a.amount::text
      from payment_allocations a join payments p on p.id = a.payment_id
      join order_receivables r on r.id = a.receivable_id
      where a.tenant_id = ${ctx.auth.tenantId} and r.order_id = ${orderId}
      union all
      select a.receivable_id::text, to_char(p.reversed_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD'), (-a.amount)::text
      from payment_allocations a join payments p on p.id = a.payment_id
      join order_receivables r on r.id = a.receivable_id
      where a.tenant_id = ${ctx.auth.tenantId} and r.order_id = ${orderId} and a.reversed and p.reversed_at is not null
      union all
      select r.id::text, coalesce(
          (select to_char(max(b.decided_at) at time zone 'Asia/Shanghai', 'YYYY-MM-DD') from bill_reliefs b
            where b.bill_id = r.bill_id and b.applied > 0),
          to_char(r.updated_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD')), r.relieved::text
      from order_receivables r
      where r.tenant_id = ${ctx.auth.tenantId} and r.order_id = ${orderId} and r.relieved > 0`),
  );
  const byReceivable = new Map<number, PrincipalMovement[]>();
  for (const row of rows) {
    const id = Number(row.receivable_id);
    byReceivable.set(id, [...(byReceivable.get(id) ?? []), { day: row.day, amount: Number(row.amount) }]);
  }
  return byReceivable;
}

/**
 * The settlement of an order's return, read from the database as of the day the car came back: every
 * receivable of the order not 已作废 (rent, one-off charges, costs charged by 添加费用) with its movements, the
 * deposit the order holds (its deposit ledger), the driver's unpaid violations in the car while they had it
 * that no receivable charges yet.
 */
export async function computeSettlement(
  ctx: { tx: Tx; auth: { tenantId: number } },
  order: Row,
  amounts: ClerkAmounts,
): Promise<{ settlement: Settlement; returnDate: string; returnId: number }> {
  const [returned] = order.returnId
    ? await ctx.tx
        .select({ id: carReturns.id, returnedAt: carReturns.returnedAt })
        .from(carReturns)
        .where(and(eq(carReturns.id, Number(order.returnId)), eq(carReturns.tenantId, ctx.auth.tenantId)))
    : [];
  if (!returned?.returnedAt) throw businessError('车辆尚未还车验收，验收后才能核算');
  const returnDate = beijingDay(returned.returnedAt);
  const penaltyFee = Number(amounts.penaltyFee ?? 0);
  if (penaltyFee > 0) {
    const items = (order.businessItems as number[] | null) ?? [];
    if (!items.includes(penaltyItem)) throw businessError('违约金：订单的商务约定事项没有违约金，不能收取');
    if (returnDate >= String(order.endDate)) throw businessError('违约金：订单到期后退车，不收违约金');
  }
  const orderId = Number(order.id);
  const receivables = await ctx.tx
    .select({
      id: orderReceivables.id,
      kind: orderReceivables.kind,
      period: orderReceivables.period,
      periodStart: orderReceivables.periodStart,
      periodEnd: orderReceivables.periodEnd,
      dueDate: orderReceivables.dueDate,
      amount: orderReceivables.amount,
      received: orderReceivables.received,
      relieved: orderReceivables.relieved,
      note: orderReceivables.note,
      levelRate: badDebtLevels.lateFeeRate,
    })
    .from(orderReceivables)
    .leftJoin(badDebtLevels, eq(badDebtLevels.id, orderReceivables.levelId))
    .where(
      and(
        eq(orderReceivables.tenantId, ctx.auth.tenantId),
        eq(orderReceivables.orderId, orderId),
        ne(orderReceivables.status, receivableStates.void),
      ),
    )
    .orderBy(asc(orderReceivables.kind), asc(orderReceivables.period));
  const movements = await movementsOf(ctx, orderId);
  const unpaidViolations = await ctx.tx
    .select({
      occurredAt: violations.occurredAt,
      place: violations.place,
      item: violations.item,
      fine: violations.fine,
    })
    .from(violations)
    .where(
      and(
        eq(violations.tenantId, ctx.auth.tenantId),
        eq(violations.vehicleId, Number(order.vehicleId)),
        eq(violations.driverId, Number(order.driverId)),
        inArray(violations.status, [0, 1]),
        gte(violations.occurredAt, order.deliveredAt as Date),
        lte(violations.occurredAt, returned.returnedAt),
        // Charged once: a violation 添加费用 already charged to an order is its receivable's, not a line here.
        sql`not exists (select 1 from order_receivables c where c.source_kind = 1 and c.source_id = ${violations.id}
          and c.status <> ${receivableStates.void})`,
      ),
    )
    .orderBy(asc(violations.occurredAt));
  const { held } = await depositTotalsOf(ctx.tx, ctx.auth.tenantId, orderId);
  const orderTerms = lateFeeTerms({ graceDays: Number(order.graceDays), lateFeeRate: Number(order.lateFeeRate) });
  const settlement = settleReturn({
    returnDate,
    receivables: receivables.map((row) => ({
      kind: row.kind,
      period: row.period,
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
      dueDate: row.dueDate,
      amount: row.amount,
      received: row.received,
      relieved: row.relieved,
      note: row.note,
      movements: movements.get(row.id) ?? [],
      ...(orderTerms.dailyRate > 0 || !row.levelRate
        ? {}
        : {
            terms: lateFeeTerms(
              { graceDays: Number(order.graceDays), lateFeeRate: Number(order.lateFeeRate) },
              row.levelRate,
            ),
          }),
    })),
    lateFeeTerms: orderTerms,
    depositHeld: held,
    violations: unpaidViolations.map((violation) => ({
      occurredOn: beijingDay(violation.occurredAt),
      description: `${violation.place} ${violation.item}`,
      fine: violation.fine,
    })),
    damageFee: Number(amounts.damageFee ?? 0),
    damageNote: (amounts.damageNote as string | null | undefined) ?? null,
    otherFee: Number(amounts.otherFee ?? 0),
    otherNote: (amounts.otherNote as string | null | undefined) ?? null,
    penaltyFee,
  });
  return { settlement, returnDate, returnId: returned.id };
}

/** The order follows its settlement (核算状态, and 已完成 when it passes). */
export async function setOrderSettlement(
  tx: WriteContext['tx'],
  by: { tenantId: number; userId: number },
  orderId: number,
  state: number,
  more: { status?: number } = {},
) {
  await tx
    .update(leaseOrders)
    .set({ settlementState: state, ...more, updatedAt: businessNow(), updatedBy: by.userId })
    .where(and(eq(leaseOrders.id, orderId), eq(leaseOrders.tenantId, by.tenantId)));
}
