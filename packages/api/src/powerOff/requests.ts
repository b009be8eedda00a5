import {
  approvalBusinessTypes,
  enums,
  leaseOrderStates,
  powerOffOrderKinds,
  powerOffStates,
  receivableStates,
} from '@cp/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { startApproval } from '../approvals/engine';
import { approvalProcesses } from '../approvals/tables';
import { businessNow } from '../clock';
import type { Tx } from '../db';
import { writtenBy } from '../db/columns';
import { rowsOf } from '../db/migrate';
import { businessError } from '../http/errors';
import { serialNumber } from '../orders/numbers';
import { leaseOrders } from '../orders/tables';
import { vehicles } from '../vehicles/tables';
import { gateway } from './commands';
import { deviceOf } from './devices';
import { powerOffRequests as q } from './tables';

type Actor = { tx: Tx; auth: { tenantId: number; userId: number } };

/** 逾期欠款 of an order, from the ledger: what its receivables past due still owe, late fees included. */
export async function overdueOwed(tx: Tx, tenantId: number, orderId: number): Promise<number> {
  const [row] = rowsOf<{ owed: string | null }>(
    await tx.execute(sql`
      select sum(amount + late_fee - received - relieved) as owed from order_receivables
      where tenant_id = ${tenantId} and order_id = ${orderId} and status = ${receivableStates.overdue}`),
  );
  return Number(row?.owed ?? 0);
}

/**
 * What a request for an order holds besides what was typed: the order in force and its car, the car's
 * terminal now, the customer, the city, and (for 欠租) the arrears the ledger shows — none is refused in words.
 */
export async function requestValues(ctx: Actor, orderId: number, reason: number) {
  const [order] = await ctx.tx
    .select({
      orderNo: leaseOrders.orderNo,
      status: leaseOrders.status,
      vehicleId: leaseOrders.vehicleId,
      driverId: leaseOrders.driverId,
      cityId: leaseOrders.cityId,
      plateNo: vehicles.plateNo,
    })
    .from(leaseOrders)
    .leftJoin(vehicles, eq(vehicles.id, leaseOrders.vehicleId))
    .where(and(eq(leaseOrders.id, orderId), eq(leaseOrders.tenantId, ctx.auth.tenantId)));
  if (!order) throw businessError('订单：不存在');
  if (order.status !== leaseOrderStates.performing) throw businessError(`订单：${order.orderNo} 不是履约中的租赁订单`);
  if (!order.vehicleId) throw businessError(`订单：${order.orderNo} 尚未交车，没有在用车辆`);
  const arrears = await overdueOwed(ctx.tx, ctx.auth.tenantId, orderId);
  if (reason === 0 && arrears <= 0) throw businessError(`订单：${order.orderNo} 没有逾期欠款，不能以「欠租」申请断电`);
  const [holding] = await ctx.tx
    .select({ requestNo: q.requestNo })
    .from(q)
    .where(and(eq(q.vehicleId, order.vehicleId), inArray(q.status, holdingStates)));
  if (holding) throw businessError(`车辆 ${order.plateNo ?? ''} 已有进行中的断电申请 ${holding.requestNo}`);
  const imei = await deviceOf(ctx.tx, gateway, ctx.auth, order.vehicleId);
  if (!imei) throw businessError(`车辆 ${order.plateNo ?? ''} 未安装车载终端（GPS设备号为空），不能断电`);
  return {
    requestNo: await serialNumber(ctx, 'DD', 'power_off_request_no_seq', 6),
    orderKind: powerOffOrderKinds.lease,
    orderNo: order.orderNo,
    vehicleId: order.vehicleId,
    deviceImei: imei,
    driverId: order.driverId,
    cityId: order.cityId,
    arrears,
    plateNo: order.plateNo ?? '',
  };
}

const holdingStates: number[] = [
  powerOffStates.inApproval,
  powerOffStates.approved,
  powerOffStates.cutting,
  powerOffStates.cut,
  powerOffStates.restoring,
  powerOffStates.failed,
];

/** The to-do lists' summary of a request: `断电申请 DD20261125000001 京A12345 欠租`. */
const requestTitle = (requestNo: string, plate: string, reason: number) =>
  `断电申请 ${requestNo} ${plate} ${enums.powerOffReason.label(reason)}`;

/** Starts a request's approval in the caller's transaction. */
export async function startRequestApproval(ctx: Actor, id: number, requestNo: string, plate: string, reason: number) {
  return startApproval(ctx, {
    businessType: approvalBusinessTypes.powerOff,
    businessId: id,
    title: requestTitle(requestNo, plate, reason),
  });
}

/** Whether the branch company has an enabled process for 断电申请 (a 催收 escalation needs one to arrive). */
async function approvalReady(tx: Tx, tenantId: number): Promise<boolean> {
  const [process] = await tx
    .select({ id: approvalProcesses.id })
    .from(approvalProcesses)
    .where(
      and(
        eq(approvalProcesses.tenantId, tenantId),
        eq(approvalProcesses.businessType, approvalBusinessTypes.powerOff),
        eq(approvalProcesses.enabled, true),
      ),
    );
  return Boolean(process);
}

/** A request made by the system's own paths (催收's escalation, the demo), sent to approval; answers its ids. */
async function createRequest(
  ctx: Actor,
  own: { orderId: number; reason: number; remark: string; collectionRecordId?: number },
): Promise<{ id: number; instanceId: number }> {
  const { plateNo, ...values } = await requestValues(ctx, own.orderId, own.reason);
  const now = businessNow();
  const [row] = await ctx.tx
    .insert(q)
    .values({
      ...values,
      ...own,
      remark: own.remark.slice(0, 200),
      ...writtenBy(ctx.auth),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: q.id });
  if (!row) throw new Error('insert returned no row');
  return { id: row.id, instanceId: await startRequestApproval(ctx, row.id, values.requestNo, plateNo, own.reason) };
}

/**
 * 催收's 申请断电 as a request: for the overdue account's order (欠租), applied for by the collector, sent to
 * approval. Nothing is made when the order has no car, owes nothing past due, its car already has a request,
 * or the branch company has no process for it: the contact is recorded all the same.
 */
export async function requestFromCollection(ctx: Actor, recordId: number, orderId: number, result: string) {
  if (!(await approvalReady(ctx.tx, ctx.auth.tenantId))) return;
  try {
    await requestValues(ctx, orderId, 0);
  } catch {
    return;
  }
  await createRequest(ctx, { orderId, reason: 0, remark: `催收升级：${result}`, collectionRecordId: recordId });
}
