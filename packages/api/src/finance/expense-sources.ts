// 添加费用's sources: what of a bill's order's car may be charged to it — violations and maintenance of the
// days the driver had it, not yet billed.
import {
  beijingDay,
  type ExpenseSourceOption,
  envelope,
  exchangeStates,
  expenseKindOfSource,
  expenseSourceOption,
  idText,
  leaseOrderStates,
} from '@cp/contracts';
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { businessToday } from '../clock';
import type { Db, Executor } from '../db';
import { access, sessionOf } from '../http/access';
import { notFound } from '../http/errors';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { exchangeOrders, leaseOrders, orderReceivables } from '../orders/tables';
import { carReturns, deliveries, maintenanceRecords, violations } from '../vehicles/record-tables';
import { bills } from './tables';

const r = orderReceivables;

/**
 * What may be charged to an order's bills: the violations (fines) and maintenance (costs) of the order's own
 * cars (the one it has, and one it exchanged) while its driver had them under the order — from the handover
 * (a renewal: its start) to the return (or the end of a term a renewal took over; the order in force: today) —
 * not charged before. A record of another driver's time with the car, or from before the handover, is not
 * offered, and 添加费用 refuses it.
 */
export async function expenseSources(tx: Executor, tenantId: number, orderId: number): Promise<ExpenseSourceOption[]> {
  const [order] = await tx
    .select({
      vehicleId: leaseOrders.vehicleId,
      driverId: leaseOrders.driverId,
      startDate: leaseOrders.startDate,
      endDate: leaseOrders.endDate,
      status: leaseOrders.status,
      deliveredAt: leaseOrders.deliveredAt,
      renewedFromId: leaseOrders.renewedFromId,
      returnedAt: sql<Date | null>`(select ${carReturns.returnedAt} from ${carReturns}
        where ${carReturns.id} = ${leaseOrders.returnId})`.mapWith((value) => (value ? new Date(value) : null)),
    })
    .from(leaseOrders)
    .where(and(eq(leaseOrders.id, orderId), eq(leaseOrders.tenantId, tenantId)));
  if (!order?.vehicleId || !order.deliveredAt) return [];
  // A renewal's car never left the driver: its time starts on its start day (its 交车时间 may be earlier).
  const from = order.renewedFromId ? order.startDate : beijingDay(order.deliveredAt);
  const until = order.returnedAt
    ? beijingDay(order.returnedAt)
    : order.status === leaseOrderStates.completed
      ? order.endDate
      : businessToday();
  if (until < from) return [];
  // The order's car, and the car an exchange of the order took back.
  const ofCars = (vehicleId: SQL) =>
    sql`(${vehicleId} = ${order.vehicleId} or ${vehicleId} in (select ${exchangeOrders.oldVehicleId}
      from ${exchangeOrders} where ${exchangeOrders.tenantId} = ${tenantId} and ${exchangeOrders.orderId} = ${orderId}
        and ${exchangeOrders.status} = ${exchangeStates.done}))`;
  /** The driver had the car at that moment: a handover of the car to the order's driver not ended before. */
  const withDriver = (vehicleId: SQL, at: SQL) =>
    sql`exists (select 1 from ${deliveries} where ${deliveries.tenantId} = ${tenantId}
      and ${deliveries.vehicleId} = ${vehicleId} and ${deliveries.driverId} = ${order.driverId}
      and ${deliveries.kind} = 0
      and (${deliveries.deliveredAt} at time zone 'Asia/Shanghai')::date <= ${at}
      and (${deliveries.endedAt} is null or (${deliveries.endedAt} at time zone 'Asia/Shanghai')::date >= ${at}))`;
  const charged = (kind: number, id: SQL) =>
    sql`not exists (select 1 from ${r} where ${r.sourceKind} = ${kind} and ${r.sourceId} = ${id})`;
  const fineDay = sql`(${violations.occurredAt} at time zone 'Asia/Shanghai')::date`;
  const fines = await tx
    .select({ id: violations.id, at: violations.occurredAt, item: violations.item, fine: violations.fine })
    .from(violations)
    .where(
      and(
        eq(violations.tenantId, tenantId),
        ofCars(sql`${violations.vehicleId}`),
        gt(violations.fine, 0),
        sql`${fineDay} between ${from}::date and ${until}::date`,
        sql`(${violations.driverId} is null or ${violations.driverId} = ${order.driverId})`,
        withDriver(sql`${violations.vehicleId}`, fineDay),
        charged(1, sql`${violations.id}`),
      ),
    )
    .orderBy(asc(violations.occurredAt))
    .limit(200);
  const repairs = await tx
    .select({
      id: maintenanceRecords.id,
      day: maintenanceRecords.serviceDate,
      vendor: maintenanceRecords.vendor,
      cost: maintenanceRecords.cost,
    })
    .from(maintenanceRecords)
    .where(
      and(
        eq(maintenanceRecords.tenantId, tenantId),
        ofCars(sql`${maintenanceRecords.vehicleId}`),
        gt(maintenanceRecords.cost, 0),
        sql`${maintenanceRecords.serviceDate} between ${from}::date and ${until}::date`,
        withDriver(sql`${maintenanceRecords.vehicleId}`, sql`${maintenanceRecords.serviceDate}`),
        charged(2, sql`${maintenanceRecords.id}`),
      ),
    )
    .orderBy(asc(maintenanceRecords.serviceDate))
    .limit(200);
  return [
    ...fines.map((row) => {
      const day = beijingDay(row.at);
      return {
        sourceKind: 1,
        sourceId: String(row.id),
        kind: expenseKindOfSource[1] as number,
        label: `违章 ${day} ${row.item}`,
        amount: row.fine,
        day,
      };
    }),
    ...repairs.map((row) => ({
      sourceKind: 2,
      sourceId: String(row.id),
      kind: expenseKindOfSource[2] as number,
      label: `维修保养 ${row.day} ${row.vendor}`,
      amount: row.cost,
      day: row.day,
    })),
  ];
}

/** 添加费用's picker: what of the bill's order's car may be charged (`GET /api/bills/:id/expense-sources`). */
export const billExpenseRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/bills/:id/expense-sources',
    {
      config: { access: access.permission('billList:addExpense') },
      schema: {
        summary: '添加费用：该账单订单车辆自交车至还车期间、该司机用车时未计费的违章与维修保养记录',
        tags: ['账单'],
        params: z.strictObject({ id: idText }),
        response: { 200: envelope(z.array(expenseSourceOption)) },
      },
    },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const [bill] = await db
        .select({ orderId: bills.orderId })
        .from(bills)
        .where(and(eq(bills.id, Number(request.params.id)), eq(bills.tenantId, tenantId)));
      if (!bill) throw notFound('账单');
      return ok(await expenseSources(db, tenantId, bill.orderId));
    },
  );
};
