import {
  addDays,
  approvalBusinessTypes,
  beijingDay,
  lateFeeOnDay,
  lateFeeTerms,
  type PrincipalMovement,
  rentSchedule,
} from '@cp/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { catchUpBilling } from '../src/finance/billing';
import { catchUpOverdue } from '../src/finance/overdue';
import { callsAs } from './calls';
import { startTestApp, type TestContext } from './harness';
import { stockCars } from './task-support';

type Receivable = {
  id: string;
  order_id: string;
  kind: number;
  amount: number;
  late_fee: number;
  received: number;
  relieved: number;
  status: number;
  overdue_days: number;
  due_date: string;
  bill_id: string | null;
};

let ctx: TestContext;
let admin: string;
let tenantId: number;
const today = beijingDay(new Date());

const { post } = callsAs<unknown, Record<string, unknown>>(() => ({ ctx, token: admin }));
const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await ctx.database.db.execute(statement));

let orderColumns: string[] = [];
let drivers = 0;

/** A driver of their own: a demo driver's record under another mobile and ID number. */
async function newDriver(): Promise<{ id: string }> {
  drivers += 1;
  const driverColumns = sql.raw(
    (await columnsOf('drivers')).filter((name) => !['mobile', 'national_id'].includes(name)).join(', '),
  );
  const serial = `${String(process.pid % 1000).padStart(3, '0')}${String(drivers).padStart(5, '0')}`;
  const [driver] = await query<{ id: string }>(sql`
    insert into drivers (${driverColumns}, mobile, national_id)
    select ${driverColumns}, ${`199${serial}`}, ${`11010119900101${serial.slice(-4)}`}
    from drivers where tenant_id = ${tenantId} order by id limit 1
    returning id::text`);
  if (!driver) throw new Error('no demo driver to copy');
  return driver;
}

/**
 * A lease order of its own (履约中, a demo order's terms) for a demo driver with no receivables yet, with the
 * grace days and daily rate given; and its receivables as given (kind, amount, due date).
 */
async function orderWith(
  terms: { graceDays: number; lateFeeRate: number; rentSettlement?: number },
  receivables: { amount: number; dueDate: string; kind?: number }[],
): Promise<{ orderId: string; driverId: string }> {
  const driver = await newDriver();
  const columns = orderColumns.filter(
    (name) => !['order_no', 'driver_id', 'grace_days', 'late_fee_rate', 'status', 'vehicle_id'].includes(name),
  );
  const list = sql.raw(columns.join(', '));
  const [order] = await query<{ id: string }>(sql`
    insert into lease_orders (${list}, order_no, driver_id, grace_days, late_fee_rate, status, vehicle_id)
    select ${list}, 'ZLT' || ${String(Date.now()).slice(-9)} || ${String(drivers).padStart(4, '0')}, ${driver.id},
      ${terms.graceDays}, ${terms.lateFeeRate}, 3, null
    from lease_orders where tenant_id = ${tenantId} order by id limit 1
    returning id::text`);
  for (const [index, row] of receivables.entries()) {
    await ctx.database.db.execute(sql`
      insert into order_receivables (tenant_id, order_id, driver_id, city_id, kind, period, period_start, period_end,
        due_date, amount)
      select ${tenantId}, o.id, o.driver_id, o.city_id, ${row.kind ?? 1}, ${index + 1}, ${row.dueDate}::date,
        ${row.dueDate}::date, ${row.dueDate}::date, ${row.amount}
      from lease_orders o where o.id = ${order?.id}`);
  }
  return { orderId: String(order?.id), driverId: driver.id };
}

/** The columns of a table a copy of a row gives (not its id). */
async function columnsOf(table: string): Promise<string[]> {
  const rows = await query<{ name: string }>(sql`
    select column_name as name from information_schema.columns
    where table_name = ${table} and is_identity = 'NO' and is_generated = 'NEVER' order by ordinal_position`);
  return rows.map((row) => row.name);
}

