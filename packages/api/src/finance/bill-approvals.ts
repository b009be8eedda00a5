// What a bill's approvals do once decided: an approved 减免 relieves the bill, a confirmed 线下到账 pays it.
import {
  approvalBusinessTypes,
  billReliefResource,
  billReliefScreens,
  collectibleStates,
  planAllocation,
  reliefStates,
  settledStatus,
} from '@cp/contracts';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { approvalBusiness } from '../approvals/business';
// 线下收款's own outcome (its state) is subscribed first, before the bill it pays: evaluated before this module.
import '../approvals/families';
import { onApprovalOutcome, stateFollowsApproval } from '../approvals/outcomes';
import { offlinePayments } from '../approvals/tables';
import { businessNow, businessToday } from '../clock';
import { orderReceivables } from '../orders/tables';
import { defineServerResource } from '../resource/family';
import { type Books, follow, outstandingOf, receivableMoney, recordPayment } from './books';
import { lateFeesIfCleared } from './lateFees';
import { billReliefLines, billReliefs, bills } from './tables';

const r = orderReceivables;

/** 减免记录 of a bill (in its detail), and the row 费用减免审批's approvers read. */
export const billReliefFamily = defineServerResource({
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
