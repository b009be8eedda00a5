import { addDays, beijingDay, type CustomerAccount, type PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { runOverdueDay } from '../src/finance/overdue';
import { callsAs } from './calls';
import { multipart, samples } from './files-support';
import { startTestApp, type TestContext } from './harness';

type Row = Record<string, unknown> & { id: string; version: number; status: number };

let ctx: TestContext;
let admin: string;
let tenantId: number;
let orderId: string;
let driverId: string;
const today = beijingDay(new Date());

const { get, send } = callsAs<PageResult<Row>, Row>(() => ({ ctx, token: admin }));
const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await ctx.database.db.execute(statement));
const caseOf = async () =>
  (await get(`/api/overdue-cases?orderId=${orderId}&tab=${encodeURIComponent('1')}`)).data.list[0] as Row | undefined;

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 150 });
  admin = await ctx.login('admin', 'admin123');
  const [tenant] = await query<{ id: number }>(sql`select id from tenants where code = 'BJ'`);
  tenantId = Number(tenant?.id);
  // An order in force of the demo that paid everything so far, with a receivable of its own owing 5,000 yuan.
  const [order] = await query<{ id: string; driver_id: string }>(sql`
    select o.id::text, o.driver_id::text from lease_orders o
    where o.tenant_id = ${tenantId} and o.status = 3 and o.delivery_state = 1 and not exists (select 1 from overdue_cases c where c.order_id = o.id)
      and not exists (select 1 from order_receivables r where r.order_id = o.id and r.status = 3)
    order by o.id limit 1`);
  orderId = String(order?.id);
  driverId = String(order?.driver_id);
  await ctx.database.db.execute(sql`
    insert into order_receivables (tenant_id, order_id, driver_id, city_id, kind, period, period_start, period_end, due_date, amount)
    select ${tenantId}, o.id, o.driver_id, o.city_id, 11, 900, ${addDays(today, -100)}::date, ${addDays(today, -70)}::date,
      ${addDays(today, -100)}::date, 500000
    from lease_orders o where o.id = ${orderId}`);
});
afterAll(() => ctx.close());