async function receivablesOf(orderId: string): Promise<Receivable[]> {
  return query<Receivable>(sql`
    select id::text, order_id::text, kind, amount::int, late_fee::int, received::int, relieved::int, status,
      overdue_days, due_date::text, bill_id::text
    from order_receivables where order_id = ${orderId} and status <> 5 order by due_date, period, id`);
}

/** The overdue job's record starts over: its last day done is `day` (the days after are done anew). */
async function jobDoneUntil(day: string) {
  await ctx.database.db.execute(sql`delete from overdue_day_runs where tenant_id = ${tenantId} and day >= ${day}`);
  await ctx.database.db.execute(
    sql`insert into overdue_day_runs (tenant_id, day, receivables) values (${tenantId}, ${day}, 0)`,
  );
}

/** The billing job caught up to `day`. */
const runBillingDays = (day: string) => catchUpBilling(ctx.database.db, day);

const pay = (driverId: string, amount: number, paidOn: string) =>
  post<{ id: string }>('/api/payments', { driverId, amount, paidOn, channel: 2 });

/** What the rule says of a receivable in the books of `day`, from the rows the books hold (not the job's figures). */
async function ruleOf(receivable: Receivable, day: string) {
  const moved = await query<{ day: string; amount: number }>(sql`
    select p.paid_on::text as day, a.amount::int as amount
    from payment_allocations a join payments p on p.id = a.payment_id where a.receivable_id = ${receivable.id}
    union all
    select ((p.reversed_at at time zone 'Asia/Shanghai')::date)::text, -a.amount::int
    from payment_allocations a join payments p on p.id = a.payment_id
    where a.receivable_id = ${receivable.id} and a.reversed
    union all
    select relieved_on::text, amount::int from bill_relief_lines where receivable_id = ${receivable.id}`);
  const [order] = await query<{ grace_days: number; late_fee_rate: number }>(
    sql`select grace_days, late_fee_rate from lease_orders where id = ${receivable.order_id}`,
  );
  const levels = await query<{ min_days: number; max_days: number | null; late_fee_rate: number }>(
    sql`select min_days, max_days, late_fee_rate from bad_debt_levels where tenant_id = ${tenantId}`,
  );
  const movements: PrincipalMovement[] = moved;
  const input = { amount: receivable.amount, dueDate: receivable.due_date, day, movements };
  const own = { graceDays: order?.grace_days, lateFeeRate: order?.late_fee_rate };
  const days = lateFeeOnDay({ ...input, terms: lateFeeTerms(own) }).overdueDays;
  const level = levels.find(
    (row) => days > 0 && days >= row.min_days && (row.max_days === null || days <= row.max_days),
  );
  return lateFeeOnDay({ ...input, terms: lateFeeTerms(own, level?.late_fee_rate) });
}

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 150 });
  admin = await ctx.login('admin', 'admin123');
  const [tenant] = await query<{ id: number }>(sql`select id from tenants where code = 'BJ'`);
  tenantId = Number(tenant?.id);
  orderColumns = await columnsOf('lease_orders');
});
afterAll(() => ctx.close());

