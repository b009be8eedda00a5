import { addDays, beijingDay, lateFeeOnDay, lateFeeTerms, type PageResult, receivablesOwingFirst } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { catchUpOverdue, runOverdueDay } from '../src/finance/overdue';
import { effectiveSort } from '../src/resource/query';
import { callsAs } from './calls';
import { multipart, samples } from './files-support';
import { startTestApp, type TestContext } from './harness';

type Row = Record<string, unknown> & { id: string; version: number; status: number };
type Receivable = {
  id: string;
  amount: number;
  late_fee: number;
  received: number;
  relieved: number;
  status: number;
  overdue_days: number;
  level_id: string | null;
  due_date: string;
};

let ctx: TestContext;
let admin: string;
let tenantId: number;
const today = beijingDay(new Date());

const { get, post } = callsAs<PageResult<Row>, Row>(() => ({ ctx, token: admin }));
const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await ctx.database.db.execute(statement));

let debtors = 0;

/**
 * A customer of the branch company owing three receivables of their own (so no test sees another's): 3,000,
 * 3,500 and 4,000 yuan, due 45 and 15 days ago and in 10 days, on a demo order.
 */
async function debtor(): Promise<{ driverId: string; receivables: Receivable[] }> {
  debtors += 1;
  const [row] = await query<{ driver_id: string; order_id: string }>(sql`
    select d.id::text as driver_id, (select min(id) from lease_orders where tenant_id = ${tenantId} and status = 3 and delivery_state = 1)::text as order_id
    from drivers d where d.tenant_id = ${tenantId}
      and not exists (select 1 from order_receivables r where r.driver_id = d.id)
    order by d.id offset ${debtors} limit 1`);
  if (!row) throw new Error('no demo driver left to owe money');
  const owed: [amount: number, days: number][] = [
    [300_000, -45],
    [350_000, -15],
    [400_000, 10],
  ];
  for (const [index, [amount, days]] of owed.entries()) {
    await ctx.database.db.execute(sql`
      insert into order_receivables (tenant_id, order_id, driver_id, city_id, kind, period, period_start, period_end, due_date, amount)
      select ${tenantId}, o.id, ${row.driver_id}, o.city_id, 11, ${debtors * 10 + index}, ${addDays(today, days)}::date,
        ${addDays(today, days + 29)}::date, ${addDays(today, days)}::date, ${amount}
      from lease_orders o where o.id = ${row.order_id}`);
  }
  return { driverId: row.driver_id, receivables: await receivablesOf(row.driver_id) };
}

async function receivablesOf(driverId: string): Promise<Receivable[]> {
  return query<Receivable>(sql`
    select id::text, amount::int, late_fee::int, received::int, relieved::int, status, overdue_days,
      level_id::text, due_date::text
    from order_receivables where driver_id = ${driverId} and status <> 5 order by due_date, period, id`);
}

/**
 * The late fee the rule gives a receivable nothing was paid on, in the books of `day` (today: what a payment
 * today pays with its principal) — the demo order's grace days and rate.
 */
async function feeOf(receivable: Receivable, day = today): Promise<number> {
  const [order] = await query<{ grace_days: number; late_fee_rate: number }>(sql`
    select grace_days, late_fee_rate from lease_orders
    where id = (select order_id from order_receivables where id = ${receivable.id})`);
  const terms = lateFeeTerms({ graceDays: order?.grace_days, lateFeeRate: order?.late_fee_rate });
  return lateFeeOnDay({ amount: receivable.amount, dueDate: receivable.due_date, day, movements: [], terms }).fee;
}

const pay = (driverId: string, amount: number, extra: object = {}) =>
  post('/api/payments', { driverId, amount, paidOn: today, channel: 2, ...extra });

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 150 });
  admin = await ctx.login('admin', 'admin123');
  const [tenant] = await query<{ id: number }>(sql`select id from tenants where code = 'BJ'`);
  tenantId = Number(tenant?.id);
});
afterAll(() => ctx.close());

