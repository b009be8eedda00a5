import {
  approvalBusinessTypes,
  badDebtBillResource,
  badDebtBillScreens,
  billResource,
  billScreens,
  billStates,
  offlinePaymentStates,
  yuan,
} from '@cp/contracts';
import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { insertForApproval } from '../approvals/engine';
import { offlinePaymentTitle } from '../approvals/families';
import { offlinePayments } from '../approvals/tables';
import { businessNow, businessToday } from '../clock';
import { writtenBy } from '../db/columns';
import { drivers } from '../drivers/tables';
import { businessError } from '../http/errors';
import { defineServerLookup } from '../lookups/registry';
import { serialNumber } from '../orders/numbers';
import { leaseOrders, orderReceivables } from '../orders/tables';
import { defineServerResource, type Row, type WriteContext } from '../resource/family';
import { contains } from '../resource/query';
import { billReliefFamily } from './bill-approvals';
import { refreshBills } from './bill-money';
import { expenseSources } from './expense-sources';
import { billReliefs, bills } from './tables';

const r = orderReceivables;

/** The first and last day of a bill's month. */
function monthOf(period: string): [string, string] {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return [`${period}-01`, `${period}-${String(last).padStart(2, '0')}`];
}

/** The earliest month an order has receivables not yet billed. */
async function firstUnbilled(ctx: WriteContext, orderId: number): Promise<string | undefined> {
  const [row] = await ctx.tx
    .select({ month: sql<string>`to_char(min(${r.dueDate}), 'YYYY-MM')` })
    .from(r)
    .where(and(eq(r.orderId, orderId), isNull(r.billId), ne(r.status, 5)));
  return row?.month ?? undefined;
}

/** Sets whether a bill's receivables may take money (激活 / 关停). */
async function collectible(ctx: WriteContext, billId: number, value: boolean) {
  await ctx.tx
    .update(r)
    .set({ collectible: value, updatedAt: businessNow(), updatedBy: ctx.auth.userId })
    .where(and(eq(r.billId, billId), eq(r.tenantId, ctx.auth.tenantId)));
}

/** 未收 of a bill as its row holds it. */
const owing = (bill: Row) => Number(bill.amount) + Number(bill.lateFee) - Number(bill.received) - Number(bill.relieved);

/** 未收金额 of a bill. */
const billOutstanding = sql<number>`(${bills.amount} + ${bills.lateFee} - ${bills.received} - ${bills.relieved})`;

/**
 * 账单: 新增账单 gathers an order's receivables of a month not yet billed into a bill 未激活 (not collectible
 * until 激活); the actions relieve through approval, add costs, record offline money through 线下审批.
 */
