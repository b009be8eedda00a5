import { addDays, billStates } from '@cp/contracts';
import { and, asc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { refreshBills } from '../finance/bill-money';
import { catchUpOverdue } from '../finance/overdue';
import {
  badDebtLevels,
  bills,
  collectionRecords,
  financialCodes,
  overdueCases,
  overdueDayRuns,
  paymentAllocations,
  payments,
  transactionNames,
} from '../finance/tables';
import { refreshRentTrends } from '../finance/trends';
import { roles, tenants, users } from '../identity/tables';
import { beijingDay } from '../leads/counts';
import { serialNumber } from '../orders/numbers';
import { orderReceivables } from '../orders/tables';
import type { WriteContext } from '../resource/family';
import { importBatches, importBatchRows } from '../resource/import-tables';
import { approverRoleCodes } from './platform';

/** A leasing company's ledger accounts: [code, name, category, direction]. */
const chart: [string, string, number, number][] = [
  ['1001', '库存现金', 1, 1],
  ['1002', '银行存款', 1, 1],
  ['100201', '银行存款-基本户', 1, 1],
  ['100202', '银行存款-收款专户', 1, 1],
  ['1012', '其他货币资金', 1, 1],
  ['101201', '其他货币资金-微信', 1, 1],
  ['101202', '其他货币资金-支付宝', 1, 1],
  ['1122', '应收账款', 1, 1],
  ['112201', '应收账款-租金', 1, 1],
  ['112202', '应收账款-首付款', 1, 1],
  ['112203', '应收账款-尾款', 1, 1],
  ['112204', '应收账款-退车结算', 1, 1],
  ['112205', '应收账款-代垫费用', 1, 1],
  ['1221', '其他应收款', 1, 1],
  ['122101', '其他应收款-滞纳金', 1, 1],
  ['1231', '坏账准备', 1, 2],
  ['1531', '长期应收款', 1, 1],
  ['1601', '固定资产', 1, 1],
  ['160101', '固定资产-运营车辆', 1, 1],
  ['1602', '累计折旧', 1, 2],
  ['2203', '预收账款', 2, 2],
  ['2241', '其他应付款', 2, 2],
  ['224101', '其他应付款-租车押金', 2, 2],
  ['2221', '应交税费', 2, 2],
  ['222101', '应交税费-应交增值税（销项税额）', 2, 2],
  ['6001', '主营业务收入', 6, 2],
  ['600101', '主营业务收入-车辆租赁', 6, 2],
  ['600102', '主营业务收入-车辆销售', 6, 2],
  ['6051', '其他业务收入', 6, 2],
  ['605101', '其他业务收入-整备服务', 6, 2],
  ['605102', '其他业务收入-费用转嫁', 6, 2],
  ['6301', '营业外收入', 6, 2],
  ['630101', '营业外收入-滞纳金', 6, 2],
  ['6401', '主营业务成本', 6, 1],
  ['6602', '管理费用', 6, 1],
  ['6701', '资产减值损失', 6, 1],
  ['670101', '信用减值损失-坏账', 6, 1],
];

/** [name, direction, receivable kind, debit code, credit code]. */
const postings: [string, number, number, string, string][] = [
  ['租金应收确认', 1, 1, '112201', '600101'],
  ['租金收款', 2, 1, '100202', '112201'],
  ['租金减免', 3, 1, '600101', '112201'],
  ['租金坏账回款', 4, 1, '100202', '1231'],
  ['押金应收确认', 1, 2, '1221', '224101'],
  ['押金收款', 2, 2, '100202', '1221'],
  ['首付款应收确认', 1, 3, '112202', '2203'],
  ['首付款收款', 2, 3, '100202', '112202'],
  ['整备费应收确认', 1, 4, '112205', '605101'],
  ['整备费收款', 2, 4, '100202', '112205'],
  ['尾款收款', 2, 5, '100202', '112203'],
  ['退车结算款收款', 2, 6, '100202', '112204'],
  ['滞纳金应收确认', 1, 7, '122101', '630101'],
  ['滞纳金收款', 2, 7, '100202', '122101'],
  ['滞纳金减免', 3, 7, '630101', '122101'],
  ['违章代缴费收款', 2, 9, '100202', '112205'],
  ['维修费收款', 2, 10, '100202', '112205'],
];

/** [name, min, max, bad debt, late fee ‱, collector role code]. */
const levels: [string, number, number | null, boolean, number, string][] = [
  ['M1', 1, 30, false, 5, approverRoleCodes.finance],
  ['M2', 31, 60, false, 5, approverRoleCodes.finance],
  ['M3', 61, 90, false, 10, approverRoleCodes.manager],
  ['M3+', 91, null, true, 10, approverRoleCodes.manager],
];

/**
 * The finance configuration of each branch company that has none: the chart of accounts as one upload of
 * 财务编码导入 (its 导入记录 with every row), the postings of 交易名称配置, the levels of 坏账分级配置.
 */
export async function seedFinanceConfig(db: Db, now = new Date()): Promise<void> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.loginId, 'admin'));
  if (!admin) return;
  const by = { createdBy: admin.id, updatedBy: admin.id };
  for (const tenant of await db.select().from(tenants).orderBy(asc(tenants.id))) {
    const [existing] = await db
      .select({ id: financialCodes.id })
      .from(financialCodes)
      .where(eq(financialCodes.tenantId, tenant.id))
      .limit(1);
    if (existing) continue;
    await db.transaction(async (tx) => {
      const at = new Date(now.getTime() - 60 * 86_400_000);
      const stamp = { ...by, createdAt: at, updatedAt: at, tenantId: tenant.id };
      const codes = await tx
        .insert(financialCodes)
        .values(
          chart.map(([code, name, category, direction]) => ({
            ...stamp,
            code,
            name,
            category,
            direction,
            enabled: true,
          })),
        )
        .returning({ id: financialCodes.id, code: financialCodes.code });
      const [batch] = await tx
        .insert(importBatches)
        .values({
          ...stamp,
          resourceKey: 'financialCode',
          fileName: '会计科目表2026.xlsx',
          rows: codes.length,
          imported: codes.length,
          status: 1,
          finishedAt: at,
        })
        .returning({ id: importBatches.id });
      if (!batch) return;
      await tx.insert(importBatchRows).values(
        codes.map((code, index) => ({
          ...stamp,
          batchId: batch.id,
          rowNumber: index + 2,
          outcome: 1,
          recordId: code.id,
        })),
      );
      const idOf = new Map(codes.map((code) => [code.code, code.id]));
      await tx.insert(transactionNames).values(
        postings.map(([name, direction, receivable, debit, credit]) => ({
          ...stamp,
          name,
          direction,
          receivableKind: receivable,
          debitCodeId: idOf.get(debit) as number,
          creditCodeId: idOf.get(credit) as number,
          enabled: true,
        })),
      );
      const collectors = await tx
        .select({ id: roles.id, code: roles.code })
        .from(roles)
        .where(and(eq(roles.tenantId, tenant.id), inArray(roles.code, Object.values(approverRoleCodes))));
      const roleOf = new Map(collectors.map((role) => [role.code, role.id]));
      const rows = levels.flatMap(([name, minDays, maxDays, badDebt, lateFeeRate, role]) => {
        const collectorRoleId = roleOf.get(role);
        return collectorRoleId ? [{ ...stamp, name, minDays, maxDays, badDebt, lateFeeRate, collectorRoleId }] : [];
      });
      if (rows.length > 0) await tx.insert(badDebtLevels).values(rows);
    });
  }
}

