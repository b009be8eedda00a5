import { addDays, approvalBusinessTypes, beijingDay, type PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { enqueueJob } from '../src/jobs/queue';
import { JobRunner } from '../src/jobs/runner';
import { commandJob } from '../src/powerOff/commands';
import { callsAs } from './calls';
import { startTestApp, type TestContext } from './harness';
import { decide } from './task-support';

type Request = Record<string, unknown> & { id: string; status: number; version: number; failReason: string | null };
type Log = { event: number; online: boolean | null; speed: number | null; position: string | null; result: string };

let ctx: TestContext;
let admin: string;
let manager: string;
let tenantId: number;
const today = beijingDay(new Date());
const orders: { id: string; driverId: string; vehicleId: string }[] = [];

const { get, post } = callsAs<Request, Request>(() => ({ ctx, token: admin }));
const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await ctx.database.db.execute(statement));
const run = () => ctx.app.jobs.runUntilIdle();
const requestOf = async (id: string) => (await get(`/api/power-off-requests/${id}`)).data;
const logsOf = async (id: string) =>
  (await get<PageResult<Log>>(`/api/power-command-logs/views/powerCommandLogs?requestId=${id}&limit=100`)).data.list;
const drive = (id: string, operation: number, speed?: number) =>
  post(`/api/power-off-requests/${id}/simulator`, { operation, ...(speed ? { speed } : {}) });
/** Jobs that wait (a recheck a minute on, an answer's deadline) are made due now, as time passing would. */
const later = async () => {
  await ctx.database.db.execute(sql`update jobs set run_at = now() where status = 'queued' and kind like 'powerOff.%'`);
  await run();
};

/** An order in force owing 3,000 yuan past due, its car fitted with a terminal. */
async function owingOrder(_index: number) {
  const [order] = await query<{ id: string; driver_id: string; vehicle_id: string }>(sql`
    select o.id::text, o.driver_id::text, o.vehicle_id::text from lease_orders o
    where o.tenant_id = ${tenantId} and o.status = 3 and o.delivery_state = 1 and o.vehicle_id is not null
      and not exists (select 1 from order_receivables r where r.order_id = o.id and r.status = 3)
      and not exists (select 1 from power_off_requests p where p.vehicle_id = o.vehicle_id)
    order by o.id limit 1`);
  if (!order) throw new Error('no order in force');
  await ctx.database.db.execute(sql`
    insert into order_receivables (tenant_id, order_id, driver_id, city_id, kind, period, period_start, period_end, due_date, amount, status, overdue_days)
    select ${tenantId}, o.id, o.driver_id, o.city_id, 11, 900, ${addDays(today, -40)}::date, ${addDays(today, -10)}::date,
      ${addDays(today, -10)}::date, 300000, 3, 10
    from lease_orders o where o.id = ${order.id}`);
  await ctx.database.db.execute(
    sql`update vehicles set gps_device_no = ${`8613${String(order.vehicle_id).padStart(11, '0')}`} where id = ${order.vehicle_id}`,
  );
  const found = { id: order.id, driverId: order.driver_id, vehicleId: order.vehicle_id };
  orders.push(found);
  return found;
}

/** A request applied for and approved by the 运营经理. */
async function approved(orderId: string, reason = 0) {
  const made = await post('/api/power-off-requests', { orderId, reason, remark: '逾期未还，电话不接' });
  expect(made.msg).toBe('success');
  expect((await decide(ctx, manager, approvalBusinessTypes.powerOff, made.data.id)).msg).toBe('success');
  return requestOf(made.data.id);
}

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 150 });
  admin = await ctx.login('admin', 'admin123');
  manager = await ctx.login('manager', 'manager123');
  const [tenant] = await query<{ id: number }>(sql`select id from tenants where code = 'BJ'`);
  tenantId = Number(tenant?.id);
  await ctx.login('admin', 'admin123');
});
afterAll(() => ctx.close());