describe('the one late-fee rule in the daily overdue job', () => {
  it('the late fee follows the order’s grace days and rate', async () => {
    const due = addDays(today, -200);
    await jobDoneUntil(addDays(due, -1));
    const own = await orderWith({ graceDays: 10, lateFeeRate: 20 }, [{ amount: 400_000, dueDate: due }]);
    const levels = await orderWith({ graceDays: 10, lateFeeRate: 0 }, [{ amount: 400_000, dueDate: due }]);
    const inGrace = await orderWith({ graceDays: 10, lateFeeRate: 20 }, [{ amount: 400_000, dueDate: due }]);
    // Within the grace days: overdue, and no late fee.
    await catchUpOverdue(ctx.database.db, addDays(due, 5));
    expect((await receivablesOf(own.orderId))[0]).toMatchObject({ overdue_days: 5, late_fee: 0, status: 3 });
    // Paid on the 8th day, within the grace days: nothing, ever.
    expect((await pay(inGrace.driverId, 400_000, addDays(due, 8))).msg).toBe('success');
    // The tenth day ended within the grace days: still nothing on the 11th.
    await catchUpOverdue(ctx.database.db, addDays(due, 11));
    expect((await receivablesOf(own.orderId))[0]).toMatchObject({ overdue_days: 11, late_fee: 0 });
    // Once a day past the grace days has ended owing: every day from the due date, at the order's 20‱ a day —
    // or the level's 5‱ (M1) where the order has no rate.
    await catchUpOverdue(ctx.database.db, addDays(due, 12));
    expect((await receivablesOf(own.orderId))[0]).toMatchObject({
      overdue_days: 12,
      late_fee: (400_000 * 11 * 20) / 10_000,
    });
    expect((await receivablesOf(levels.orderId))[0]).toMatchObject({
      overdue_days: 12,
      late_fee: (400_000 * 11 * 5) / 10_000,
    });
    expect((await receivablesOf(inGrace.orderId))[0]).toMatchObject({ overdue_days: 8, late_fee: 0, status: 2 });
    // Forty days on, M2's rate is still 5‱ (the level the days fall in); the order's own 20‱ does not move.
    await catchUpOverdue(ctx.database.db, addDays(due, 40));
    expect((await receivablesOf(own.orderId))[0]).toMatchObject({ late_fee: (400_000 * 39 * 20) / 10_000 });
  });

  it('a receivable paid late accrues from its due date', async () => {
    const due = addDays(today, -150);
    await jobDoneUntil(addDays(due, -1));
    const { orderId, driverId } = await orderWith({ graceDays: 3, lateFeeRate: 10 }, [
      { amount: 300_000, dueDate: due },
      { amount: 300_000, dueDate: addDays(due, 30) },
    ]);
    // The job does not run for three weeks; the driver pays the rent on the 20th day after its due date.
    expect((await pay(driverId, 300_000, addDays(due, 20))).msg).toBe('success');
    const fee = (300_000 * 19 * 10) / 10_000;
    // The payment went to the principal; the late fee since the due date is owed on top.
    expect((await receivablesOf(orderId))[0]).toMatchObject({
      received: 300_000,
      late_fee: fee,
      overdue_days: 20,
      status: 3,
    });
    await catchUpOverdue(ctx.database.db, addDays(due, 25));
    const [first, second] = await receivablesOf(orderId);
    expect(first).toMatchObject({ received: 300_000, late_fee: fee, overdue_days: 20, status: 3 });
    expect(second).toMatchObject({ late_fee: 0, overdue_days: 0 });
    // 查看账户 shows the same late fee, owed on top of the rent and kept apart from it (滞纳金).
    const account = () =>
      ctx.request<{
        totals: { lateFee: number; outstanding: number };
        byKind: { kind: number; due: number; received: number; outstanding: number }[];
      }>({ method: 'GET', url: `/api/customer-accounts/${driverId}`, token: admin });
    const owed = (await account()).data;
    expect(owed.totals).toMatchObject({ lateFee: fee, outstanding: fee + 300_000 });
    expect(owed.byKind).toEqual([
      { kind: 1, due: 600_000, received: 300_000, relieved: 0, outstanding: 300_000 },
      { kind: 7, due: fee, received: 0, relieved: 0, outstanding: fee },
    ]);
    // Paying the late fee settles it; the job changes it no more.
    expect((await pay(driverId, fee, addDays(due, 26))).msg).toBe('success');
    await catchUpOverdue(ctx.database.db, addDays(due, 29));
    expect((await receivablesOf(orderId))[0]).toMatchObject({ received: 300_000 + fee, late_fee: fee, status: 2 });
    // The late fee paid is late fee received, not rent.
    expect((await account()).data.byKind).toEqual([
      { kind: 1, due: 600_000, received: 300_000, relieved: 0, outstanding: 300_000 },
      { kind: 7, due: fee, received: fee, relieved: 0, outstanding: 0 },
    ]);
  });

  it('never accrues on a cancelled receivable or one of a completed or cancelled order', async () => {
    const due = addDays(today, -120);
    await jobDoneUntil(addDays(due, -1));
    const completed = await orderWith({ graceDays: 0, lateFeeRate: 10 }, [{ amount: 100_000, dueDate: due }]);
    const cancelled = await orderWith({ graceDays: 0, lateFeeRate: 10 }, [{ amount: 100_000, dueDate: due }]);
    const voided = await orderWith({ graceDays: 0, lateFeeRate: 10 }, [{ amount: 100_000, dueDate: due }]);
    await ctx.database.db.execute(sql`update lease_orders set status = 4 where id = ${completed.orderId}`);
    await ctx.database.db.execute(sql`update lease_orders set status = 0 where id = ${cancelled.orderId}`);
    await ctx.database.db.execute(
      sql`update order_receivables set status = 5, void_reason = '测试作废' where order_id = ${voided.orderId}`,
    );
    await catchUpOverdue(ctx.database.db, addDays(due, 10));
    for (const { orderId } of [completed, cancelled]) {
      expect((await receivablesOf(orderId))[0]).toMatchObject({ late_fee: 0, overdue_days: 0 });
    }
    const [row] = await query<{ late_fee: number }>(
      sql`select late_fee::int from order_receivables where order_id = ${voided.orderId}`,
    );
    expect(row?.late_fee).toBe(0);
  });

  it('sets every receivable’s late fee and overdue days to the rule’s value over generated histories', async () => {
    const step = fc.record({
      gap: fc.integer({ min: 1, max: 9 }),
      jobFirst: fc.boolean(),
      job: fc.boolean(),
      pay: fc.option(fc.oneof(fc.constant(-1), fc.constant(-2), fc.integer({ min: 1, max: 99 })), { nil: undefined }),
      reverse: fc.option(fc.nat(), { nil: undefined }),
    });
    const history = fc.record({
      graceDays: fc.integer({ min: 0, max: 12 }),
      lateFeeRate: fc.constantFrom(0, 5, 20),
      receivables: fc.array(
        fc.record({ offset: fc.integer({ min: 0, max: 40 }), amount: fc.integer({ min: 1_000, max: 600_000 }) }),
        { minLength: 1, maxLength: 3 },
      ),
      steps: fc.array(step, { minLength: 2, maxLength: 7 }),
    });
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(history, async (plan) => {
        runs += 1;
        const start = addDays(today, -100 - runs * 100);
        await jobDoneUntil(start);
        const { orderId, driverId } = await orderWith(
          plan,
          plan.receivables.map((row) => ({ amount: row.amount, dueDate: addDays(start, row.offset) })),
        );
        const paid: string[] = [];
        let day = start;
        let jobDay = start;
        const check = async () => {
          for (const receivable of await receivablesOf(orderId)) {
            const rule = await ruleOf(receivable, jobDay);
            expect({ fee: receivable.late_fee, days: receivable.overdue_days }).toEqual({
              fee: rule.fee,
              days: rule.overdueDays,
            });
            expect(
              receivable.amount + receivable.late_fee - receivable.received - receivable.relieved,
            ).toBeGreaterThanOrEqual(0);
          }
        };
        const runJob = async () => {
          await catchUpOverdue(ctx.database.db, day);
          jobDay = day;
          await check();
        };
        for (const move of plan.steps) {
          day = addDays(day, move.gap);
          if (move.job && move.jobFirst) await runJob();
          if (move.pay !== undefined) {
            const rows = await receivablesOf(orderId);
            const owing = rows.reduce((sum, row) => sum + row.amount + row.late_fee - row.received - row.relieved, 0);
            const dueOwing = rows
              .filter((row) => row.due_date <= day)
              .reduce((sum, row) => sum + row.amount - row.received - row.relieved, 0);
            // -1: what is due of the principal; -2: more than everything; n: n% of what is owed.
            const amount =
              move.pay === -1 ? dueOwing : move.pay === -2 ? owing + 50_000 : Math.floor((owing * move.pay) / 100);
            if (amount > 0) {
              const saved = await pay(driverId, amount, day);
              expect(saved.msg).toBe('success');
              paid.push(saved.data.id);
            }
          }
          if (move.reverse !== undefined && paid.length > 0) {
            const id = paid.splice(move.reverse % paid.length, 1)[0];
            expect((await post(`/api/payments/${id}/reverse`, { reason: '到账有误' })).msg).toBe('success');
            // Reversed that day (the simulation's clock).
            await ctx.database.db.execute(
              sql`update payments set reversed_at = ${`${day}T18:00:00+08:00`}::timestamptz where id = ${id}`,
            );
          }
          if (move.job && !move.jobFirst) await runJob();
        }
        day = addDays(day, 1);
        await runJob();
      }),
      { numRuns: 6 },
    );
  }, 600_000);
});