/**
 * The books of the demo orders in each branch company that has no payment yet: every period the demo paid
 * gets its 实收 (paid on its due day or within three days, by a channel drivers use) allocated to it; one
 * order in four stopped paying its last periods, and the one with the longest history after its first
 * (a bad debt); the overdue job, caught up over the past 45 days, has made them 逾期 with days, level and
 * late fees.
 */
export async function seedDemoBooks(db: Db, now = new Date()): Promise<void> {
  const [clerk] = await db.select({ id: users.id }).from(users).where(eq(users.loginId, 'finance'));
  if (!clerk) return;
  const today = beijingDay(now);
  for (const tenant of await db.select().from(tenants).orderBy(asc(tenants.id))) {
    // Done once: a payment other than those the orders' seed made for its settled order says so.
    const [existing] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.tenantId, tenant.id),
          sql`not exists (select 1 from payment_allocations a join order_receivables r on r.id = a.receivable_id
            join lease_orders o on o.id = r.order_id where a.payment_id = ${payments.id} and o.status = 4)`,
        ),
      )
      .limit(1);
    if (existing) continue;
    await db.transaction(async (tx) => {
      const paid = await tx
        .select({
          id: orderReceivables.id,
          orderId: orderReceivables.orderId,
          driverId: orderReceivables.driverId,
          dueDate: orderReceivables.dueDate,
          amount: orderReceivables.amount,
          period: orderReceivables.period,
        })
        .from(orderReceivables)
        .where(
          and(
            eq(orderReceivables.tenantId, tenant.id),
            eq(orderReceivables.status, 2),
            // Those the orders' seed already paid (a settled order's) keep their payments.
            notExists(
              tx
                .select({ id: paymentAllocations.id })
                .from(paymentAllocations)
                .where(eq(paymentAllocations.receivableId, orderReceivables.id)),
            ),
          ),
        )
        .orderBy(asc(orderReceivables.orderId), asc(orderReceivables.dueDate));
      const lastPaid = new Map<number, number[]>();
      for (const row of paid) lastPaid.set(row.orderId, [...(lastPaid.get(row.orderId) ?? []), row.id]);
      // One order in four stopped paying its last period or two; the order with the longest history stopped
      // after its first, long enough ago to be a bad debt (M3+).
      const unpaid = new Set<number>();
      for (const [orderId, ids] of lastPaid) {
        if (orderId % 4 !== 0) continue;
        for (const id of ids.slice(orderId % 3 === 0 ? -2 : -1)) unpaid.add(id);
      }
      const longest = [...lastPaid.values()].sort((a, b) => b.length - a.length)[0] ?? [];
      if (longest.length >= 4) for (const id of longest.slice(1)) unpaid.add(id);
      if (unpaid.size > 0) {
        await tx
          .update(orderReceivables)
          .set({ received: 0, status: 0 })
          .where(inArray(orderReceivables.id, [...unpaid]));
      }
      const ctx = { tx, auth: { tenantId: tenant.id, userId: clerk.id } } as unknown as WriteContext;
      for (const [index, row] of paid.filter((receivable) => !unpaid.has(receivable.id)).entries()) {
        const paidOn = addDays(row.dueDate, index % 4) > today ? row.dueDate : addDays(row.dueDate, index % 4);
        const at = new Date(`${paidOn}T${String(9 + (index % 9)).padStart(2, '0')}:2${index % 10}:00+08:00`);
        const [payment] = await tx
          .insert(payments)
          .values({
            tenantId: tenant.id,
            paymentNo: await serialNumber(ctx, 'SK', 'payment_no_seq', 8, at),
            driverId: row.driverId,
            amount: row.amount,
            allocated: row.amount,
            paidOn,
            channel: [2, 3, 4, 6][index % 4] as number,
            reference: `${['YH', 'WX', 'ZFB', 'DK'][index % 4]}${paidOn.replaceAll('-', '')}${String(row.id).padStart(6, '0')}`,
            remark: `第${row.period}期租金`,
            createdBy: clerk.id,
            updatedBy: clerk.id,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: payments.id });
        await tx.insert(paymentAllocations).values({
          tenantId: tenant.id,
          paymentId: Number(payment?.id),
          receivableId: row.id,
          amount: row.amount,
          createdAt: at,
        });
      }
    });
    await seedDemoBills(db, tenant.id, clerk.id, today);
    const [done] = await db
      .select({ day: overdueDayRuns.day })
      .from(overdueDayRuns)
      .where(eq(overdueDayRuns.tenantId, tenant.id))
      .limit(1);
    if (!done)
      await db.insert(overdueDayRuns).values({ tenantId: tenant.id, day: addDays(today, -45), receivables: 0 });
  }
  await catchUpOverdue(db, today);
  for (const tenant of await db.select({ id: tenants.id }).from(tenants)) {
    await seedDemoCollection(db, tenant.id, clerk.id, now);
    await refreshRentTrends(db, tenant.id);
  }
}