describe('逾期明细: an overdue account', () => {
  it('is opened by the job with days, money, level and collector group, and is bad debt past M3', async () => {
    await ctx.database.db.execute(sql`delete from overdue_day_runs where tenant_id = ${tenantId} and day = ${today}`);
    await runOverdueDay(ctx.database.db, tenantId, today);
    const account = await caseOf();
    expect(account).toMatchObject({ status: 1, overdueDays: 100, driverId, levelName: 'M3+' });
    expect((await get<Row>(`/api/overdue-cases/${account?.id}`)).data.badDebt).toBe(true);
    expect(Number(account?.overdueAmount)).toBe(500_000 + Number(account?.lateFee));
    expect(account?.collectorRoleName).toBe('运营经理');
    const bad = await get(`/api/overdue-cases/views/badDebtList?orderId=${orderId}`);
    expect(bad.data.list.map((row) => row.id)).toEqual([account?.id]);
  });

  it('is edited (collector, promise), called with a promise, assigned — and refuses what is wrong', async () => {
    const account = (await caseOf()) as Row;
    const users = await get<{ label: string; value: string }[]>('/api/lookups/tenant-users');
    const finance = users.data.find((user) => user.label.includes('财务'))?.value ?? users.data[0]?.value;
    const edited = await send('PUT', `/api/overdue-cases/${account.id}`, {
      collectorId: finance,
      promiseDate: addDays(today, 3),
      promiseAmount: 200_000,
      remark: '客户称月底发工资后还款',
      version: account.version,
    });
    expect(edited.msg).toBe('success');
    const half = await send('PUT', `/api/overdue-cases/${account.id}`, {
      collectorId: finance,
      promiseDate: addDays(today, 3),
      promiseAmount: null,
      remark: null,
      version: edited.data.version,
    });
    expect(half.msg).toBe('承诺还款日与承诺还款金额应同时填写');
    const unreached = await send('POST', `/api/overdue-cases/${account.id}/call`, {
      way: 1,
      reached: false,
      promiseDate: addDays(today, 5),
      promiseAmount: 1_000,
      result: '无人接听',
    });
    expect(unreached.msg).toContain('未联系上时不能记录承诺还款');
    const called = await send('POST', `/api/overdue-cases/${account.id}/call`, {
      way: 1,
      reached: true,
      promiseDate: addDays(today, 7),
      promiseAmount: 300_000,
      result: '客户承诺下周还款3000元',
      escalation: 1,
    });
    expect(called.msg).toBe('success');
    const after = (await get<Row>(`/api/overdue-cases/${account.id}`)).data;
    expect(after).toMatchObject({ contacts: 1, promiseDate: addDays(today, 7), promiseAmount: 300_000 });
    const contacts = await get(`/api/collection-records?orderNo=${after.orderNo}`);
    expect(contacts.data.list[0]).toMatchObject({
      reached: true,
      escalation: 1,
      overdueDays: 100,
      result: '客户承诺下周还款3000元',
    });
    const asked = await get(`/api/bad-debt-calls/views/askPayment?caseId=${account.id}`);
    expect(asked.data.list).toHaveLength(1);
    // 查看账单: the order's bills (the demo billed its months up to this one).
    const bills = await get(`/api/bad-debt-bills/views/lookBill?orderId=${orderId}`);
    const [billed] = await query<{ n: number }>(sql`select count(*)::int as n from bills where order_id = ${orderId}`);
    expect(bills.data.list).toHaveLength(billed?.n ?? -1);
    expect(bills.data.list.every((row) => String(row.billNo).startsWith('ZD'))).toBe(true);
    const stranger = await send('POST', `/api/overdue-cases/${account.id}/assign`, { collectorId: '999999' });
    expect(stranger.msg).not.toBe('success');
    const assigned = await send('POST', `/api/overdue-cases/${account.id}/assign`, { collectorId: finance });
    expect(assigned.msg).toBe('success');
  });

  it('closes once paid, and opens again when the payment is reversed', async () => {
    const account = (await caseOf()) as Row;
    const paid = await send('POST', '/api/payments', {
      driverId,
      amount: Number(account.overdueAmount),
      paidOn: today,
      channel: 2,
    });
    expect(paid.msg).toBe('success');
    const closed = (await get<Row>(`/api/overdue-cases/${account.id}`)).data;
    expect(closed).toMatchObject({ status: 2, overdueAmount: 0 });
    expect(await caseOf()).toBeUndefined();
    // 已结清 accounts offer no 催收.
    const late = await send('POST', `/api/overdue-cases/${account.id}/call`, { way: 1, reached: true, result: 'x' });
    expect(late.msg).toBe('逾期明细当前为「已结清」，不能催收');
    await send('POST', `/api/payments/${paid.data.id}/reverse`, { reason: '银行退票' });
    const reopened = await caseOf();
    expect(reopened).toMatchObject({ status: 1, overdueDays: 100 });
    expect(reopened?.id).not.toBe(account.id);
  });

  it('a level no longer counted as bad debt takes its accounts off 坏账列表 once the queued job runs', async () => {
    const [account] = await query<{ id: string }>(
      sql`select id::text from overdue_cases where order_id = ${orderId} and status = 1`,
    );
    if (!account) throw new Error('no open account');
    expect((await get<Row>(`/api/overdue-cases/${account.id}`)).data.badDebt).toBe(true);
    const levels = await get('/api/bad-debt-levels?limit=10');
    const top = levels.data.list.find((row) => row.name === 'M3+') as Row;
    const { id, version, collectorRoleId, lateFeeRate, minDays, maxDays, name, remark } = top;
    const edited = await send('PUT', `/api/bad-debt-levels/${id}`, {
      name,
      minDays,
      maxDays,
      badDebt: false,
      lateFeeRate,
      collectorRoleId,
      remark,
      version,
    });
    expect(edited.msg).toBe('success');
    await ctx.app.jobs.runUntilIdle();
    expect((await get<Row>(`/api/overdue-cases/${account.id}`)).data.badDebt).toBe(false);
    expect((await get(`/api/overdue-cases/views/badDebtList?orderId=${orderId}`)).data.list).toEqual([]);
    await send('PUT', `/api/bad-debt-levels/${id}`, {
      name,
      minDays,
      maxDays,
      badDebt: true,
      lateFeeRate,
      collectorRoleId,
      remark,
      version: edited.data.version,
    });
    await ctx.app.jobs.runUntilIdle();
    expect((await get<Row>(`/api/overdue-cases/${account.id}`)).data.badDebt).toBe(true);
  });

  it('坏账回款: reported by the collector, recorded as a 实收 once finance confirms it arrived', async () => {
    const account = (await caseOf()) as Row;
    const upload = await ctx.request<{ fileLocation: string }>({
      method: 'POST',
      url: '/api/gateway/storage/file/private',
      token: admin,
      ...multipart([{ name: '转账截图.png', content: samples.png }]),
    });
    const body = {
      caseId: account.id,
      amount: Number(account.overdueAmount),
      arrivedOn: today,
      channel: 2,
      payerName: '郭海涛',
      vouchers: [upload.data.fileLocation],
    };
    const [ordinary] = await query<{ id: string }>(
      sql`select id::text from overdue_cases where tenant_id = ${tenantId} and status = 1 and not bad_debt limit 1`,
    );
    if (ordinary) {
      const refused = await send('POST', '/api/bad-debt-recoveries', { ...body, caseId: ordinary.id });
      expect(refused.msg).toBe('坏账账户：不是催收中的坏账账户');
    }
    // Reported by 财务 (the collector), confirmed by another: the admin.
    const finance = await ctx.login('finance', 'finance123');
    const reported = await send('POST', '/api/bad-debt-recoveries', body, finance);
    expect(reported.msg).toBe('success');
    expect(reported.data).toMatchObject({ status: 1, driverId, orderNo: account.orderNo });
    // Nothing is paid until finance confirms.
    expect((await caseOf())?.status).toBe(1);
    const confirmed = await send('POST', `/api/bad-debt-recoveries/${reported.data.id}/confirm-arrival`, {}, admin);
    expect(confirmed.msg).toBe('success');
    const after = (await get<Row>(`/api/bad-debt-recoveries/${reported.data.id}`)).data;
    expect(after).toMatchObject({ status: 2 });
    expect(String(after.paymentNo)).toMatch(/^SK/);
    expect(await caseOf()).toBeUndefined();
    const again = await send('POST', `/api/bad-debt-recoveries/${reported.data.id}/confirm-arrival`, {});
    expect(again.msg).toBe('坏账回款当前为「已到账」，不能确认到账');
  });

  it('查看账户 adds the customer’s money up, every total the sum of its lines', async () => {
    const account = (await get<CustomerAccount>(`/api/customer-accounts/${driverId}`)).data;
    expect(account.driver.id).toBe(driverId);
    const sum = (key: 'due' | 'received' | 'relieved' | 'outstanding') =>
      account.byKind.reduce((total, row) => total + row[key], 0);
    expect(sum('due')).toBe(account.totals.due + account.totals.lateFee);
    expect(sum('received')).toBe(account.totals.received);
    expect(sum('outstanding')).toBe(account.totals.outstanding);
    expect(account.totals.outstanding).toBe(
      account.totals.due + account.totals.lateFee - account.totals.received - account.totals.relieved,
    );
    expect(account.orders.map((order) => order.id)).toContain(orderId);
    const shanghai = await ctx.loginToOtherTenant();
    expect((await get(`/api/customer-accounts/${driverId}`, shanghai)).code).toBe(404);
    const ops = await ctx.login('ops', 'ops123');
    expect((await get(`/api/customer-accounts/${driverId}`, ops)).code).toBe(403);
  });

  it('stays in its branch company and behind its page', async () => {
    const [account] = await query<Row>(
      sql`select id::text from overdue_cases where order_id = ${orderId} order by overdue_cases.id desc limit 1`,
    );
    if (!account) throw new Error('no account');
    const shanghai = await ctx.loginToOtherTenant();
    expect((await get(`/api/overdue-cases/${account.id}`, shanghai)).code).toBe(404);
    expect(
      (await send('POST', `/api/overdue-cases/${account.id}/call`, { way: 1, reached: false, result: 'x' }, shanghai))
        .code,
    ).not.toBe(0);
    const ops = await ctx.login('ops', 'ops123');
    expect((await get('/api/overdue-cases', ops)).code).toBe(403);
    expect((await get('/api/collection-records', ops)).code).toBe(403);
  });
});