describe('billing runs by itself', () => {
  it('a bill is issued N days before its due date and activated on it, once per day even when two runs race', async () => {
    // This branch company issues its bills 7 days ahead (出账提前天数); the other keeps the default 5.
    const settings = () =>
      ctx.request<{ billLeadDays: number }>({ method: 'GET', url: '/api/finance-settings', token: admin });
    expect((await settings()).data).toEqual({ billLeadDays: 5 });
    const put = (billLeadDays: number, token = admin) =>
      ctx.request({ method: 'PUT', url: '/api/finance-settings', token, payload: { billLeadDays } });
    expect((await put(61)).msg).toContain('出账提前天数');
    expect((await put(7)).msg).toBe('success');
    expect((await settings()).data).toEqual({ billLeadDays: 7 });
    expect((await put(3, await ctx.login('ops', 'ops123'))).code).toBe(403);
    const shanghai = await ctx.loginToOtherTenant();
    expect(
      (await ctx.request<{ billLeadDays: number }>({ method: 'GET', url: '/api/finance-settings', token: shanghai }))
        .data,
    ).toEqual({ billLeadDays: 5 });
    const due = addDays(today, 400);
    const { orderId } = await orderWith({ graceDays: 0, lateFeeRate: 5 }, [
      { amount: 250_000, dueDate: due },
      { amount: 250_000, dueDate: addDays(due, 40) },
    ]);
    await ctx.database.db.execute(sql`delete from billing_day_runs where tenant_id = ${tenantId}`);
    await ctx.database.db.execute(
      sql`insert into billing_day_runs (tenant_id, day) values (${tenantId}, ${addDays(due, -10)})`,
    );
    const billsOf = () =>
      query<{ id: string; status: number; period: string; due_date: string; amount: number }>(sql`
        select id::text, status, period, due_date::text, amount::int from bills where order_id = ${orderId}
        order by period`);
    // Eight days ahead: nothing yet.
    await Promise.all([runBillingDays(addDays(due, -8)), runBillingDays(addDays(due, -8))]);
    expect(await billsOf()).toEqual([]);
    // Seven days ahead, two runs racing: one bill, 未激活, its receivable in it and not yet collectible.
    await Promise.all([runBillingDays(addDays(due, -7)), runBillingDays(addDays(due, -7))]);
    const [bill, ...more] = await billsOf();
    expect(more).toEqual([]);
    expect(bill).toMatchObject({ status: 1, period: due.slice(0, 7), due_date: due, amount: 250_000 });
    const [first, second] = await receivablesOf(orderId);
    expect(first?.bill_id).toBe(bill?.id);
    expect(second?.bill_id).toBeNull();
    const days = await query<{ day: string; n: number }>(sql`
      select day::text, count(*)::int as n from billing_day_runs where tenant_id = ${tenantId} and day > ${addDays(due, -10)}
      group by day order by day`);
    expect(days).toEqual([-9, -8, -7].map((offset) => ({ day: addDays(due, offset), n: 1 })));
    // The day before its due date it still waits; on the day it is activated (待收款).
    await Promise.all([runBillingDays(addDays(due, -1)), runBillingDays(addDays(due, -1))]);
    expect((await billsOf())[0]?.status).toBe(1);
    await Promise.all([runBillingDays(due), runBillingDays(due)]);
    expect((await billsOf())[0]?.status).toBe(2);
    const [row] = await query<{ collectible: boolean }>(
      sql`select collectible from order_receivables where id = ${first?.id}`,
    );
    expect(row?.collectible).toBe(true);
    // The next month's bill follows, 7 days before its due date.
    await runBillingDays(addDays(due, 33));
    expect((await billsOf()).map((one) => [one.status, one.due_date])).toEqual([
      [2, due],
      [1, addDays(due, 40)],
    ]);
  });

  it('an unactivated bill never hides older rent from a payment', async () => {
    const { orderId, driverId } = await orderWith({ graceDays: 0, lateFeeRate: 5 }, [
      { amount: 100_000, dueDate: addDays(today, -10) },
      { amount: 200_000, dueDate: addDays(today, 40) },
    ]);
    for (const day of [addDays(today, -10), addDays(today, 40)]) {
      const made = await post('/api/bills', { orderId, month: day.slice(0, 7) });
      expect(made.msg).toBe('success');
    }
    const [old, later] = await receivablesOf(orderId);
    expect(old?.bill_id).not.toBeNull();
    expect(later?.bill_id).not.toBeNull();
    // Both bills 未激活: the older rent is due, so the payment takes it with its late fee (nine days ended
    // owing it, at the order's 5‱); next month's rent waits for its bill.
    const fee = (100_000 * 9 * 5) / 10_000;
    const saved = await pay(driverId, 150_000, today);
    expect(saved.msg).toBe('success');
    expect(saved.data).toMatchObject({ allocated: 100_000 + fee, unallocated: 50_000 - fee });
    const [paidOld, waiting] = await receivablesOf(orderId);
    expect(paidOld).toMatchObject({ received: 100_000 + fee, late_fee: fee, status: 2 });
    expect(waiting).toMatchObject({ received: 0 });
  });
});

