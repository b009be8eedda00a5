import {
  approvalBusinessTypes,
  depositEntryKinds,
  depositRefundResource,
  depositRefundScreens,
  depositRefundStates,
  yuanText,
} from '@cp/contracts';
import { and, eq } from 'drizzle-orm';
import { approvalBusiness } from '../approvals/business';
import { startApproval } from '../approvals/engine';
import { onApprovalOutcome } from '../approvals/outcomes';
import { businessNow } from '../clock';
import type { Tx } from '../db';
import { writtenBy } from '../db/columns';
import { drivers } from '../drivers/tables';
import { defineServerResource } from '../resource/family';
import { depositTotalsOf, postDepositMovement } from './deposits';
import { serialNumber } from './numbers';
import { depositRefunds, type returnSettlements } from './tables';

async function submitRefund(
  ctx: Parameters<typeof startApproval>[0],
  refund: { id: number; refundNo: string; amount: number },
  driverName: string,
) {
  await startApproval(ctx, {
    businessType: approvalBusinessTypes.refund,
    businessId: refund.id,
    title: `押金退款 ${refund.refundNo} ${driverName} ${yuanText(refund.amount)}元`,
  });
}

/**
 * An approved 核算单 whose balance is owed to the driver: a 押金退款 of that amount, paid to the driver's bank
 * card on file, sent to 押金退款审批 by whoever made the settlement — in the transaction of the decision.
 */
export async function refundSettlement(
  tx: Tx,
  sheet: typeof returnSettlements.$inferSelect,
  decidedBy: number,
): Promise<void> {
  const ctx = { tx, auth: { tenantId: sheet.tenantId, userId: sheet.createdBy ?? decidedBy } };
  const [driver] = await tx
    .select({ name: drivers.name, holder: drivers.bankCardHolder, bank: drivers.bankName, card: drivers.bankCardNo })
    .from(drivers)
    .where(eq(drivers.id, sheet.driverId));
  const refundNo = await serialNumber(ctx, 'TK', 'deposit_refund_no_seq', 6);
  const amount = -sheet.total;
  const [refund] = await tx
    .insert(depositRefunds)
    .values({
      refundNo,
      settlementId: sheet.id,
      settlementNo: sheet.settlementNo,
      orderId: sheet.orderId,
      orderNo: sheet.orderNo,
      driverId: sheet.driverId,
      amount,
      payeeName: driver?.holder ?? driver?.name ?? null,
      bankName: driver?.bank ?? null,
      bankAccount: driver?.card ?? null,
      ...writtenBy({ tenantId: sheet.tenantId, userId: ctx.auth.userId }),
    })
    .returning({ id: depositRefunds.id });
  if (!refund) throw new Error('refund insert returned no row');
  await submitRefund(ctx, { id: refund.id, refundNo, amount }, driver?.name ?? '');
}

/** 押金退款: 确认打款 once approved, 重新提交 (with a note) after 驳回; listed on its 核算单. */
export const depositRefundFamily = defineServerResource({
  resource: depositRefundResource,
  table: depositRefunds,
  screens: Object.values(depositRefundScreens),
  actions: {
    pay: {
      /**
       * The payout: what of it is the order's deposit (at most what the order still holds) leaves the deposit
       * ledger as 退还, in the payout's transaction; the rest was rent or charges paid ahead.
       */
      async run(ctx, refund, body) {
        const { held } = await depositTotalsOf(ctx.tx, ctx.auth.tenantId, Number(refund.orderId));
        await postDepositMovement(ctx.tx, ctx.auth, {
          orderId: Number(refund.orderId),
          kind: depositEntryKinds.refunded,
          amount: Math.min(Number(refund.amount), held),
          note: `押金退款 ${String(refund.refundNo)} 已打款`,
          day: String(body.paidOn),
          refundId: Number(refund.id),
          settlementId: Number(refund.settlementId),
        });
        return null;
      },
      patch: (body) => ({
        payeeName: body.payeeName,
        bankName: body.bankName,
        bankAccount: body.bankAccount,
        paidOn: body.paidOn,
        paymentReference: body.paymentReference,
      }),
    },
    resubmit: {
      async run(ctx, refund) {
        const [driver] = await ctx.tx
          .select({ name: drivers.name })
          .from(drivers)
          .where(eq(drivers.id, Number(refund.driverId)));
        await submitRefund(
          ctx,
          { id: Number(refund.id), refundNo: String(refund.refundNo), amount: Number(refund.amount) },
          driver?.name ?? '',
        );
        return null;
      },
      patch: (body) => ({ remark: body.remark }),
    },
  },
});

approvalBusiness(approvalBusinessTypes.refund, depositRefundFamily);

/** A refund's approval decides it: 通过 → 待打款; 驳回 or 撤回 → 已驳回, to be sent again with a note. */
onApprovalOutcome(approvalBusinessTypes.refund, async ({ tx, tenantId, businessId, outcome, userId }) => {
  await tx
    .update(depositRefunds)
    .set({
      status: outcome === 'approved' ? depositRefundStates.approved : depositRefundStates.rejected,
      updatedAt: businessNow(),
      updatedBy: userId,
    })
    .where(
      and(
        eq(depositRefunds.id, businessId),
        eq(depositRefunds.tenantId, tenantId),
        eq(depositRefunds.status, depositRefundStates.inApproval),
      ),
    );
});
