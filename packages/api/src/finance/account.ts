import {
  type CustomerAccount,
  customerAccount,
  depositRefundStates,
  envelope,
  idText,
  routesByKey,
} from '@cp/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db';
import { rowsOf } from '../db/migrate';
import { drivers } from '../drivers/tables';
import { access, sessionOf } from '../http/access';
import { notFound } from '../http/errors';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { depositTotalsOfDriver } from '../orders/deposits';
import { depositRefunds } from '../orders/tables';
import { lateFeeKind } from './lateFees';
import { payments } from './tables';

/** A customer's whole account in the session's branch company, or null when they are not its customer. */
async function customerAccountOf(db: Db, tenantId: number, driverId: number): Promise<CustomerAccount | null> {
  const [driver] = await db
    .select({ id: drivers.id, name: drivers.name, mobile: drivers.mobile })
    .from(drivers)
    .where(and(eq(drivers.id, driverId), eq(drivers.tenantId, tenantId)));
  if (!driver) return null;
  const kinds = rowsOf<{
    kind: number;
    due: string;
    late_fee: string;
    received: string;
    relieved: string;
    principal_received: string;
    principal_relieved: string;
    overdue: string;
  }>(
    await db.execute(sql`
      select kind, sum(amount)::text as due, sum(late_fee)::text as late_fee, sum(received)::text as received,
        sum(relieved)::text as relieved,
        -- Money goes to a receivable's principal first, then to its late fee.
        sum(least(relieved, amount))::text as principal_relieved,
        sum(least(received, amount - least(relieved, amount)))::text as principal_received,
        coalesce(sum(amount + late_fee - received - relieved) filter (where status = 3), 0)::text as overdue
      from order_receivables where tenant_id = ${tenantId} and driver_id = ${driverId} and status <> 5
      group by kind order by kind`),
  );
  const orders = rowsOf<{
    id: string;
    order_no: string;
    status: number;
    start_date: string;
    end_date: string;
    rent: string;
    outstanding: string | null;
    overdue_days: number | null;
  }>(
    await db.execute(sql`
      select o.id::text, o.order_no, o.status, o.start_date::text, o.end_date::text, o.rent::text,
        (select sum(r.amount + r.late_fee - r.received - r.relieved) from order_receivables r
          where r.order_id = o.id and r.status <> 5)::text as outstanding,
        (select max(r.overdue_days) from order_receivables r where r.order_id = o.id and r.status = 3) as overdue_days
      from lease_orders o where o.tenant_id = ${tenantId} and o.driver_id = ${driverId}
      order by o.start_date desc, o.id desc`),
  );
  const paid = await db
    .select({
      id: payments.id,
      paymentNo: payments.paymentNo,
      paidOn: payments.paidOn,
      amount: payments.amount,
      allocated: payments.allocated,
      channel: payments.channel,
      status: payments.status,
    })
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), eq(payments.driverId, driverId)))
    .orderBy(desc(payments.paidOn), desc(payments.id))
    .limit(50);
  // Each kind its principal; late fee is its own money (滞纳金), never counted as rent received.
  const byKind = kinds.map((row) => ({
    kind: row.kind,
    due: Number(row.due),
    received: Number(row.principal_received),
    relieved: Number(row.principal_relieved),
    outstanding: Number(row.due) - Number(row.principal_received) - Number(row.principal_relieved),
  }));
  const lateFees = {
    due: kinds.reduce((total, row) => total + Number(row.late_fee), 0),
    received: kinds.reduce((total, row) => total + Number(row.received) - Number(row.principal_received), 0),
    relieved: kinds.reduce((total, row) => total + Number(row.relieved) - Number(row.principal_relieved), 0),
  };
  if (lateFees.due + lateFees.received + lateFees.relieved > 0) {
    const own = byKind.find((row) => row.kind === lateFeeKind);
    const line = own ?? { kind: lateFeeKind, due: 0, received: 0, relieved: 0, outstanding: 0 };
    line.due += lateFees.due;
    line.received += lateFees.received;
    line.relieved += lateFees.relieved;
    line.outstanding = line.due - line.received - line.relieved;
    if (!own) byKind.push(line);
    byKind.sort((a, b) => a.kind - b.kind);
  }
  const sum = (key: keyof (typeof kinds)[number]) => kinds.reduce((total, row) => total + Number(row[key]), 0);
  const deposits = await depositTotalsOfDriver(db, tenantId, driverId);
  const refunds = await db
    .select({
      id: depositRefunds.id,
      refundNo: depositRefunds.refundNo,
      orderNo: depositRefunds.orderNo,
      settlementNo: depositRefunds.settlementNo,
      amount: depositRefunds.amount,
      status: depositRefunds.status,
      paidOn: depositRefunds.paidOn,
    })
    .from(depositRefunds)
    .where(and(eq(depositRefunds.tenantId, tenantId), eq(depositRefunds.driverId, driverId)))
    .orderBy(desc(depositRefunds.id));
  return {
    driver: { id: String(driver.id), name: driver.name, mobile: driver.mobile },
    totals: {
      due: sum('due'),
      lateFee: sum('late_fee'),
      received: sum('received'),
      relieved: sum('relieved'),
      outstanding: byKind.reduce((total, row) => total + row.outstanding, 0),
      overdue: sum('overdue'),
      deposit: deposits.reduce((total, row) => total + row.held, 0),
      refunded: refunds
        .filter((row) => row.status === depositRefundStates.paid)
        .reduce((total, row) => total + row.amount, 0),
    },
    deposits: deposits.map((row) => ({ ...row, orderId: String(row.orderId) })),
    refunds: refunds.map((row) => ({ ...row, id: String(row.id) })),
    byKind,
    orders: orders.map((row) => ({
      id: row.id,
      orderNo: row.order_no,
      status: row.status,
      startDate: row.start_date,
      endDate: row.end_date,
      rent: Number(row.rent),
      outstanding: Number(row.outstanding ?? 0),
      overdueDays: row.overdue_days ?? 0,
    })),
    payments: paid.map((row) => ({ ...row, id: String(row.id) })),
  };
}

/** 查看账户 (`/lookaccount?driverId=`), behind 坏账列表's menu. */
export const customerAccountRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/customer-accounts/:driverId',
    {
      config: { access: access.permission(routesByKey.get('lookaccount')?.menuKey ?? 'badDebtList') },
      schema: {
        summary: '查看账户：客户的订单、各类应收、实收、逾期与押金',
        tags: ['坏账管理'],
        params: z.strictObject({ driverId: idText }),
        response: { 200: envelope(customerAccount) },
      },
    },
    async (request) => {
      const account = await customerAccountOf(db, sessionOf(request).tenantId, Number(request.params.driverId));
      if (!account) throw notFound('客户');
      return ok(account);
    },
  );
};
