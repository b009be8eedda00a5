// Closing an order's books when its settlement passes, in the decision's transaction: the settlement checked
// against the books again, receivables cancelled or relieved, the deposit applied, the balance owed either way.
import {
  depositEntryKinds,
  depositOutcome,
  leaseOrderStates,
  orderSettlementStates,
  receivableStates,
  settledStatus,
  yuanText,
} from '@cp/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { businessNow, businessToday } from '../clock';
import type { Tx } from '../db';
import { writtenBy } from '../db/columns';
import { refreshBills } from '../finance/bill-money';
import { settlementKind } from '../finance/lateFees';
import { syncOverdueCases } from '../finance/overdue-cases';
import { businessError } from '../http/errors';
import { postDepositMovement } from './deposits';
import { refundSettlement } from './refunds';
import { computeSettlement, setOrderSettlement } from './settlement';
import { cityOfOrder, leaseOrders, orderReceivables, receivableClosings, type returnSettlements } from './tables';

/** The books of an order whose settlement passed (see the approval's outcome in `returns.ts`). */
export async function closeOrderBooks(tx: Tx, by: { tenantId: number; userId: number }, sheet: Sheet): Promise<void> {
  const { tenantId, userId } = by;
  const [order] = await tx
    .select()
    .from(leaseOrders)
    .where(and(eq(leaseOrders.id, sheet.orderId), eq(leaseOrders.tenantId, tenantId)))
    .for('update');
  if (!order) throw businessError('核算单的订单不存在');
  const { settlement } = await computeSettlement({ tx, auth: by }, order, sheet);
  if (settlement.total !== sheet.total) {
    throw businessError(
      `核算单 ${sheet.settlementNo} 核算后订单的收款或费用有变动（现应${settlement.total >= 0 ? '收' : '退'}${yuanText(Math.abs(settlement.total))}元），请驳回后重新核算`,
    );
  }
  await setOrderSettlement(tx, by, sheet.orderId, orderSettlementStates.approved, {
    status: leaseOrderStates.completed,
  });
  const named = `退车结算 ${sheet.settlementNo}`;
  const open = await tx
    .select()
    .from(orderReceivables)
    .where(
      and(
        eq(orderReceivables.tenantId, tenantId),
        eq(orderReceivables.orderId, sheet.orderId),
        ne(orderReceivables.status, receivableStates.void),
        sql`${orderReceivables.amount} + ${orderReceivables.lateFee} - ${orderReceivables.received} - ${orderReceivables.relieved} > 0`,
      ),
    )
    .orderBy(asc(orderReceivables.id))
    .for('update');
  for (const row of open) {
    const notOwed =
      row.kind === 2 ||
      (row.kind === 1 && row.periodStart > sheet.returnDate) ||
      (row.kind === 5 && row.dueDate > sheet.returnDate);
    const reason =
      row.kind === 2
        ? `${named}：押金未收足，不再收取`
        : row.kind === 1 && row.periodStart > sheet.returnDate
          ? `${named}：退车日${sheet.returnDate}之后的租期，不再收取`
          : row.kind === 5 && row.dueDate > sheet.returnDate
            ? `${named}：退车后尾款不再收取`
            : `${named}：计入结算金额`;
    if (row.received === 0 && row.relieved === 0) {
      await tx
        .update(orderReceivables)
        .set({
          status: receivableStates.void,
          voidReason: reason,
          version: sql`${orderReceivables.version} + 1`,
          updatedAt: businessNow(),
          updatedBy: userId,
        })
        .where(eq(orderReceivables.id, row.id));
      continue;
    }
    const remainder = row.amount + row.lateFee - row.received - row.relieved;
    const relieved = row.relieved + remainder;
    await tx
      .update(orderReceivables)
      .set({
        relieved,
        status: settledStatus({ ...row, relieved }),
        version: sql`${orderReceivables.version} + 1`,
        updatedAt: businessNow(),
        updatedBy: userId,
      })
      .where(eq(orderReceivables.id, row.id));
    await tx.insert(receivableClosings).values({
      orderId: sheet.orderId,
      receivableId: row.id,
      settlementId: sheet.id,
      amount: remainder,
      carried: !notOwed,
      reason,
      ...writtenBy({ tenantId, userId }),
    });
  }
  const outcome = depositOutcome(settlement);
  await postDepositMovement(tx, by, {
    orderId: sheet.orderId,
    kind: depositEntryKinds.forfeited,
    amount: outcome.forfeited,
    note: `${named}：按合同约定抵作违约金`,
    settlementId: sheet.id,
  });
  await postDepositMovement(tx, by, {
    orderId: sheet.orderId,
    kind: depositEntryKinds.offset,
    amount: outcome.offset,
    note: `${named}：抵扣结算费用`,
    settlementId: sheet.id,
  });
  if (outcome.refund > 0) await refundSettlement(tx, sheet, userId);
  if (outcome.owed > 0) {
    await tx.insert(orderReceivables).values({
      orderId: sheet.orderId,
      driverId: sheet.driverId,
      cityId: cityOfOrder(sheet.orderId),
      kind: settlementKind,
      period: 1,
      periodStart: sheet.returnDate,
      periodEnd: sheet.returnDate,
      dueDate: businessToday(),
      amount: outcome.owed,
      note: `${named} 结算金额`,
      ...writtenBy({ tenantId, userId }),
    });
  }
  await syncOverdueCases(tx, tenantId, [sheet.orderId]);
  await refreshBills(tx, tenantId, [...new Set(open.flatMap((row) => (row.billId ? [row.billId] : [])))]);
}

type Sheet = typeof returnSettlements.$inferSelect;