describe('实收: a payment allocated to the customer’s receivables', () => {
  it('goes oldest due first, leaves the rest unallocated, and the receivables’ states follow', async () => {
    const { driverId, receivables } = await debtor();
    const [first, second] = receivables as [Receivable, Receivable];
    // The oldest is 45 days past due: paid today, it takes its late fee by the rule with its principal.
    const fee = await feeOf(first);
    expect(fee).toBeGreaterThan(0);
    const amount = first.amount + fee + Math.floor(second.amount / 2);
    const saved = await pay(driverId, amount, { reference: 'WX20261125001' });
    expect(saved.msg).toBe('success');
    expect(saved.data).toMatchObject({ allocated: amount, unallocated: 0, status: 1 });
    expect(String(saved.data.paymentNo)).toMatch(/^SK\d{16}$/);
    const after = await receivablesOf(driverId);
    expect(after[0]).toMatchObject({ received: first.amount + fee, late_fee: fee, status: 2 });
    expect(after[1]).toMatchObject({ received: Math.floor(second.amount / 2), status: 1 });
    const lines = await get(`/api/payment-allocations/views/paymentAllocations?paymentId=${saved.data.id}`);
    expect(lines.data.list.map((line) => line.amount)).toEqual([first.amount + fee, Math.floor(second.amount / 2)]);
    expect(lines.data.list[0]?.orderNo).toMatch(/^ZL/);
    // 应收明细 shows the same money, 未收 computed.
    const listed = await get(`/api/receivables?driverId=${driverId}&sort=dueDate&order=asc&limit=2`);
    expect(listed.data.list[1]).toMatchObject({
      received: Math.floor(second.amount / 2),
      outstanding: second.amount - Math.floor(second.amount / 2),
    });
  });

  it('keeps what is more than the customer owes as unallocated', async () => {
    const { driverId, receivables } = await debtor();
    let owed = 0;
    for (const row of receivables) owed += row.amount - row.received + (await feeOf(row));
    const saved = await pay(driverId, owed + 12_345);
    expect(saved.data).toMatchObject({ allocated: owed, unallocated: 12_345 });
    expect((await receivablesOf(driverId)).every((row) => row.status === 2)).toBe(true);
  });

  it('takes the clerk’s lines, and refuses bad ones saving nothing', async () => {
    const { driverId, receivables } = await debtor();
    const last = receivables.at(-1) as Receivable;
    const before = await query<{ n: number }>(sql`select count(*)::int as n from payments`);
    const over = await pay(driverId, 100_000, { allocations: [{ receivableId: last.id, amount: last.amount + 1 }] });
    expect(over.msg).toMatch(/^分配明细：应收 #\d+ 未收 [\d.]+ 元，不能分配 [\d.]+ 元$/);
    const other = (await debtor()).receivables[0];
    const foreign = await pay(driverId, 100_000, { allocations: [{ receivableId: other?.id, amount: 1 }] });
    expect(foreign.msg).toBe(`分配明细：应收 #${other?.id} 不是该客户待收的应收`);
    const future = await pay(driverId, 100, { paidOn: addDays(today, 1) });
    expect(future.msg).toContain('不能晚于今天');
    const zero = await pay(driverId, 0);
    expect(zero.msg).toBe('收款金额：应大于0');
    expect(await query<{ n: number }>(sql`select count(*)::int as n from payments`)).toEqual(before);
    const chosen = await pay(driverId, 500, { allocations: [{ receivableId: last.id, amount: 300 }] });
    expect(chosen.data).toMatchObject({ allocated: 300, unallocated: 200 });
    expect((await receivablesOf(driverId)).at(-1)).toMatchObject({ id: last.id, received: last.received + 300 });
  });

  it('冲销 gives every allocated fen back to its receivable, once', async () => {
    const { driverId } = await debtor();
    const before = await receivablesOf(driverId);
    const saved = await pay(driverId, (before[0]?.amount ?? 0) + 1_000);
    const reversed = await post(`/api/payments/${saved.data.id}/reverse`, { reason: '客户转账退回' });
    expect(reversed.msg).toBe('success');
    // Every fen back; the late fee stays the rule's (the job keeps it so from then on).
    const money = (rows: Receivable[]) =>
      rows.map(({ id, amount, received, relieved }) => ({ id, amount, received, relieved }));
    expect(money(await receivablesOf(driverId))).toEqual(money(before));
    const row = await get<Row>(`/api/payments/${saved.data.id}`);
    expect(row.data).toMatchObject({ status: 2, allocated: 0, reversalReason: '客户转账退回' });
    const lines = await get(`/api/payment-allocations/views/paymentAllocations?paymentId=${saved.data.id}`);
    expect(lines.data.list.every((line) => line.reversed === true)).toBe(true);
    const again = await post(`/api/payments/${saved.data.id}/reverse`, { reason: '再次' });
    expect(again.msg).toBe('实收明细当前为「已冲销」，不能冲销');
    const noReason = await post(`/api/payments/${saved.data.id}/reverse`, {});
    expect(noReason.msg).toContain('冲销原因');
  });

  it('payments racing for one customer’s receivables never take more than is owed', async () => {
    const { driverId, receivables } = await debtor();
    // What they owe paid today: principal and the late fee by the rule.
    let owed = 0;
    for (const row of receivables) owed += row.amount - row.received - row.relieved + (await feeOf(row));
    const share = Math.ceil(owed / 3);
    const answers = await Promise.all(Array.from({ length: 5 }, () => pay(driverId, share)));
    expect(answers.every((answer) => answer.msg === 'success')).toBe(true);
    const allocated = answers.reduce((sum, answer) => sum + Number(answer.data.allocated), 0);
    expect(allocated).toBe(owed);
    expect((await receivablesOf(driverId)).every((row) => row.received === row.amount + row.late_fee)).toBe(true);
  });

  it('never creates or loses a fen over any series of payments and reversals', async () => {
    const { driverId } = await debtor();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.integer({ min: 1, max: 900_000 }), fc.constant(-1)), { minLength: 1, maxLength: 6 }),
        async (steps) => {
          for (const step of steps) {
            if (step > 0) await pay(driverId, step);
            else {
              const [last] = await query<{ id: string }>(
                sql`select id::text from payments where driver_id = ${driverId} and status = 1 order by payments.id desc limit 1`,
              );
              if (last) await post(`/api/payments/${last.id}/reverse`, { reason: '测试冲销' });
            }
          }
          const broken = await query<{ id: string }>(sql`
            select r.id::text from order_receivables r
            where r.driver_id = ${driverId} and (
              r.received <> coalesce((select sum(a.amount) from payment_allocations a
                where a.receivable_id = r.id and not a.reversed), 0)
              or r.received < 0 or r.received > r.amount + r.late_fee - r.relieved)
            union all
            select p.id::text from payments p
            where p.driver_id = ${driverId} and (
              p.allocated <> coalesce((select sum(a.amount) from payment_allocations a
                where a.payment_id = p.id and not a.reversed), 0)
              or p.allocated > p.amount)`);
          expect(broken).toEqual([]);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('keeps a note and attachments with a receivable (编辑), and nothing else of it', async () => {
    const { receivables } = await debtor();
    const [first] = receivables as [Receivable];
    const upload = await ctx.request<{ fileLocation: string }>({
      method: 'POST',
      url: '/api/gateway/storage/file/private',
      token: admin,
      ...multipart([{ name: '违章通知单.pdf', content: samples.pdf }]),
    });
    const row = (await get<Row>(`/api/receivables/${first.id}`)).data;
    const edited = await ctx.request<Row>({
      method: 'PUT',
      url: `/api/receivables/${first.id}`,
      token: admin,
      payload: { note: '客户确认承担', attachments: [upload.data.fileLocation], version: row.version },
    });
    expect(edited.msg).toBe('success');
    const moved = await ctx.request({
      method: 'PUT',
      url: `/api/receivables/${first.id}`,
      token: admin,
      payload: { note: 'x', attachments: [], amount: 1, version: edited.data.version },
    });
    expect(moved.code).toBe(400);
    const after = (await get<Row>(`/api/receivables/${first.id}`)).data;
    expect(after).toMatchObject({
      note: '客户确认承担',
      amount: first.amount,
      attachments: [upload.data.fileLocation],
    });
    const shanghai = await ctx.loginToOtherTenant();
    const foreign = await ctx.request({
      method: 'PUT',
      url: `/api/receivables/${first.id}`,
      token: shanghai,
      payload: { note: 'x', attachments: [], version: after.version },
    });
    expect(foreign.code).not.toBe(0);
  });

  it('stays in its branch company and behind its page', async () => {
    const { driverId } = await debtor();
    const saved = await pay(driverId, 1_000);
    const shanghai = await ctx.loginToOtherTenant();
    expect((await get(`/api/payments/${saved.data.id}`, shanghai)).code).toBe(404);
    expect((await post(`/api/payments/${saved.data.id}/reverse`, { reason: 'x' }, shanghai)).code).not.toBe(0);
    const foreign = await post('/api/payments', { driverId, amount: 100, paidOn: today, channel: 1 }, shanghai);
    expect(foreign.code).not.toBe(0);
    expect((await get(`/api/receivables?driverId=${driverId}`, shanghai)).data.list).toEqual([]);
    const ops = await ctx.login('ops', 'ops123');
    expect((await get('/api/payments', ops)).code).toBe(403);
    expect((await get('/api/receivables', ops)).code).toBe(403);
  });
});

describe('应收明细 opens on what is due now', () => {
  it('lists what still owes first, oldest due date first, then the settled — for a customer and for the branch company', async () => {
    const { driverId, receivables } = await debtor();
    const [oldest, , later] = receivables as [Receivable, Receivable, Receivable];
    // A settled receivable due long before any of the three, and one owing far ahead (2027 and after). The
    // settled one is written as paid without a payment, so it is removed again below: the books' checks after
    // this test hold every receivable to its allocations.
    const [settled] = await query<{ id: string }>(sql`
      insert into order_receivables (tenant_id, order_id, driver_id, city_id, kind, period, period_start, period_end,
        due_date, amount, received, status)
      select tenant_id, order_id, driver_id, city_id, 11, period + 100, ${addDays(today, -400)}::date,
        ${addDays(today, -371)}::date, ${addDays(today, -400)}::date, amount, amount, 2
      from order_receivables where id = ${oldest.id} returning id::text`);
    await ctx.database.db.execute(sql`
      update order_receivables set due_date = ${addDays(today, 500)}::date where id = ${later.id}`);
    const mine = (await get(`/api/receivables?driverId=${driverId}`)).data.list;
    expect(mine.map((row) => [row.dueDate, row.status])).toEqual([
      [oldest.due_date, 0],
      [receivables[1]?.due_date, 0],
      [addDays(today, 500), 0],
      [addDays(today, -400), 2],
    ]);
    const [first] = await query<{ id: string; due_date: string }>(sql`
      select id::text, due_date::text from order_receivables
      where tenant_id = ${tenantId} and status in (0, 1, 3) order by due_date, id limit 1`);
    const page = (await get('/api/receivables?limit=50')).data.list;
    expect(page[0]?.id).toBe(first?.id);
    const owing = page.map((row) => [0, 1, 3].includes(row.status));
    // Owing rows, then (if the page reaches them) settled ones: never an owing row after a settled one.
    expect(owing.indexOf(false) === -1 || owing.slice(owing.indexOf(false)).every((flag) => !flag)).toBe(true);
    // A column's sort still replaces it, and the overdue list keeps to its order too.
    const byAmount = (await get(`/api/receivables?driverId=${driverId}&sort=amount&order=desc`)).data.list;
    expect(byAmount.map((row) => row.amount)).toEqual(
      [...byAmount.map((row) => row.amount)].sort((a, b) => Number(b) - Number(a)),
    );
    await ctx.database.db.execute(sql`delete from order_receivables where id = ${settled?.id}`);
  });

  it('drops the owing term where the filters leave one side of it: 逾期 alone, or 逾期预警 (what still owes)', async () => {
    const fields = (filters: Record<string, unknown>[]) =>
      effectiveSort(receivablesOwingFirst, filters).by.map((term) => term.field);
    expect(fields([{ status: [3] }])).toEqual(['dueDate']);
    expect(fields([{ status: [2, 4, 5] }])).toEqual(['dueDate']);
    expect(fields([{ status: [0, 2] }])).toEqual(['status', 'dueDate']);
    expect(fields([{}, {}])).toEqual(['status', 'dueDate']);
    const { driverId, receivables } = await debtor();
    const warned = (await get(`/api/receivables/views/overdueWarning?driverId=${driverId}`)).data.list;
    expect(warned.map((row) => row.dueDate)).toEqual(receivables.map((row) => row.due_date));
    const overdue = (await get(`/api/receivables?driverId=${driverId}&status=0`)).data.list;
    expect(overdue.map((row) => row.dueDate)).toEqual(receivables.map((row) => row.due_date));
  });

  it('is served by the (tenant, owing first, due date, id) index', async () => {
    // The demo's table is small enough to sort whole: the planner is asked to use an index where one serves.
    await ctx.database.db.execute(sql`set enable_sort = off`);
    const plan = await query<{ 'QUERY PLAN': string }>(sql`
      explain select id from order_receivables where tenant_id = ${tenantId}
      order by (status not in (0, 1, 3)), due_date, id limit 20`);
    await ctx.database.db.execute(sql`reset enable_sort`);
    expect(plan.map((line) => line['QUERY PLAN']).join('\n')).toContain('order_receivables_tenant_owing_due_idx');
  });
});

describe('the demo books', () => {
  it('pay each period paid with a payment allocated to it, and leave some 逾期 with late fees', async () => {
    const broken = await query<{ id: string }>(sql`
      select r.id::text from order_receivables r
      where r.received <> coalesce((select sum(a.amount) from payment_allocations a
        where a.receivable_id = r.id and not a.reversed), 0)`);
    expect(broken).toEqual([]);
    const [overdue] = await query<{ n: number; fees: number }>(sql`
      select count(*)::int as n, sum(late_fee)::int as fees from order_receivables
      where tenant_id = ${tenantId} and status = 3 and overdue_days > 0 and level_id is not null`);
    expect(overdue?.n).toBeGreaterThan(0);
    expect(overdue?.fees).toBeGreaterThan(0);
  });
});

describe('the daily overdue job', () => {
  const lateFees = async () =>
    (
      await query<{ n: string }>(
        sql`select coalesce(sum(late_fee), 0)::text as n from order_receivables where tenant_id = ${tenantId}`,
      )
    )[0]?.n;

  it('makes what is past due 逾期 with its days, level and late fee — once a day', async () => {
    await ctx.database.db.execute(sql`delete from overdue_day_runs`);
    const { driverId, receivables } = await debtor();
    const first = receivables[0] as Receivable;
    // Forty days after the first one fell due: M2 (31–60 days, 5‱ a day).
    const day = addDays(first.due_date, 40);
    const run = await runOverdueDay(ctx.database.db, tenantId, day);
    expect(run?.receivables).toBeGreaterThan(0);
    const [after] = await receivablesOf(driverId);
    const [level] = await query<{ id: string }>(
      sql`select id::text from bad_debt_levels where tenant_id = ${tenantId} and name = 'M2'`,
    );
    // The late fee by the rule: the 39 days ended owing it, at the order's rate (past its grace days).
    expect(after).toMatchObject({
      status: 3,
      overdue_days: 40,
      level_id: level?.id,
      late_fee: await feeOf(first, day),
    });
    expect(after?.late_fee).toBe(Math.floor((first.amount * 39 * 5) / 10_000));
    const fees = await lateFees();
    expect(await runOverdueDay(ctx.database.db, tenantId, day)).toBeNull();
    expect(await lateFees()).toBe(fees);
    expect((await receivablesOf(driverId))[0]).toEqual(after);
    // 应收明细's 逾期 filters see it.
    const overdue = await get(`/api/receivables?driverId=${driverId}&overdue=1&status=3`);
    expect(overdue.data.list.map((row) => row.id)).toContain(first.id);
  });

  it('catches up the days missed, each once, and two runs racing do each day once', async () => {
    const { driverId, receivables } = await debtor();
    const first = receivables[0] as Receivable;
    const start = addDays(first.due_date, 1);
    await ctx.database.db.execute(sql`delete from overdue_day_runs`);
    await ctx.database.db.execute(
      sql`insert into overdue_day_runs (tenant_id, day, receivables) values (${tenantId}, ${start}, 0)`,
    );
    const until = addDays(start, 5);
    const [one, two] = await Promise.all([
      catchUpOverdue(ctx.database.db, until),
      catchUpOverdue(ctx.database.db, until),
    ]);
    const mine = [...(one ?? []), ...(two ?? [])].filter((run) => run.day > start);
    // Five days after the one done, for this branch company and the other: each done by one of the two.
    const days = await query<{ day: string; n: number }>(sql`
      select day::text, count(*)::int as n from overdue_day_runs where tenant_id = ${tenantId} and day > ${start}
      group by day order by day`);
    expect(days.map((row) => [row.day, row.n])).toEqual([1, 2, 3, 4, 5].map((n) => [addDays(start, n), 1]));
    expect(mine.length).toBeGreaterThanOrEqual(5);
    const [after] = await receivablesOf(driverId);
    // Six days overdue: the five ended owing it, at the order's 5‱ of what is owed (past its 3 grace days).
    expect(after).toMatchObject({ overdue_days: 6, late_fee: 5 * Math.floor((first.amount * 5) / 10_000) });
    // Paying it all that day, late fee included, settles it.
    await pay(driverId, first.amount + (after?.late_fee ?? 0), {
      paidOn: until,
      allocations: [{ receivableId: first.id, amount: first.amount + (after?.late_fee ?? 0) }],
    });
    expect((await receivablesOf(driverId))[0]).toMatchObject({ status: 2, overdue_days: 6 });
  });
});
