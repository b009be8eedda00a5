import {
  approvalBusinessTypes,
  leaseOrderStates,
  powerCommandKinds,
  powerCommandLogResource,
  powerCommandLogScreens,
  powerOffRequestResource,
  powerOffRequestScreens,
  powerOffStates,
} from '@cp/contracts';
import { and, desc, eq, ilike, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import { approvalBusiness } from '../approvals/business';
import { onApprovalOutcome } from '../approvals/outcomes';
import { businessNow } from '../clock';
import { drivers } from '../drivers/tables';
import { onOrderMoneyMoved, onPowerOffEscalation } from '../finance/ledger-events';
import { defineServerLookup } from '../lookups/registry';
import { leaseOrders } from '../orders/tables';
import { defineServerResource, type WriteContext } from '../resource/family';
import { contains } from '../resource/query';
import { vehicles } from '../vehicles/tables';
import { auditRequest, queueCommand } from './commands';
import { overdueOwed, requestFromCollection, requestValues, startRequestApproval } from './requests';
import { powerCommandLogs, powerOffRequests as q } from './tables';

const wakeRunner = (ctx: WriteContext) => ctx.afterCommit(() => ctx.request.server.jobs.wake());

/**
 * 断电申请 and 断电管理: a request is made for an order in force (its car, terminal, customer and arrears taken
 * from it) and sent to 断电申请审批; once approved, 断电 queues the cut and 复电 the restore, each a command
 * the jobs send through the device gateway.
 */
export const powerOffRequestFamily = defineServerResource({
  resource: powerOffRequestResource,
  table: q,
  screens: Object.values(powerOffRequestScreens),
  async prepare(values, ctx, before) {
    if (before) return values;
    const { plateNo: _plate, ...own } = await requestValues(ctx, Number(values.orderId), Number(values.reason));
    return { ...values, ...own };
  },
  async onChange(ctx, before, after) {
    if (before || !after) return;
    const [car] = await ctx.tx
      .select({ plateNo: vehicles.plateNo })
      .from(vehicles)
      .where(eq(vehicles.id, Number(after.vehicleId)));
    await startRequestApproval(
      ctx,
      Number(after.id),
      String(after.requestNo),
      car?.plateNo ?? '',
      Number(after.reason),
    );
  },
  actions: {
    powerOff: {
      async run(ctx, row) {
        await queueCommand(
          ctx.tx,
          ctx.auth,
          { id: Number(row.id), vehicleId: Number(row.vehicleId) },
          powerCommandKinds.cut,
        );
        wakeRunner(ctx);
        return null;
      },
      patch: () => ({ failReason: null }),
    },
    powerOn: {
      async run(ctx, row) {
        await queueCommand(
          ctx.tx,
          ctx.auth,
          { id: Number(row.id), vehicleId: Number(row.vehicleId) },
          powerCommandKinds.restore,
        );
        wakeRunner(ctx);
        return null;
      },
      patch: (body) => ({ restoreReason: body.reason, failReason: null }),
    },
  },
});

/** 指令日志 of a request, read-only. */
export const powerCommandLogFamily = defineServerResource({
  resource: powerCommandLogResource,
  table: powerCommandLogs,
  screens: Object.values(powerCommandLogScreens),
});

approvalBusiness(approvalBusinessTypes.powerOff, powerOffRequestFamily);

/**
 * An approval's end: 通过 makes the request 待断电 — or 已取消 when its arrears were paid meanwhile — 驳回 and
 * 撤回 close it.
 */
onApprovalOutcome(approvalBusinessTypes.powerOff, async ({ tx, tenantId, businessId, outcome, userId }) => {
  const [request] = await tx
    .select()
    .from(q)
    .where(and(eq(q.id, businessId), eq(q.tenantId, tenantId), eq(q.status, powerOffStates.inApproval)))
    .for('update');
  if (!request) return;
  const paid =
    outcome === 'approved' && request.reason === 0 && (await overdueOwed(tx, tenantId, request.orderId)) <= 0;
  const status =
    outcome === 'approved'
      ? paid
        ? powerOffStates.cancelled
        : powerOffStates.approved
      : outcome === 'rejected'
        ? powerOffStates.rejected
        : powerOffStates.withdrawn;
  const now = businessNow();
  await tx
    .update(q)
    .set({
      status,
      decidedAt: now,
      ...(paid ? { restoreReason: '审批通过时欠款已结清，无需断电' } : {}),
      updatedAt: now,
      updatedBy: userId,
      version: request.version + 1,
    })
    .where(eq(q.id, request.id));
});

/**
 * The ledger moved money of these orders: a 欠租 request whose order owes nothing past due any more is
 * called off (not cut yet) or its car restored — the queued cut cancelled, a restore command queued — logged
 * in its 变更记录 as the system's.
 */
onOrderMoneyMoved(async (ctx, orderIds) => {
  const open = await ctx.tx
    .select()
    .from(q)
    .where(
      and(
        eq(q.tenantId, ctx.auth.tenantId),
        eq(q.orderKind, 1),
        inArray(q.orderId, [...orderIds]),
        eq(q.reason, 0),
        inArray(q.status, [powerOffStates.approved, powerOffStates.cutting, powerOffStates.cut, powerOffStates.failed]),
      ),
    )
    .orderBy(q.id)
    .for('update');
  for (const request of open) {
    if ((await overdueOwed(ctx.tx, ctx.auth.tenantId, request.orderId)) > 0) continue;
    const now = businessNow();
    const cancel = request.status === powerOffStates.approved;
    const status = cancel ? powerOffStates.cancelled : powerOffStates.restoring;
    const restoreReason = cancel ? '欠款已结清，断电取消' : '欠款已结清，自动复电';
    await ctx.tx
      .update(q)
      .set({ status, restoreReason, updatedAt: now, updatedBy: ctx.auth.userId, version: request.version + 1 })
      .where(eq(q.id, request.id));
    if (!cancel) await queueCommand(ctx.tx, ctx.auth, request, powerCommandKinds.restore);
    await auditRequest(ctx.tx, ctx.auth.tenantId, request.id, cancel ? 'cancel' : 'powerOn', '系统（欠款结清）', {
      status: { from: request.status, to: status },
      restoreReason: { from: request.restoreReason, to: restoreReason },
    });
  }
});

onPowerOffEscalation((ctx, recordId, account, result) =>
  requestFromCollection(ctx, recordId, Number(account.orderId), result),
);

defineServerLookup('powerOffOrder', {
  async search(db, tenantId, { text, ids, limit }) {
    const conditions: (SQL | undefined)[] = [eq(leaseOrders.tenantId, tenantId)];
    if (ids) conditions.push(inArray(leaseOrders.id, [...ids]));
    else conditions.push(eq(leaseOrders.status, leaseOrderStates.performing), isNotNull(leaseOrders.vehicleId));
    if (text)
      conditions.push(
        or(contains(leaseOrders.orderNo, text), ilike(drivers.name, `%${text.replace(/[%_\\]/g, '\\$&')}%`)),
      );
    const rows = await db
      .select({ id: leaseOrders.id, orderNo: leaseOrders.orderNo, name: drivers.name, plateNo: vehicles.plateNo })
      .from(leaseOrders)
      .innerJoin(drivers, eq(drivers.id, leaseOrders.driverId))
      .leftJoin(vehicles, eq(vehicles.id, leaseOrders.vehicleId))
      .where(and(...conditions))
      .orderBy(desc(leaseOrders.id))
      .limit(limit);
    return rows.map((row) => ({ id: row.id, name: `${row.orderNo}（${row.name}，${row.plateNo ?? '未交车'}）` }));
  },
});