describe('断电申请', () => {
  it('takes the car, terminal, customer and arrears from the order, and waits for its approval', async () => {
    const order = await owingOrder(0);
    const made = await post('/api/power-off-requests', { orderId: order.id, reason: 0, remark: '逾期10天' });
    expect(made.msg).toBe('success');
    const request = await requestOf(made.data.id);
    expect(request).toMatchObject({
      status: 1,
      vehicleId: order.vehicleId,
      driverId: order.driverId,
      arrears: 300_000,
    });
    expect(String(request.deviceImei)).toMatch(/^8613/);
    const again = await post('/api/power-off-requests', { orderId: order.id, reason: 1, remark: '再来一次' });
    expect(again.msg).toContain('已有进行中的断电申请');
    expect((await post(`/api/power-off-requests/${made.data.id}/power-off`)).msg).toContain('不能断电');
    await decide(ctx, manager, approvalBusinessTypes.powerOff, made.data.id, 'reject', { comment: '先再催收一次' });
    expect((await requestOf(made.data.id)).status).toBe(8);
  });

  it('refuses 欠租 for an order owing nothing past due, and hostile input in words', async () => {
    const [clean] = await query<{ id: string }>(sql`
      select o.id::text from lease_orders o where o.tenant_id = ${tenantId} and o.status = 3 and o.vehicle_id is not null
        and not exists (select 1 from order_receivables r where r.order_id = o.id and r.status = 3) order by o.id desc limit 1`);
    expect((await post('/api/power-off-requests', { orderId: clean?.id, reason: 0, remark: 'x' })).msg).toContain(
      '没有逾期欠款',
    );
    expect((await post('/api/power-off-requests', { orderId: clean?.id, reason: 9, remark: 'x' })).msg).toBe(
      '断电原因取值无效',
    );
    expect((await post('/api/power-off-requests', { orderId: '99999999', reason: 1, remark: 'x' })).code).not.toBe(0);
    expect((await post('/api/power-off-requests', { orderId: clean?.id, reason: 1 })).msg).toContain('申请说明');
  });
});

describe("催收's 申请断电", () => {
  it('arrives as a request of the overdue order, sent to approval', async () => {
    const [account] = await query<{ id: string; order_id: string; vehicle_id: string }>(sql`
      select c.id::text, c.order_id::text, o.vehicle_id::text from overdue_cases c join lease_orders o on o.id = c.order_id
      where c.tenant_id = ${tenantId} and c.status = 1 and o.status = 3 and o.vehicle_id is not null
        and not exists (select 1 from power_off_requests p where p.vehicle_id = o.vehicle_id)
      order by c.id limit 1`);
    if (!account) throw new Error('no open overdue account with a car');
    await ctx.database.db.execute(
      sql`update vehicles set gps_device_no = '861300000000999' where id = ${account.vehicle_id}`,
    );
    const called = await post(`/api/overdue-cases/${account.id}/call`, {
      way: 1,
      reached: true,
      result: '客户拒绝还款',
      escalation: 1,
    });
    expect(called.msg).toBe('success');
    const [made] = await query<{ status: number; reason: number; remark: string }>(sql`
      select status, reason, remark from power_off_requests where order_id = ${account.order_id} and collection_record_id is not null`);
    expect(made).toMatchObject({ status: 1, reason: 0, remark: '催收升级：客户拒绝还款' });
  });
});

describe('断电 through the simulated terminal', () => {
  it('waits while the car moves, cuts at the stop, and logs online, speed and position', async () => {
    const request = await approved((await owingOrder(1)).id);
    expect(request.status).toBe(2);
    expect((await drive(request.id, 3, 60)).data).toMatchObject({ speed: 60, acc: true });
    expect((await post(`/api/power-off-requests/${request.id}/power-off`)).msg).toBe('success');
    await run();
    expect((await requestOf(request.id)).status).toBe(3);
    expect((await logsOf(request.id)).map((log) => log.event)).toContain(3);
    await drive(request.id, 4);
    await run();
    expect((await requestOf(request.id)).status).toBe(3); // stopped, ACC still on: still moving
    await drive(request.id, 6);
    await run();
    const cut = await requestOf(request.id);
    expect(cut.status).toBe(4);
    const answered = (await logsOf(request.id)).find((log) => log.event === 5);
    expect(answered).toMatchObject({ online: true, speed: 0 });
    expect(answered?.position).toMatch(/^\d+\.\d+,\d+\.\d+$/);
    expect((await drive(request.id, 3, 30)).msg).toBe('车辆已断电，无法行驶');
  });

  it('queues while offline and sends when the terminal comes back; a restore cancels a queued cut', async () => {
    const first = await approved((await owingOrder(2)).id);
    await drive(first.id, 2);
    await post(`/api/power-off-requests/${first.id}/power-off`);
    await run();
    expect((await logsOf(first.id)).map((log) => log.event)).toContain(2);
    await drive(first.id, 1);
    await run();
    expect((await requestOf(first.id)).status).toBe(4);

    const second = await approved((await owingOrder(3)).id);
    await drive(second.id, 2);
    await post(`/api/power-off-requests/${second.id}/power-off`);
    await run();
    expect((await post(`/api/power-off-requests/${second.id}/power-on`, { reason: '客户已承诺明日还款' })).msg).toBe(
      'success',
    );
    await drive(second.id, 1);
    await run();
    const [terminal] = await query<{ relay_cut: boolean }>(sql`
      select t.relay_cut from simulated_terminals t join vehicles v on v.gps_device_no = t.imei
      join power_off_requests p on p.vehicle_id = v.id where p.id = ${second.id}`);
    expect(terminal?.relay_cut).toBe(false);
    expect((await requestOf(second.id)).status).toBe(6);
    const events = await logsOf(second.id);
    expect(events.map((log) => log.event)).toContain(7);
  });

  it('fails with its reason when the terminal takes the command and never answers', async () => {
    const request = await approved((await owingOrder(4)).id);
    await drive(request.id, 7);
    await post(`/api/power-off-requests/${request.id}/power-off`);
    await run();
    await later();
    const failed = await requestOf(request.id);
    expect(failed.status).toBe(7);
    expect(failed.failReason).toContain('未应答');
  });

  it('restores the car by itself when the arrears are paid', async () => {
    const order = await owingOrder(5);
    const request = await approved(order.id);
    await post(`/api/power-off-requests/${request.id}/power-off`);
    await run();
    expect((await requestOf(request.id)).status).toBe(4);
    // Paying the principal settles its late fee by the rule: that is owed too, and paid next.
    for (let round = 0; round < 3; round += 1) {
      const owing = await query<{ id: string; owed: number }>(sql`
        select id::text, (amount + late_fee - received - relieved)::int as owed from order_receivables
        where order_id = ${order.id} and status = 3`);
      if (owing.length === 0) break;
      expect((await requestOf(request.id)).status).toBe(4);
      const paid = await post('/api/payments', {
        driverId: order.driverId,
        amount: owing.reduce((sum, row) => sum + row.owed, 0),
        paidOn: today,
        channel: 2,
        allocations: owing.map((row) => ({ receivableId: row.id, amount: row.owed })),
      });
      expect(paid.msg).toBe('success');
    }
    expect((await requestOf(request.id)).status).toBe(5);
    await run();
    const restored = await requestOf(request.id);
    expect(restored).toMatchObject({ status: 6, restoreReason: '欠款已结清，自动复电' });
  });
});

