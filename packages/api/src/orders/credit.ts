import {
  approvalBusinessTypes,
  approvalInstanceStates,
  approvalTaskStates,
  type CreditProblem,
  creditCovered,
  creditProblemOf,
  creditRefusal,
  creditTitle,
  driverStatus,
  overdueCaseStates,
  receivableStates,
} from '@cp/contracts';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { onApprovalOutcome } from '../approvals/outcomes';
import { approvalInstances, approvalTasks } from '../approvals/tables';
import { businessNow } from '../clock';
import type { Tx } from '../db';
import { drivers } from '../drivers/tables';
import { overdueCases } from '../finance/tables';
import { businessError } from '../http/errors';
import type { Row, WriteContext } from '../resource/family';
import { exchangeOrders, leaseOrders, orderReceivables } from './tables';

/**
 * Where the order family asks for the credit check:
 * - `create`: a new order is saved with the problem found (its answer: the columns to save with it);
 * - `renew`: the renewal just written (`order` is the renewal) gets the problem found;
 * - `submit`: 提交审批 records the problem found now on the order and titles the approval with it;
 * - `exchange`: 换车 / 重新提交 of an exchange (`exchangeId`): the problem no override covers is recorded on the
 *   order (its override cleared) and the exchange's approval titled with it;
 * - `deliver`: 填写交车信息 (of a new order or a renewal) refuses a problem no override covers;
 * - `exchangeHandover`: 换车交接 refuses a problem no override covers.
 */
export type CreditCheckStep = 'create' | 'renew' | 'submit' | 'exchange' | 'deliver' | 'exchangeHandover';

