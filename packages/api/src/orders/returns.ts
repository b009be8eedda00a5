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
  yuanText,
} from '@cp/contracts';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { approvalBusiness } from '../approvals/business';
import { startApproval } from '../approvals/engine';
import { onApprovalOutcome } from '../approvals/outcomes';
import { businessNow } from '../clock';
import { writtenBy } from '../db/columns';
import { drivers } from '../drivers/tables';
import { businessError } from '../http/errors';
import { defineServerLookup } from '../lookups/registry';
import { defineServerResource, type Row, type WriteContext } from '../resource/family';
import { onReturnAccepted } from '../vehicles/record-families';
import { closeOrderBooks } from './closing';
import { serialNumber } from './numbers';
import { depositRefundFamily } from './refunds';
import { computeSettlement, setOrderSettlement } from './settlement';
import { accountingUnits, leaseOrders, returnSettlements } from './tables';

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