describe('races and runners', () => {
  it('takes two 断电 clicks at once as one command', async () => {
    const request = await approved((await owingOrder(6)).id);
    const clicks = await Promise.all([1, 2].map(() => post(`/api/power-off-requests/${request.id}/power-off`)));
    expect(clicks.filter((click) => click.msg === 'success')).toHaveLength(1);
    const [count] = await query<{ n: number }>(
      sql`select count(*)::int as n from power_commands where request_id = ${request.id}`,
    );
    expect(count?.n).toBe(1);
  });

  it('sends a command once when two runners look at it together', async () => {
    const request = await approved((await owingOrder(7)).id);
    await post(`/api/power-off-requests/${request.id}/power-off`);
    const [command] = await query<{ id: number }>(sql`select id from power_commands where request_id = ${request.id}`);
    const second = new JobRunner({ db: ctx.database.db, config: ctx.config, log: ctx.app.log });
    second.define(commandJob);
    await enqueueJob(ctx.database.db, commandJob, { payload: { commandId: Number(command?.id) } });
    await Promise.all([run(), second.runUntilIdle()]);
    const sent = (await logsOf(request.id)).filter((log) => log.event === 4);
    expect(sent).toHaveLength(1);
    expect((await requestOf(request.id)).status).toBe(4);
  });
});

describe('access', () => {
  it('keeps each branch company to its own requests, and the buttons to their holders', async () => {
    const [one] = orders;
    const shanghai = await ctx.loginToOtherTenant();
    const [mine] = await query<{ id: string }>(
      sql`select id::text from power_off_requests where tenant_id = ${tenantId} limit 1`,
    );
    expect((await get(`/api/power-off-requests/${mine?.id}`, shanghai)).code).not.toBe(0);
    expect((await post(`/api/power-off-requests/${mine?.id}/simulator`, { operation: 2 }, shanghai)).code).not.toBe(0);
    expect(
      (await post('/api/power-off-requests', { orderId: one?.id, reason: 1, remark: 'x' }, shanghai)).code,
    ).not.toBe(0);
    const ops = await ctx.login('ops', 'ops123');
    expect((await get('/api/power-off-requests', ops)).code).toBe(403);
    expect((await post(`/api/power-off-requests/${mine?.id}/simulator`, { operation: 2 }, ops)).code).toBe(403);
    expect((await get('/api/power-off-statistics', ops)).code).toBe(403);
  });

  it('answers 断电统计 by reason, city and customer with the cars cut now', async () => {
    await ctx.login('admin', 'admin123');
    const stats = await get<{
      requests: number;
      cutNow: number;
      successRate: number | null;
      byReason: { name: string }[];
    }>('/api/power-off-statistics?reason=0');
    expect(stats.data.requests).toBeGreaterThan(0);
    expect(stats.data.cutNow).toBeGreaterThan(0);
    expect(stats.data.byReason.map((row) => row.name)).toEqual(['欠租']);
    expect((await get('/api/power-off-statistics?reason=abc')).msg).toContain('断电原因');
  });
});
