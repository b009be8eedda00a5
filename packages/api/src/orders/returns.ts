import {
  accountingUnitResource,
  accountingUnitScreens,
  approvalBusinessTypes,
  beijingDay,
  depositEntryKinds,
  depositOutcome,
  lateFeeTerms,
  leaseDeliveryStates,
  leaseOrderStates,
  orderSettlementStates,
  type PrincipalMovement,
  receivableStates,
  returnCalculationResource,
  returnCalculationScreens,
  returnSettlementResource,
  returnSettlementScreens,
  type Settlement,
  settledStatus,
  settlementStates,
  settleReturn,
  yuanText,
} from '@cp/contracts';
import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { approvalBusiness } from '../approvals/business';
import { onApprovalOutcome, startApproval } from '../approvals/engine';
import { businessNow, businessToday } from '../clock';
import type { Tx } from '../db';
import { writtenBy } from '../db/columns';
import { rowsOf } from '../db/migrate';
import { drivers } from '../drivers/tables';
import { refreshBills } from '../finance/bill-money';
import { settlementKind } from '../finance/lateFees';
import { syncOverdueCases } from '../finance/overdue-cases';
import { badDebtLevels } from '../finance/tables';
import { businessError } from '../http/errors';
import { defineServerLookup } from '../lookups/registry';
import { defineServerResource, type Row, type WriteContext } from '../resource/family';
import { onReturnAccepted } from '../vehicles/record-families';
import { carReturns, violations } from '../vehicles/record-tables';
import { depositTotalsOf, postDepositMovement } from './deposits';
import { serialNumber } from './numbers';
import { depositRefundFamily, refundSettlement } from './refunds';
import {
  accountingUnits,
  cityOfOrder,
  leaseOrders,
  orderReceivables,
  receivableClosings,
  returnSettlements,
} from './tables';

/** 核算主体: plain records; one a settlement in approval names stays until its approval ends. */
const accountingUnitFamily = defineServerResource({
  resource: accountingUnitResource,
  table: accountingUnits,
  screens: Object.values(accountingUnitScreens),
  normalize: (values) => ({
    ...values,
    ...(typeof values.taxNo === 'string' ? { taxNo: values.taxNo.toUpperCase() } : {}),
    ...(typeof values.bankAccount === 'string' ? { bankAccount: values.bankAccount.replaceAll(' ', '') } : {}),
  }),
  async beforeRemove(row, ctx) {
    const [used] = await ctx.tx
      .select({ no: returnSettlements.settlementNo })
      .from(returnSettlements)
      .where(
        and(
          eq(returnSettlements.tenantId, ctx.auth.tenantId),
          eq(returnSettlements.accountingUnitId, Number(row.id)),
          ne(returnSettlements.status, settlementStates.approved),
        ),
      )
      .limit(1);
    if (used) throw businessError(`核算单 ${used.no} 尚未审批通过，不能删除其核算主体`);
  },
});