describe('一次性支付', () => {
  it('一次性支付 gives one receivable for the term', async () => {
    const ops = await ctx.login('ops', 'ops123');
    const manager = await ctx.login('manager', 'manager123');
    const finance = await ctx.login('finance', 'finance123');
    const driver = await newDriver();
    // A car no order or exchange has had (an exchange under way holds its new car).
    const [vehicle] = await stockCars(ctx, tenantId);
    const terms = {
      driverId: driver.id,
      cityId: vehicle?.cityId,
      modelId: vehicle?.modelId,
      rentalMode: 0,
      orderType: 0,
      rentReceipt: 0,
      rentTiming: 1,
      maintenancePlan: 0,
      rentSettlement: 1,
      startDate: today,
      termMonths: 6,
      rent: 450_000,
      rentFreeDays: 10,
    };
    const saved = await post<{ id: string }>('/api/lease-orders', terms, ops);
    expect(saved.msg).toBe('success');
    expect((await post(`/api/lease-orders/${saved.data.id}/submit`, {}, ops)).code).toBe(0);
    for (const token of [manager, finance]) {
      const todo = await ctx.request<{ list: { id: string; businessId: string; businessType: number }[] }>({
        method: 'GET',
        url: '/api/approval-tasks?limit=100',
        token,
      });
      const task = todo.data.list.find((row) => row.businessType === 1 && row.businessId === saved.data.id);
      expect((await post(`/api/approval-tasks/${task?.id}/approve`, {}, token)).code).toBe(0);
    }
    const filled = await post(
      `/api/lease-orders/${saved.data.id}/fill-delivery`,
      { vehicleId: vehicle?.id, mileage: 200_000, energyLevel: 80 },
      ops,
    );
    expect(filled.msg).toBe('success');
    const order = (
      await ctx.request<{ startDate: string; termMonths: number }>({
        method: 'GET',
        url: `/api/lease-orders/${saved.data.id}`,
        token: ops,
      })
    ).data;
    const monthly = rentSchedule({
      startDate: order.startDate,
      termMonths: order.termMonths,
      rentReceipt: 0,
      rent: 450_000,
      timing: 'advance',
      rentFreeDays: 10,
    });
    const rent = (await receivablesOf(saved.data.id)).filter((row) => row.kind === 1);
    expect(rent.map((row) => [row.amount, row.due_date])).toEqual([
      [monthly.reduce((sum, row) => sum + row.amount, 0), order.startDate],
    ]);
  });
});