const billFamily = defineServerResource({
  resource: billResource,
  table: bills,
  screens: Object.values(billScreens),
  computed: { outstanding: billOutstanding.mapWith(Number) },
  constraints: { bills_order_period_key: 'period' },
  async insert(values, ctx) {
    const orderId = Number(values.orderId);
    const [order] = await ctx.tx
      .select({
        id: leaseOrders.id,
        orderNo: leaseOrders.orderNo,
        driverId: leaseOrders.driverId,
        cityId: leaseOrders.cityId,
      })
      .from(leaseOrders)
      .where(and(eq(leaseOrders.id, orderId), eq(leaseOrders.tenantId, ctx.auth.tenantId)));
    if (!order) throw businessError('订单不存在');
    const period = (values.month as string | null | undefined) ?? (await firstUnbilled(ctx, orderId));
    if (!period) throw businessError(`订单 ${order.orderNo} 没有未出账的应收`);
    const [taken] = await ctx.tx
      .select({ billNo: bills.billNo })
      .from(bills)
      .where(and(eq(bills.orderId, orderId), eq(bills.period, period)));
    if (taken) throw businessError(`订单 ${order.orderNo} 的 ${period} 账单已存在（${taken.billNo}）`);
    const [first, last] = monthOf(period);
    const lines = await ctx.tx
      .select({ id: r.id, dueDate: r.dueDate })
      .from(r)
      .where(
        and(
          eq(r.orderId, orderId),
          isNull(r.billId),
          ne(r.status, 5),
          sql`${r.dueDate} between ${first}::date and ${last}::date`,
        ),
      )
      .orderBy(asc(r.dueDate))
      .for('update');
    if (lines.length === 0) throw businessError(`订单 ${order.orderNo} 在 ${period} 没有未出账的应收`);
    const [bill] = await ctx.tx
      .insert(bills)
      .values({
        billNo: await serialNumber(ctx, 'ZD', 'bill_no_seq', 6),
        orderId,
        driverId: order.driverId,
        cityId: order.cityId,
        period,
        dueDate: lines[0]?.dueDate as string,
        remark: (values.remark as string | null | undefined) ?? null,
        status: billStates.inactive,
        ...writtenBy(ctx.auth),
      })
      .returning({ id: bills.id });
    const id = Number(bill?.id);
    await ctx.tx
      .update(r)
      .set({ billId: id, collectible: false })
      .where(
        inArray(
          r.id,
          lines.map((line) => line.id),
        ),
      );
    await refreshBills(ctx.tx, ctx.auth.tenantId, [id]);
    return id;
  },
  async beforeRemove(row, ctx) {
    // A bill 未激活 may be deleted: its receivables go back to unbilled and collectible.
    await ctx.tx
      .update(r)
      .set({ billId: null, collectible: true })
      .where(eq(r.billId, Number(row.id)));
  },
  async onChange(ctx, before, after) {
    if (before && after && before.status !== after.status) {
      await refreshBills(ctx.tx, ctx.auth.tenantId, [Number(after.id)]);
    }
  },
  actions: {
    activate: {
      async run(ctx, bill) {
        await collectible(ctx, Number(bill.id), true);
        return null;
      },
    },
    shutdown: {
      async run(ctx, bill) {
        await collectible(ctx, Number(bill.id), false);
        return null;
      },
      patch: (body) => ({ shutdownReason: body.reason }),
    },
    relief: {
      async run(ctx, bill, body) {
        const amount = Number(body.amount);
        if (amount > owing(bill)) {
          throw businessError(`减免金额 ${yuan(amount)} 元超过账单未收 ${yuan(owing(bill))} 元`);
        }
        await insertForApproval(
          ctx,
          billReliefs,
          {
            billId: Number(bill.id),
            amount,
            reason: String(body.reason),
            attachments: (body.attachments as string[] | undefined) ?? [],
          },
          {
            businessType: approvalBusinessTypes.relief,
            title: `费用减免 ${String(bill.billNo)} ${yuan(amount)}元`,
          },
        );
        return null;
      },
      moveWhen: () => false,
    },
    addExpense: {
      async run(ctx, bill, body) {
        const [next] = await ctx.tx
          .select({ period: sql<number>`coalesce(max(${r.period}), 0) + 1`.mapWith(Number) })
          .from(r)
          .where(and(eq(r.orderId, Number(bill.orderId)), eq(r.kind, Number(body.kind))));
        const dueDate = String(body.dueDate);
        const source =
          body.sourceId === undefined ? null : { kind: Number(body.sourceKind), id: Number(body.sourceId) };
        if (source) {
          const offered = await expenseSources(ctx.tx, ctx.auth.tenantId, Number(bill.orderId));
          if (!offered.some((option) => option.sourceKind === source.kind && option.sourceId === String(source.id))) {
            throw businessError('关联记录：不是该订单车辆在交车至还车期间、该司机用车时未计费的违章或维修保养记录');
          }
        }
        await ctx.tx.insert(r).values({
          orderId: Number(bill.orderId),
          driverId: Number(bill.driverId),
          cityId: bill.cityId == null ? null : Number(bill.cityId),
          billId: Number(bill.id),
          collectible: Number(bill.status) !== billStates.inactive,
          kind: Number(body.kind),
          period: next?.period ?? 1,
          periodStart: dueDate,
          periodEnd: dueDate,
          dueDate,
          amount: Number(body.amount),
          note: String(body.note),
          sourceKind: source?.kind ?? null,
          sourceId: source?.id ?? null,
          ...writtenBy(ctx.auth),
        });
        await refreshBills(ctx.tx, ctx.auth.tenantId, [Number(bill.id)]);
        return null;
      },
      moveWhen: () => false,
    },
    uploadVoucher: {
      async run(ctx, bill, body) {
        if (String(body.receivedOn) > businessToday()) throw businessError('到账日期不能晚于今天');
        await insertForApproval(
          ctx,
          offlinePayments,
          {
            payerName: String(body.payerName),
            driverId: Number(bill.driverId),
            billId: Number(bill.id),
            amount: Number(body.amount),
            method: Number(body.method),
            receivedOn: String(body.receivedOn),
            reference: (body.reference as string | undefined) ?? null,
            purpose: `账单 ${String(bill.billNo)} 线下到账`,
            vouchers: body.vouchers as string[],
            status: offlinePaymentStates.pending,
          },
          {
            businessType: approvalBusinessTypes.offlinePayment,
            title: offlinePaymentTitle(String(body.payerName), Number(body.amount)),
          },
        );
        return null;
      },
      moveWhen: () => false,
    },
  },
});

/** 新增账单's order: a search offers those with receivables not yet billed; `ids` names any. */
defineServerLookup('leaseOrder', {
  async search(db, tenantId, { text, ids, limit }) {
    const conditions: (SQL | undefined)[] = [eq(leaseOrders.tenantId, tenantId)];
    if (ids) conditions.push(inArray(leaseOrders.id, [...ids]));
    else
      conditions.push(
        sql`exists (select 1 from ${r} where ${r.orderId} = ${leaseOrders.id} and ${r.billId} is null and ${r.status} <> 5)`,
      );
    if (text)
      conditions.push(
        or(contains(leaseOrders.orderNo, text), ilike(drivers.name, `%${text.replace(/[%_\\]/g, '\\$&')}%`)),
      );
    const rows = await db
      .select({ id: leaseOrders.id, orderNo: leaseOrders.orderNo, name: drivers.name })
      .from(leaseOrders)
      .innerJoin(drivers, eq(drivers.id, leaseOrders.driverId))
      .where(and(...conditions))
      .orderBy(desc(leaseOrders.id))
      .limit(limit);
    return rows.map((row) => ({ id: row.id, name: `${row.orderNo}（${row.name}）` }));
  },
});

/** 查看账单 of a bad-debt account: the order's bills, read-only. */
const badDebtBillFamily = defineServerResource({
  resource: badDebtBillResource,
  table: bills,
  screens: Object.values(badDebtBillScreens),
  computed: { outstanding: billOutstanding.mapWith(Number) },
});

export const billFamilies = [billFamily, billReliefFamily, badDebtBillFamily];