/** What the branch company knows against a driver now: 冻结/黑名单, and principal past due still owed. */
async function problemOf(tx: Tx, tenantId: number, driverId: number): Promise<CreditProblem | null> {
  const [driver] = await tx
    .select({ name: drivers.name, status: drivers.status })
    .from(drivers)
    .where(and(eq(drivers.id, driverId), eq(drivers.tenantId, tenantId)));
  if (!driver) return null;
  const outstanding = sql`(${orderReceivables.amount} - ${orderReceivables.received} - ${orderReceivables.relieved})`;
  const [owed] = await tx
    .select({
      amount: sql<number>`coalesce(sum(${outstanding}), 0)`.mapWith(Number),
      days: sql<number>`coalesce(max(${orderReceivables.overdueDays}), 0)`.mapWith(Number),
    })
    .from(orderReceivables)
    .where(
      and(
        eq(orderReceivables.tenantId, tenantId),
        eq(orderReceivables.driverId, driverId),
        eq(orderReceivables.status, receivableStates.overdue),
        sql`${outstanding} > 0`,
      ),
    );
  const [open] = await tx
    .select({
      amount: sql<number>`coalesce(sum(${overdueCases.overdueAmount}), 0)`.mapWith(Number),
      days: sql<number>`coalesce(max(${overdueCases.overdueDays}), 0)`.mapWith(Number),
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(overdueCases)
    .where(
      and(
        eq(overdueCases.tenantId, tenantId),
        eq(overdueCases.driverId, driverId),
        eq(overdueCases.status, overdueCaseStates.open),
      ),
    );
  const receivablesOwed = owed?.amount ?? 0;
  // An open overdue account is money past due even where its receivables' states lag behind the job.
  const accountOwed = (open?.count ?? 0) > 0 ? Math.max(open?.amount ?? 0, 1) : 0;
  return creditProblemOf({
    driverName: driver.name,
    frozen: driver.status === driverStatus.frozen,
    blacklisted: driver.status === driverStatus.blacklisted,
    overdueAmount: receivablesOwed > 0 ? receivablesOwed : accountOwed,
    overdueDays: Math.max(owed?.days ?? 0, open?.days ?? 0),
  });
}

const overrideOf = (order: Row) => ({
  creditFlags: Number(order.creditFlags ?? 0),
  overridden: order.creditOverrideAt != null,
});

/** Gives the running approval of a business the problem in its title (instance and open tasks alike). */
async function retitle(tx: Tx, tenantId: number, businessType: number, businessId: number, problem: CreditProblem) {
  const [instance] = await tx
    .select({ id: approvalInstances.id, title: approvalInstances.title })
    .from(approvalInstances)
    .where(
      and(
        eq(approvalInstances.tenantId, tenantId),
        eq(approvalInstances.businessType, businessType),
        eq(approvalInstances.businessId, businessId),
        eq(approvalInstances.status, approvalInstanceStates.running),
      ),
    );
  if (!instance) return;
  const title = creditTitle(instance.title, problem);
  await tx.update(approvalInstances).set({ title }).where(eq(approvalInstances.id, instance.id));
  await tx.update(approvalTasks).set({ title }).where(eq(approvalTasks.instanceId, instance.id));
}

/** Records a problem on an order: its words and kinds; an override given for other kinds no longer stands. */
async function record(tx: Tx, ctx: WriteContext, orderId: number, problem: CreditProblem | null) {
  await tx
    .update(leaseOrders)
    .set({
      creditIssue: problem?.text ?? null,
      creditFlags: problem?.flags ?? 0,
      creditOverrideBy: null,
      creditOverrideAt: null,
      updatedAt: businessNow(),
      updatedBy: ctx.auth.userId,
    })
    .where(and(eq(leaseOrders.id, orderId), eq(leaseOrders.tenantId, ctx.auth.tenantId)));
}

/**
 * The credit check of an order's step (#23 item 8; see `CreditCheckStep`). A driver who is 冻结 or 黑名单 or
 * owes money past due gets no car: the order (or renewal, or exchange) is saved with the problem recorded and
 * its approval — which goes to 运营经理 — titled with it; that approval passing is the override, recorded on
 * the order (who, when); a handover refuses a problem no override covers, with why
 * (`司机张三已冻结，不能交车`). Answers the columns a new order is saved with (`create`), else nothing.
 */
export async function creditCheck(
  ctx: WriteContext,
  step: CreditCheckStep,
  order: Row,
  exchangeId?: number,
): Promise<Row> {
  const { tx, auth } = ctx;
  const problem = await problemOf(tx, auth.tenantId, Number(order.driverId));
  const covered = problem !== null && creditCovered(problem, overrideOf(order));
  switch (step) {
    case 'create':
      return { creditIssue: problem?.text ?? null, creditFlags: problem?.flags ?? 0 };
    case 'renew':
      await record(tx, ctx, Number(order.id), problem);
      return {};
    case 'submit':
      if (!covered && (problem || order.creditOverrideAt == null)) await record(tx, ctx, Number(order.id), problem);
      if (problem) await retitle(tx, auth.tenantId, approvalBusinessTypes.leaseOrder, Number(order.id), problem);
      return {};
    case 'exchange':
      if (!problem) return {};
      if (!covered) await record(tx, ctx, Number(order.id), problem);
      if (exchangeId) await retitle(tx, auth.tenantId, approvalBusinessTypes.exchange, exchangeId, problem);
      return {};
    case 'deliver':
      if (problem && !covered) throw businessError(creditRefusal(problem, order.renewedFromId ? 'renew' : 'deliver'));
      return {};
    case 'exchangeHandover':
      if (problem && !covered) throw businessError(creditRefusal(problem, 'exchangeHandover'));
      return {};
  }
}

/**
 * The override: an approval of an order (or of its exchange) that passes while the order carries a problem
 * not yet overridden records who overrode it — the approver who passed its first node (运营经理 in every
 * seeded process), else the last decider — and when, in the deciding transaction.
 */
async function recordOverride(tx: Tx, tenantId: number, orderId: number, instanceId: number, lastDecider: number) {
  const [first] = await tx
    .select({ approverId: approvalTasks.approverId })
    .from(approvalTasks)
    .where(and(eq(approvalTasks.instanceId, instanceId), eq(approvalTasks.status, approvalTaskStates.approved)))
    .orderBy(asc(approvalTasks.nodeIndex), asc(approvalTasks.id))
    .limit(1);
  await tx
    .update(leaseOrders)
    .set({ creditOverrideBy: first?.approverId ?? lastDecider, creditOverrideAt: businessNow() })
    .where(
      and(
        eq(leaseOrders.id, orderId),
        eq(leaseOrders.tenantId, tenantId),
        ne(leaseOrders.creditFlags, 0),
        isNull(leaseOrders.creditOverrideAt),
      ),
    );
}

onApprovalOutcome(
  approvalBusinessTypes.leaseOrder,
  async ({ tx, tenantId, businessId, instanceId, outcome, userId }) => {
    if (outcome === 'approved') await recordOverride(tx, tenantId, businessId, instanceId, userId);
  },
);

onApprovalOutcome(approvalBusinessTypes.exchange, async ({ tx, tenantId, businessId, instanceId, outcome, userId }) => {
  if (outcome !== 'approved') return;
  const [exchange] = await tx
    .select({ orderId: exchangeOrders.orderId })
    .from(exchangeOrders)
    .where(and(eq(exchangeOrders.id, businessId), eq(exchangeOrders.tenantId, tenantId)));
  if (exchange) await recordOverride(tx, tenantId, exchange.orderId, instanceId, userId);
});