describe('a relief and the late fee', () => {
  it('takes principal off on the day it is approved: the late fee counts it from then on', async () => {
    const due = addDays(today, -20);
    await jobDoneUntil(addDays(due, -1));
    const { orderId } = await orderWith({ graceDays: 0, lateFeeRate: 10 }, [{ amount: 200_000, dueDate: due }]);
    const made = await post<{ id: string }>('/api/bills', { orderId, month: due.slice(0, 7) });
    expect(made.msg).toBe('success');
    expect((await post(`/api/bills/${made.data.id}/activate`)).msg).toBe('success');
    await catchUpOverdue(ctx.database.db, today);
    const [before] = await receivablesOf(orderId);
    expect(before).toMatchObject({ overdue_days: 20, late_fee: (200_000 * 19 * 10) / 10_000 });
    expect((await post(`/api/bills/${made.data.id}/relief`, { amount: 100_000, reason: '车辆故障停运' })).msg).toBe(
      'success',
    );
    const [relief] = await query<{ id: string }>(
      sql`select id::text from bill_reliefs where bill_id = ${made.data.id}`,
    );
    for (const [login, password] of [
      ['manager', 'manager123'],
      ['finance', 'finance123'],
    ] as const) {
      const token = await ctx.login(login, password);
      const tasks = await ctx.request<{ list: { id: string; businessId: string; businessType: number }[] }>({
        method: 'GET',
        url: '/api/approval-tasks?limit=100',
        token,
      });
      const task = tasks.data.list.find(
        (row) => row.businessId === relief?.id && row.businessType === approvalBusinessTypes.relief,
      );
      if (task)
        expect((await post(`/api/approval-tasks/${task.id}/approve`, { comment: '同意' }, token)).msg).toBe('success');
    }
    const lines = await query<{ amount: number; relieved_on: string }>(sql`
      select amount::int, relieved_on::text from bill_relief_lines where relief_id = ${relief?.id}`);
    // Relieved on the day it was approved: today (or tomorrow, when the run crossed midnight in Beijing).
    const relievedOn = String(lines[0]?.relieved_on);
    expect(lines).toEqual([{ amount: 100_000, relieved_on: relievedOn }]);
    expect([today, addDays(today, 1)]).toContain(relievedOn);
    // The next day's books: every day before the relief on the whole rent (nineteen, approved today), the
    // relief's day on the half still owed.
    const tomorrow = addDays(relievedOn, 1);
    const whole = Math.round((Date.parse(relievedOn) - Date.parse(due)) / 86_400_000) - 1;
    await catchUpOverdue(ctx.database.db, tomorrow);
    const [after] = await receivablesOf(orderId);
    expect(after).toMatchObject({ relieved: 100_000, late_fee: (200_000 * whole * 10 + 100_000 * 10) / 10_000 });
    const rule = await ruleOf(after as Receivable, tomorrow);
    expect({ fee: after?.late_fee, days: after?.overdue_days }).toEqual({ fee: rule.fee, days: rule.overdueDays });
  });
});