defineServerLookup('accountingUnit', {
  all: (db, tenantId) =>
    db
      .select({ id: accountingUnits.id, name: accountingUnits.name })
      .from(accountingUnits)
      .where(eq(accountingUnits.tenantId, tenantId))
      .orderBy(asc(accountingUnits.id)),
});

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
async function computeSettlement(
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

/** The columns a settlement's computation fills. */
const computedColumns = (settlement: Settlement) => ({
  rentDue: settlement.rentDue,
  rentPaid: settlement.rentPaid,
  lateFee: settlement.lateFee,
  lateFeePaid: settlement.lateFeePaid,
  chargesDue: settlement.chargesDue,
  penaltyFee: settlement.penaltyFee,
  violationFee: settlement.violationFee,
  deposit: settlement.deposit,
  total: settlement.total,
  lines: settlement.lines,
});

/** Starts a settlement's approval: `退车结算 JS… 张三 应收1,234.00元` (or 应退). */
async function submitSettlement(ctx: Pick<WriteContext, 'tx' | 'auth'>, sheet: Row) {
  const [driver] = await ctx.tx
    .select({ name: drivers.name })
    .from(drivers)
    .where(eq(drivers.id, Number(sheet.driverId)));
  const total = Number(sheet.total);
  await startApproval(ctx, {
    businessType: approvalBusinessTypes.returnCheckout,
    businessId: Number(sheet.id),
    title: `退车结算 ${String(sheet.settlementNo)} ${driver?.name ?? ''} ${total >= 0 ? '应收' : '应退'}${yuanText(Math.abs(total))}元`,
  });
  await setOrderSettlement(ctx.tx, ctx.auth, Number(sheet.orderId), orderSettlementStates.inApproval);
}

/** The order follows its settlement (核算状态, and 已完成 when it passes). */
async function setOrderSettlement(
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

/** A 核算单 number: JS, the Beijing day, and the next of a sequence. */
const newSettlementNo = (ctx: Pick<WriteContext, 'tx'>) => serialNumber(ctx, 'JS', 'return_settlement_no_seq', 6);

/**
 * 退车核算: the orders whose car is on its way back (退租中) or back (已退车). 核算 — once the car is back —
 * computes the settlement into a 核算单 and sends it to approval, in one transaction with the order's 核算状态.
 */
const returnCalculationFamily = defineServerResource({
  resource: returnCalculationResource,
  table: leaseOrders,
  screens: Object.values(returnCalculationScreens),
  only: inArray(leaseOrders.deliveryState, [leaseDeliveryStates.returning, leaseDeliveryStates.returned]),
  computed: {
    returnedAt: sql`(select r.returned_at from vehicle_returns r where r.id = ${leaseOrders.returnId})`,
    damageNote: sql`(select r.damage from vehicle_returns r where r.id = ${leaseOrders.returnId})`,
    // The deposit the order holds (押金台账): what the settlement will offset. The order's id is written out:
    // a column of the family's own table is rendered unqualified, ambiguous inside the subqueries.
    depositHeld: sql<number>`((select coalesce(sum(a.amount) filter (where not a.reversed), 0)
        from payment_allocations a join order_receivables d on d.id = a.receivable_id
        where d.order_id = lease_orders.id and d.kind = 2)
      - (select coalesce(sum(case when m.kind = 5 then -m.amount else m.amount end), 0)
        from deposit_movements m where m.order_id = lease_orders.id))`.mapWith(Number),
  },
  refuse: (_ctx, row) =>
    Number(row.deliveryState) === leaseDeliveryStates.returned ? undefined : '车辆尚未还车验收，验收后才能核算',
  actions: {
    calculate: {
      async run(ctx, order, body) {
        const [unit] = await ctx.tx
          .select({ id: accountingUnits.id })
          .from(accountingUnits)
          .where(
            and(eq(accountingUnits.id, Number(body.accountingUnitId)), eq(accountingUnits.tenantId, ctx.auth.tenantId)),
          );
        if (!unit) throw businessError('核算主体：不存在');
        const { settlement, returnDate, returnId } = await computeSettlement(ctx, order, body);
        const [sheet] = await ctx.tx
          .insert(returnSettlements)
          .values({
            settlementNo: await newSettlementNo(ctx),
            orderId: Number(order.id),
            orderNo: String(order.orderNo),
            driverId: Number(order.driverId),
            vehicleId: Number(order.vehicleId),
            returnId,
            accountingUnitId: Number(body.accountingUnitId),
            returnDate,
            damageFee: settlement.damageFee,
            damageNote: body.damageNote ?? null,
            otherFee: settlement.otherFee,
            otherNote: body.otherNote ?? null,
            remark: body.remark ?? null,
            ...computedColumns(settlement),
            ...writtenBy(ctx.auth),
          })
          .returning();
        if (!sheet) throw new Error('settlement insert returned no row');
        await submitSettlement(ctx, sheet);
        return { settlementId: String(sheet.id), settlementNo: sheet.settlementNo, total: sheet.total };
      },
    },
  },
});

/**
 * 核算单: a settlement turned down is edited — the 核算主体, the clerk's amounts — and saving it computes it
 * anew and sends it to approval again.
 */
const returnSettlementFamily = defineServerResource({
  resource: returnSettlementResource,
  table: returnSettlements,
  screens: Object.values(returnSettlementScreens),
  expose: ['orderId'],
  async prepare(values, ctx, before) {
    if (!before) throw businessError('核算单由退车核算生成');
    const [order] = await ctx.tx
      .select()
      .from(leaseOrders)
      .where(and(eq(leaseOrders.id, Number(before.orderId)), eq(leaseOrders.tenantId, ctx.auth.tenantId)));
    if (!order) throw businessError('核算单的订单不存在');
    const { settlement } = await computeSettlement(ctx, order, { ...before, ...values });
    return { ...values, ...computedColumns(settlement), status: settlementStates.inApproval, decidedAt: null };
  },
  async onChange(ctx, before, after) {
    if (before && after && Number(before.status) === settlementStates.rejected) await submitSettlement(ctx, after);
  },
});

approvalBusiness(approvalBusinessTypes.returnCheckout, returnSettlementFamily);

const sheetStateOf = {
  approved: settlementStates.approved,
  rejected: settlementStates.rejected,
  withdrawn: settlementStates.rejected,
};
const orderStateOf = {
  approved: orderSettlementStates.approved,
  rejected: orderSettlementStates.rejected,
  withdrawn: orderSettlementStates.rejected,
};

/**
 * A settlement's approval decides it. Passed, in the decision's transaction (the order locked first):
 * - the settlement is computed again from the books; money that moved since it was made (a payment, a
 *   reversal, a cost charged) refuses the approval — it is turned down and made again;
 * - the order is 已完成, and its receivables close: one with nothing received or relieved is cancelled
 *   (已作废, with the reason — periods after the return day, a 尾款 no longer due, a deposit never paid, or
 *   carried into the balance); one with money on it has its remainder relieved, recorded as a closing of the
 *   settlement (`receivable_closings`) — so nothing is owed twice and no late fee runs on after the return;
 * - the deposit held is kept as 违约金 (没收), offset, or left to be paid back with the refund;
 * - what remains is one 退车结算款 receivable due today, or one 押金退款 — never both;
 * - the overdue account and bills of the order follow its receivables (closed when nothing is overdue).
 * Turned down or withdrawn: the sheet waits to be edited and sent again.
 */
onApprovalOutcome(approvalBusinessTypes.returnCheckout, async ({ tx, tenantId, businessId, outcome, userId }) => {
  const by = { tenantId, userId };
  const [sheet] = await tx
    .update(returnSettlements)
    .set({ status: sheetStateOf[outcome], decidedAt: businessNow(), updatedAt: businessNow(), updatedBy: userId })
    .where(and(eq(returnSettlements.id, businessId), eq(returnSettlements.tenantId, tenantId)))
    .returning();
  if (!sheet) return;
  if (outcome !== 'approved') {
    await setOrderSettlement(tx, by, sheet.orderId, orderStateOf[outcome]);
    return;
  }
  await closeOrderBooks(tx, by, sheet);
});

/** The books of an order whose settlement passed: see the approval's outcome above. */
async function closeOrderBooks(tx: Tx, by: { tenantId: number; userId: number }, sheet: Sheet): Promise<void> {
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

/**
 * An accepted return of an order's car: the order's car is back (已退车), its settlement can be made. A return
 * that is no order's 退租 nor an exchange's (`orderId` in the body) is refused while the car is on an order in
 * force: accepting it would leave the order 已交车 with its car in stock (a 还车登记 made before it was refused
 * for such cars) — it is cancelled and the order's 退租 made instead.
 */
onReturnAccepted(async (ctx, record, body) => {
  const moved = await ctx.tx
    .update(leaseOrders)
    .set({ deliveryState: leaseDeliveryStates.returned, updatedAt: businessNow(), updatedBy: ctx.auth.userId })
    .where(
      and(
        eq(leaseOrders.tenantId, ctx.auth.tenantId),
        eq(leaseOrders.returnId, Number(record.id)),
        eq(leaseOrders.deliveryState, leaseDeliveryStates.returning),
      ),
    )
    .returning({ id: leaseOrders.id });
  if (moved.length > 0 || body.orderId !== undefined) return;
  const [holder] = await ctx.tx
    .select({ orderNo: leaseOrders.orderNo })
    .from(leaseOrders)
    .where(
      and(
        eq(leaseOrders.tenantId, ctx.auth.tenantId),
        eq(leaseOrders.vehicleId, Number(record.vehicleId)),
        eq(leaseOrders.status, leaseOrderStates.performing),
        eq(leaseOrders.deliveryState, leaseDeliveryStates.delivered),
      ),
    )
    .limit(1);
  if (holder) {
    throw businessError(
      `该还车记录不是租赁订单 ${holder.orderNo} 的退租，车辆仍在该订单中：请取消此还车，在「租赁订单」办理退租后验收`,
    );
  }
});

export const returnFamilies = [
  accountingUnitFamily,
  returnCalculationFamily,
  returnSettlementFamily,
  depositRefundFamily,
];