const demoCalls: [way: number, reached: boolean, result: string, promiseDays: number | null][] = [
  [1, false, '电话无人接听，已发短信提醒', null],
  [1, true, '客户称本月网约车流水下降，承诺周五前还清', 3],
  [3, true, '微信联系上，客户同意先还一期租金', 5],
  [2, false, '已发送逾期提醒短信', null],
];

/**
 * The overdue accounts the job opened, worked as a collector would: each assigned to 财务 and called once
 * or twice over the past days, some with a promise to pay.
 */
async function seedDemoCollection(db: Db, tenantId: number, userId: number, now: Date): Promise<void> {
  const open = await db
    .select()
    .from(overdueCases)
    .where(and(eq(overdueCases.tenantId, tenantId), eq(overdueCases.status, 1), isNull(overdueCases.collectorId)))
    .orderBy(asc(overdueCases.id));
  for (const [index, account] of open.entries()) {
    const calls = demoCalls.slice(index % 2, (index % 2) + 1 + (index % 3 === 0 ? 1 : 0));
    let last: Date | null = null;
    let promise: { promiseDate: string; promiseAmount: number } | null = null;
    for (const [step, [way, reached, result, promiseDays]] of calls.entries()) {
      const at = new Date(now.getTime() - (calls.length - step) * 2 * 86_400_000 - (index % 5) * 3_600_000);
      const promised =
        promiseDays === null
          ? null
          : {
              promiseDate: addDays(beijingDay(at), promiseDays),
              promiseAmount: Math.min(account.overdueAmount, 300_000),
            };
      await db.insert(collectionRecords).values({
        tenantId,
        caseId: account.id,
        orderId: account.orderId,
        driverId: account.driverId,
        contactedAt: at,
        collectorId: userId,
        way,
        reached,
        result,
        promiseDate: promised?.promiseDate ?? null,
        promiseAmount: promised?.promiseAmount ?? null,
        overdueDays: Math.max(1, account.overdueDays - (calls.length - step) * 2),
        overdueAmount: account.overdueAmount,
        createdBy: userId,
        updatedBy: userId,
        createdAt: at,
        updatedAt: at,
      });
      last = at;
      if (promised) promise = promised;
    }
    await db
      .update(overdueCases)
      .set({ collectorId: userId, lastContactAt: last, contacts: calls.length, ...(promise ?? {}) })
      .where(eq(overdueCases.id, account.id));
  }
}

