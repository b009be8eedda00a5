import {
  approvalBusinessTypes,
  enums,
  leaseOrderStates,
  orderChangeKinds,
  orderChangeRequestResource,
  orderChangeRequestScreens,
  orderChangeStates,
  yuanText,
} from '@cp/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { approvalBusiness } from '../approvals/business';
import { startApproval } from '../approvals/engine';
import { onApprovalOutcome } from '../approvals/outcomes';
import { diff } from '../audit/service';
import { auditLog } from '../audit/tables';
import { businessNow } from '../clock';
import { writtenBy } from '../db/columns';
import { businessError } from '../http/errors';
import { users } from '../identity/tables';
import { translateUnique } from '../resource/db-errors';
import { type ActionImpl, defineServerResource, type Row, type WriteContext } from '../resource/family';
import { leaseOrders, orderChangeRequests } from './tables';

/** 订单变更申请: read on the order's detail and by the approvers of 订单变更审批. */
export const orderChangeRequestFamily = defineServerResource({
  resource: orderChangeRequestResource,
  table: orderChangeRequests,
  screens: Object.values(orderChangeRequestScreens),
});

approvalBusiness(approvalBusinessTypes.orderChange, orderChangeRequestFamily);

/** The lease order actions a change request applies once approved, by kind (their own run and patch). */
const appliers = new Map<number, ActionImpl>();

/** What a change asks, as the to-do lists and the request show it. */
const summaries: Record<number, (body: Row, order: Row) => string> = {
  [orderChangeKinds.changeType]: (body, order) => {
    const type = enums.orderType.label(Number(body.orderType));
    const from = enums.orderType.label(Number(order.orderType));
    const final = body.finalPayment === undefined ? '' : `，尾款 ${yuanText(Number(body.finalPayment))}元`;
    return `订单类型 ${from} → ${type}${final}`;
  },
  [orderChangeKinds.delay]: (body, order) =>
    `延期 ${Number(body.extraMonths)} 个月（租期 ${Number(order.termMonths)} → ${Number(order.termMonths) + Number(body.extraMonths)} 个月）${
      body.remark ? `：${String(body.remark)}` : ''
    }`,
};

const requested = (result: unknown): result is { changeRequestId: string } =>
  typeof result === 'object' && result !== null && 'changeRequestId' in result;

/**
 * A change of an order in force goes through approval: taken on an order 履约中, the action records a 订单变更申请
 * with its body and starts 订单变更审批, changing nothing of the order; the action's own `run` and `patch`
 * (`impl`) apply it when the approval passes. On an order not yet in force (待审批) it is applied at once.
 */
export function throughApproval(
  kind: number,
  impl: ActionImpl,
  /** What refuses the change when it is asked for (it runs again, through `impl`, when it is applied). */
  refuse?: (ctx: WriteContext, order: Row, body: Row) => Promise<void>,
): ActionImpl {
  appliers.set(kind, impl);
  return {
    async run(ctx, order, body) {
      await refuse?.(ctx, order, body);
      if (Number(order.status) !== leaseOrderStates.performing) return impl.run ? impl.run(ctx, order, body) : null;
      const summary = (summaries[kind] as (body: Row, order: Row) => string)(body, order);
      let request: { id: number } | undefined;
      try {
        [request] = await ctx.tx
          .insert(orderChangeRequests)
          .values({
            orderId: Number(order.id),
            orderNo: String(order.orderNo),
            kind,
            body,
            summary,
            ...writtenBy(ctx.auth),
          })
          .returning({ id: orderChangeRequests.id });
      } catch (error) {
        throw translateUnique(error, {
          order_change_requests_order_open_key: `订单 ${String(order.orderNo)} 已有审批中的变更申请，请等待审批结束`,
        });
      }
      if (!request) throw new Error('change request insert returned no row');
      await startApproval(ctx, {
        businessType: approvalBusinessTypes.orderChange,
        businessId: request.id,
        title: `订单变更 ${String(order.orderNo)} ${summary}`,
      });
      return { changeRequestId: String(request.id) };
    },
    patch: (body, order, ctx, result) =>
      requested(result) ? {} : impl.patch ? impl.patch(body, order, ctx, result) : {},
  };
}

/**
 * 订单变更审批's outcome: 通过 applies the change to the order (the action's own run and patch, as the approver,
 * with an entry in the order's history) if it is still in force — otherwise the approval is refused, to be
 * rejected; 驳回 or 撤回 leave the order as it is.
 */
onApprovalOutcome(approvalBusinessTypes.orderChange, async ({ tx, tenantId, businessId, outcome, userId }) => {
  const [request] = await tx
    .select()
    .from(orderChangeRequests)
    .where(
      and(
        eq(orderChangeRequests.id, businessId),
        eq(orderChangeRequests.tenantId, tenantId),
        eq(orderChangeRequests.status, orderChangeStates.inApproval),
      ),
    )
    .for('update');
  if (!request) return;
  const decided = (status: number) =>
    tx
      .update(orderChangeRequests)
      .set({
        status,
        decidedAt: businessNow(),
        updatedAt: businessNow(),
        updatedBy: userId,
        version: sql`${orderChangeRequests.version} + 1`,
      })
      .where(eq(orderChangeRequests.id, request.id));
  if (outcome !== 'approved') {
    await decided(outcome === 'rejected' ? orderChangeStates.rejected : orderChangeStates.withdrawn);
    return;
  }
  const [order] = await tx
    .select()
    .from(leaseOrders)
    .where(and(eq(leaseOrders.id, request.orderId), eq(leaseOrders.tenantId, tenantId)))
    .for('update');
  if (order?.status !== leaseOrderStates.performing) {
    throw businessError(`订单 ${request.orderNo} 已不在履约中，不能按申请变更，请驳回该申请`);
  }
  const [user] = await tx.select({ name: users.userName }).from(users).where(eq(users.id, userId));
  // The approver applies it: the action's code as the approval's transaction (no request of its own).
  const ctx = { tx, auth: { tenantId, userId, userName: user?.name ?? '' } } as unknown as WriteContext;
  const impl = appliers.get(request.kind) as ActionImpl;
  const before = order as unknown as Row;
  const result = impl.run ? await impl.run(ctx, before, request.body) : null;
  const patch = impl.patch ? impl.patch(request.body, before, ctx, result) : {};
  const [after] = await tx
    .update(leaseOrders)
    .set({ ...patch, updatedAt: businessNow(), updatedBy: userId, version: sql`${leaseOrders.version} + 1` })
    .where(eq(leaseOrders.id, order.id))
    .returning();
  await tx.insert(auditLog).values({
    tenantId,
    userId,
    userName: user?.name ?? null,
    action: request.kind === orderChangeKinds.delay ? 'delay' : 'changeType',
    entity: 'leaseOrder',
    entityId: String(order.id),
    changes: diff(before, (after ?? null) as Row | null),
  });
  await decided(orderChangeStates.applied);
});
