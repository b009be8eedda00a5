import {
  accountingUnitResource,
  accountingUnitScreens,
  approvalBusinessTypes,
  leaseDeliveryStates,
  leaseOrderStates,
  orderSettlementStates,
  returnCalculationResource,
  returnCalculationScreens,
  returnSettlementResource,
  returnSettlementScreens,
  type Settlement,
  settlementStates,
  settleReturn,
  yuanText,
} from '@cp/contracts';
import { and, asc, eq, gt, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { approvalBusiness } from '../approvals/business';
import { onApprovalOutcome, startApproval } from '../approvals/engine';
import { drivers } from '../drivers/tables';
import { businessError } from '../http/errors';
import { beijingDay } from '../leads/counts';
import { defineServerLookup } from '../lookups/registry';
import { defineServerResource, type Row, type WriteContext } from '../resource/family';
import { onReturnAccepted } from '../vehicles/record-families';
import { carReturns, violations } from '../vehicles/record-tables';
import { serialNumber } from './numbers';
import { depositRefundFamily, refundSettlement } from './refunds';
import { accountingUnits, cityOfOrder, leaseOrders, orderReceivables, returnSettlements } from './tables';

/** 核算主体: plain records; one a settlement in approval names stays until its approval ends. */
export const accountingUnitFamily = defineServerResource({
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

/** What the clerk adds to a settlement: the damage found at the return and other charges. */
interface ClerkAmounts {
  damageFee?: unknown;
  damageNote?: unknown;
  otherFee?: unknown;
  otherNote?: unknown;
}

/**
 * The settlement of an order's return, read from the database as of the day the car came back: the
 * schedule's rent periods (not 已作废), the driver's unpaid violations in the car while they had it, the
 * deposit.
 */
export async function computeSettlement(
  ctx: Pick<WriteContext, 'tx' | 'auth'>,
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
  const periods = await ctx.tx
    .select()
    .from(orderReceivables)
    .where(
      and(eq(orderReceivables.orderId, Number(order.id)), eq(orderReceivables.kind, 1), ne(orderReceivables.status, 5)),
    )
    .orderBy(asc(orderReceivables.period));
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
      ),
    )
    .orderBy(asc(violations.occurredAt));
  const settlement = settleReturn({
    returnDate,
    periods: periods.map((period) => ({
      period: period.period,
      periodStart: period.periodStart,
      periodEnd: period.periodEnd,
      dueDate: period.dueDate,
      amount: period.amount,
      received: period.received,
      relieved: period.relieved,
    })),
    graceDays: Number(order.graceDays),
    lateFeeRate: Number(order.lateFeeRate),
    deposit: Number(order.deposit),
    violations: unpaidViolations.map((violation) => ({
      occurredOn: beijingDay(violation.occurredAt),
      description: `${violation.place} ${violation.item}`,
      fine: violation.fine,
    })),
    damageFee: Number(amounts.damageFee ?? 0),
    damageNote: (amounts.damageNote as string | null | undefined) ?? null,
    otherFee: Number(amounts.otherFee ?? 0),
    otherNote: (amounts.otherNote as string | null | undefined) ?? null,
  });
  return { settlement, returnDate, returnId: returned.id };
}

/** The columns a settlement's computation fills. */
const computedColumns = (settlement: Settlement) => ({
  rentDue: settlement.rentDue,
  rentPaid: settlement.rentPaid,
  lateFee: settlement.lateFee,
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
    .set({ settlementState: state, ...more, updatedAt: new Date(), updatedBy: by.userId })
    .where(and(eq(leaseOrders.id, orderId), eq(leaseOrders.tenantId, by.tenantId)));
}

/** A 核算单 number: JS, the Beijing day, and the next of a sequence. */
const newSettlementNo = (ctx: Pick<WriteContext, 'tx'>) => serialNumber(ctx, 'JS', 'return_settlement_no_seq', 6);

/**
 * 退车核算: the orders whose car is on its way back (退租中) or back (已退车). 核算 — once the car is back —
 * computes the settlement into a 核算单 and sends it to approval, in one transaction with the order's 核算状态.
 */
export const returnCalculationFamily = defineServerResource({
  resource: returnCalculationResource,
  table: leaseOrders,
  screens: Object.values(returnCalculationScreens),
  only: inArray(leaseOrders.deliveryState, [leaseDeliveryStates.returning, leaseDeliveryStates.returned]),
  computed: {
    returnedAt: sql`(select r.returned_at from vehicle_returns r where r.id = ${leaseOrders.returnId})`,
    damageNote: sql`(select r.damage from vehicle_returns r where r.id = ${leaseOrders.returnId})`,
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
            tenantId: ctx.auth.tenantId,
            settlementNo: await newSettlementNo(ctx),
            orderId: Number(order.id),
            orderNo: String(order.orderNo),
            driverId: Number(order.driverId),
            vehicleId: Number(order.vehicleId),
            returnId,
            accountingUnitId: Number(body.accountingUnitId),
            returnDate,
            damageFee: settlement.damageFee,
            damageNote: (body.damageNote as string | undefined) ?? null,
            otherFee: settlement.otherFee,
            otherNote: (body.otherNote as string | undefined) ?? null,
            remark: (body.remark as string | undefined) ?? null,
            ...computedColumns(settlement),
            createdBy: ctx.auth.userId,
            updatedBy: ctx.auth.userId,
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
export const returnSettlementFamily = defineServerResource({
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
 * A settlement's approval decides it. Passed: the order is 已完成; the rent periods after the return day that
 * nothing was received on are 已作废; what the driver still owes becomes a receivable (退车结算款) due today.
 * Turned down or withdrawn: the sheet waits to be edited and sent again.
 */
onApprovalOutcome(approvalBusinessTypes.returnCheckout, async ({ tx, tenantId, businessId, outcome, userId }) => {
  const by = { tenantId, userId };
  const [sheet] = await tx
    .update(returnSettlements)
    .set({ status: sheetStateOf[outcome], decidedAt: new Date(), updatedAt: new Date(), updatedBy: userId })
    .where(and(eq(returnSettlements.id, businessId), eq(returnSettlements.tenantId, tenantId)))
    .returning();
  if (!sheet) return;
  if (outcome !== 'approved') {
    await setOrderSettlement(tx, by, sheet.orderId, orderStateOf[outcome]);
    return;
  }
  await setOrderSettlement(tx, by, sheet.orderId, orderSettlementStates.approved, {
    status: leaseOrderStates.completed,
  });
  await tx
    .update(orderReceivables)
    .set({ status: 5, updatedAt: new Date(), updatedBy: userId })
    .where(
      and(
        eq(orderReceivables.orderId, sheet.orderId),
        eq(orderReceivables.kind, 1),
        gt(orderReceivables.periodStart, sheet.returnDate),
        eq(orderReceivables.received, 0),
        eq(orderReceivables.relieved, 0),
      ),
    );
  if (sheet.total < 0) await refundSettlement(tx, sheet, userId);
  if (sheet.total > 0) {
    const today = beijingDay(new Date());
    await tx.insert(orderReceivables).values({
      tenantId,
      orderId: sheet.orderId,
      driverId: sheet.driverId,
      cityId: cityOfOrder(sheet.orderId),
      kind: 6,
      period: 1,
      periodStart: sheet.returnDate,
      periodEnd: sheet.returnDate,
      dueDate: today,
      amount: sheet.total,
      createdBy: userId,
      updatedBy: userId,
    });
  }
});

/** An accepted return of an order's car: the order's car is back (已退车), its settlement can be made. */
onReturnAccepted(async (ctx, record) => {
  await ctx.tx
    .update(leaseOrders)
    .set({ deliveryState: leaseDeliveryStates.returned, updatedAt: new Date(), updatedBy: ctx.auth.userId })
    .where(
      and(
        eq(leaseOrders.tenantId, ctx.auth.tenantId),
        eq(leaseOrders.returnId, Number(record.id)),
        eq(leaseOrders.deliveryState, leaseDeliveryStates.returning),
      ),
    );
});

export const returnFamilies = [
  accountingUnitFamily,
  returnCalculationFamily,
  returnSettlementFamily,
  depositRefundFamily,
];