/**
 * Bills of the demo orders: a bill per order and month of everything due up to the end of this month,
 * activated; next month's rent of one order in three is billed but still 未激活; later months wait unbilled.
 */
async function seedDemoBills(db: Db, tenantId: number, userId: number, today: string): Promise<void> {
  const thisMonth = today.slice(0, 7);
  const nextMonth = addDays(`${thisMonth}-28`, 5).slice(0, 7);
  await db.transaction(async (tx) => {
    const lines = await tx
      .select({
        id: orderReceivables.id,
        orderId: orderReceivables.orderId,
        driverId: orderReceivables.driverId,
        cityId: orderReceivables.cityId,
        dueDate: orderReceivables.dueDate,
        createdAt: orderReceivables.createdAt,
      })
      .from(orderReceivables)
      .where(and(eq(orderReceivables.tenantId, tenantId), isNull(orderReceivables.billId)))
      .orderBy(asc(orderReceivables.orderId), asc(orderReceivables.dueDate));
    const groups = new Map<string, typeof lines>();
    for (const line of lines) {
      const month = line.dueDate.slice(0, 7);
      const inactive = month === nextMonth && line.orderId % 3 === 0;
      if (month > thisMonth && !inactive) continue;
      const key = `${line.orderId}:${month}`;
      groups.set(key, [...(groups.get(key) ?? []), line]);
    }
    const ctx = { tx, auth: { tenantId, userId } } as unknown as WriteContext;
    const made: number[] = [];
    for (const [key, group] of groups) {
      const first = group[0] as (typeof lines)[number];
      const period = key.split(':')[1] as string;
      const inactive = period > thisMonth;
      // Billed a few days before the first due date, never later than today.
      const billedOn = addDays(first.dueDate, -5) < today ? addDays(first.dueDate, -5) : today;
      const at = new Date(`${billedOn}T08:00:00+08:00`);
      const [bill] = await tx
        .insert(bills)
        .values({
          tenantId,
          billNo: await serialNumber(ctx, 'ZD', 'bill_no_seq', 6, at),
          orderId: first.orderId,
          driverId: first.driverId,
          cityId: first.cityId,
          period,
          dueDate: first.dueDate,
          status: inactive ? billStates.inactive : billStates.open,
          createdBy: userId,
          updatedBy: userId,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: bills.id });
      const id = Number(bill?.id);
      made.push(id);
      await tx
        .update(orderReceivables)
        .set({ billId: id, collectible: !inactive })
        .where(
          inArray(
            orderReceivables.id,
            group.map((line) => line.id),
          ),
        );
    }
    await refreshBills(tx, tenantId, made);
  });
}
