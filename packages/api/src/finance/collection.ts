import {
  badDebtCallResource,
  badDebtCallScreens,
  badDebtRecoveryResource,
  badDebtRecoveryScreens,
  collectionRecordResource,
  collectionRecordScreens,
  overdueCaseResource,
  overdueCaseScreens,
  overdueCaseStates,
  type Resource,
  type Screen,
  yuan,
} from '@cp/contracts';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { businessNow } from '../clock';
import { writtenBy } from '../db/columns';
import { drivers } from '../drivers/tables';
import { businessError } from '../http/errors';
import { accounts } from '../identity/tables';
import { defineServerLookup } from '../lookups/registry';
import { leaseOrders } from '../orders/tables';
import { type ActionImpl, defineServerResource, type Row, type WriteContext } from '../resource/family';
import { contains } from '../resource/query';
import { recordPayment } from './books';
import { badDebtRecoveries, collectionRecords, overdueCases, payments } from './tables';

/** 催收: a contact recorded with the account's days and money as they were, the promise kept on the account. */
const call: ActionImpl = {
  async run(ctx, row, body) {
    await ctx.tx.insert(collectionRecords).values({
      caseId: Number(row.id),
      orderId: Number(row.orderId),
      driverId: Number(row.driverId),
      collectorId: ctx.auth.userId,
      way: Number(body.way),
      reached: Boolean(body.reached),
      promiseDate: (body.promiseDate as string | undefined) ?? null,
      promiseAmount: (body.promiseAmount as number | undefined) ?? null,
      result: String(body.result),
      escalation: Number(body.escalation ?? 0),
      overdueDays: Number(row.overdueDays),
      overdueAmount: Number(row.overdueAmount),
      ...writtenBy(ctx.auth),
    });
    return null;
  },
  // The row is locked by the action: counting on from what it holds is safe.
  patch: (body, row) => ({
    lastContactAt: businessNow(),
    contacts: Number(row.contacts) + 1,
    ...(body.promiseDate ? { promiseDate: body.promiseDate, promiseAmount: body.promiseAmount } : {}),
  }),
};

/** The collector named is a member of the branch company. */
async function checkCollector(ctx: WriteContext, id: unknown) {
  if (id == null) return;
  const [member] = await ctx.tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.tenantId, ctx.auth.tenantId), eq(accounts.userId, Number(id)), eq(accounts.status, 1)));
  if (!member) throw businessError('催收员：不是本公司在职的用户');
}

/** 逾期明细 and 坏账列表: the accounts the job keeps; 编辑 sets the collector and the promise. */
const overdueCaseFamily = defineServerResource({
  resource: overdueCaseResource,
  table: overdueCases,
  screens: Object.values(overdueCaseScreens),
  parent: {
    table: leaseOrders,
    via: overdueCases.orderId,
    id: leaseOrders.id,
    columns: { orderNo: leaseOrders.orderNo },
  },
  async prepare(values, ctx) {
    await checkCollector(ctx, values.collectorId);
    return values;
  },
  actions: {
    call,
    callBadDebt: call,
    assign: {
      async run(ctx, _row: Row, body) {
        await checkCollector(ctx, body.collectorId);
        return null;
      },
      patch: (body) => ({ collectorId: Number(body.collectorId) }),
    },
  },
});

/** Contacts read-only, the order's number joined. */
const contactReads = (resource: Resource, screens: readonly Screen[]) =>
  defineServerResource({
    resource,
    table: collectionRecords,
    screens,
    parent: {
      table: leaseOrders,
      via: collectionRecords.orderId,
      id: leaseOrders.id,
      columns: { orderNo: leaseOrders.orderNo },
    },
  });

/** 催收明细, and a bad-debt account's 催款记录. */
const collectionRecordFamily = contactReads(collectionRecordResource, Object.values(collectionRecordScreens));
const badDebtCallFamily = contactReads(badDebtCallResource, Object.values(badDebtCallScreens));

/**
 * 坏账回款: registered against an open bad-debt account (its order and customer taken from it); 确认到账
 * records the money as a 实收 allocated to that order's receivables, oldest due first.
 */
const badDebtRecoveryFamily = defineServerResource({
  resource: badDebtRecoveryResource,
  table: badDebtRecoveries,
  screens: Object.values(badDebtRecoveryScreens),
  parent: {
    table: leaseOrders,
    via: badDebtRecoveries.orderId,
    id: leaseOrders.id,
    columns: { orderNo: leaseOrders.orderNo },
  },
  computed: {
    paymentNo: sql<string>`(select ${payments.paymentNo} from ${payments} where ${payments.id} = ${badDebtRecoveries.paymentId})`,
  },
  async prepare(values, ctx, before) {
    if (before) return values;
    const [account] = await ctx.tx
      .select({
        orderId: overdueCases.orderId,
        driverId: overdueCases.driverId,
        status: overdueCases.status,
        badDebt: overdueCases.badDebt,
      })
      .from(overdueCases)
      .where(and(eq(overdueCases.id, Number(values.caseId)), eq(overdueCases.tenantId, ctx.auth.tenantId)));
    if (!account || account.status !== overdueCaseStates.open || !account.badDebt) {
      throw businessError('坏账账户：不是催收中的坏账账户');
    }
    return { ...values, orderId: account.orderId, driverId: account.driverId };
  },
  actions: {
    confirmArrival: {
      async run(ctx, row) {
        // Money recorded by one person is confirmed by another.
        if (Number(row.createdBy) === ctx.auth.userId) {
          throw businessError('登记回款的人不能确认到账，请由另一位财务人员确认');
        }
        const paymentId = await recordPayment(
          ctx,
          {
            driverId: Number(row.driverId),
            amount: Number(row.amount),
            paidOn: String(row.arrivedOn),
            channel: Number(row.channel),
            reference: (row.reference as string | null) ?? null,
            vouchers: row.vouchers as string[],
            remark: `坏账回款 ${String(row.payerName)}`,
          },
          { orderId: Number(row.orderId) },
        );
        return { paymentId };
      },
      patch: (_body, _row, _ctx, result) => ({
        paymentId: (result as { paymentId: number }).paymentId,
        confirmedAt: businessNow(),
      }),
    },
  },
});

/** Open bad-debt accounts, searched by order number or the customer's name; `ids` names any. */
defineServerLookup('badDebtCase', {
  async search(db, tenantId, { text, ids, limit }) {
    const conditions: (SQL | undefined)[] = [eq(overdueCases.tenantId, tenantId)];
    if (ids) conditions.push(inArray(overdueCases.id, [...ids]));
    else conditions.push(eq(overdueCases.status, overdueCaseStates.open), eq(overdueCases.badDebt, true));
    if (text) conditions.push(or(contains(leaseOrders.orderNo, text), contains(drivers.name, text)));
    const rows = await db
      .select({
        id: overdueCases.id,
        orderNo: leaseOrders.orderNo,
        name: drivers.name,
        amount: overdueCases.overdueAmount,
      })
      .from(overdueCases)
      .innerJoin(leaseOrders, eq(leaseOrders.id, overdueCases.orderId))
      .innerJoin(drivers, eq(drivers.id, overdueCases.driverId))
      .where(and(...conditions))
      .orderBy(desc(overdueCases.overdueDays), desc(overdueCases.id))
      .limit(limit);
    return rows.map((row) => ({ id: row.id, name: `${row.orderNo} ${row.name} 逾期${yuan(row.amount)}元` }));
  },
});

export const collectionFamilies = [overdueCaseFamily, collectionRecordFamily, badDebtCallFamily, badDebtRecoveryFamily];
