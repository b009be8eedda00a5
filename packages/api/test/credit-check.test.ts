import { addDays, beijingDay } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { callsAs, writesBy } from './calls';
import { startTestApp, type TestContext } from './harness';
import { decide as decideTask, taskOf as findTask, leaseOrderTerms, stockCars } from './task-support';

type Order = {
  id: string;
  orderNo: string;
  status: number;
  deliveryState: number;
  vehicleId: string | null;
  creditIssue: string | null;
  creditOverrideBy: string | null;
  creditOverrideAt: string | null;
};
type Car = { id: string; modelId: string; cityId: string };
type Driver = { id: string; name: string };

let ctx: TestContext;
let ops: string;
let manager: string;
let finance: string;
let managerId: string;
let tenantId: number;
let stock: Car[];
let clean: Driver[];
const today = beijingDay(new Date());

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 40 });
  ops = await ctx.login('ops', 'ops123');
  manager = await ctx.login('manager', 'manager123');
  finance = await ctx.login('finance', 'finance123');
  const db = ctx.database.db;
  const [tenant] = rowsOf<{ id: number }>(await db.execute(sql`select id from tenants where code = 'BJ'`));
  tenantId = Number(tenant?.id);
  const [me] = rowsOf<{ id: number }>(await db.execute(sql`select id from users where login_id = 'manager'`));
  managerId = String(me?.id);
  // Drivers in good standing: 正常, nothing past due, no open overdue account.
  clean = rowsOf<{ id: number; name: string }>(
    await db.execute(sql`select d.id, d.name from drivers d where d.tenant_id = ${tenantId} and d.status = 1
      and not exists (select 1 from order_receivables r where r.driver_id = d.id and r.status = 3)
      and not exists (select 1 from overdue_cases c where c.driver_id = d.id and c.status = 1)
      order by d.id limit 8`),
  ).map((row) => ({ id: String(row.id), name: row.name }));
  stock = await stockCars(ctx, tenantId);
  expect(clean.length).toBeGreaterThanOrEqual(5);
  expect(stock.length).toBeGreaterThanOrEqual(8);
});
afterAll(() => ctx.close());

const { get } = callsAs(() => ({ ctx, token: ops }));
const { post } = writesBy(() => ctx);
const orderOf = async (id: string) => (await get<Order>(`/api/lease-orders/${id}`)).data;

const taskOf = (token: string, businessType: number, businessId: string) =>
  findTask(ctx, token, businessType, businessId);
const decide = async (token: string, businessType: number, businessId: string, action: string, body = {}) =>
  expect((await decideTask(ctx, token, businessType, businessId, action, body)).msg).toBe('success');

const setStatus = (driver: Driver, status: number) =>
  ctx.database.db.execute(sql`update drivers set status = ${status} where id = ${Number(driver.id)}`);

async function newOrder(driver: Driver, car: Car, startDate = addDays(today, -5)) {
  const saved = await post<Order>(
    '/api/lease-orders',
    ops,
    leaseOrderTerms({
      driverId: driver.id,
      cityId: car.cityId,
      modelId: car.modelId,
      startDate,
      rent: 123_400,
      graceDays: 3,
      lateFeeRate: 5,
    }),
  );
  expect(saved.msg).toBe('success');
  return saved.data.id;
}

async function approvedOrder(driver: Driver, car: Car) {
  const id = await newOrder(driver, car);
  expect((await post(`/api/lease-orders/${id}/submit`, ops)).msg).toBe('success');
  await decide(manager, 1, id, 'approve');
  await decide(finance, 1, id, 'approve');
  return id;
}

const deliver = (id: string, car: Car) =>
  post(`/api/lease-orders/${id}/fill-delivery`, ops, { vehicleId: car.id, mileage: 1_000_000, energyLevel: 80 });

/** Makes the order's first period 逾期 with `days` past due and nothing paid, as the overdue job leaves it. */
const overdue = (orderId: string, days: number) =>
  ctx.database.db.execute(sql`update order_receivables set status = 3, overdue_days = ${days}
    where order_id = ${Number(orderId)} and period = 1`);

describe('credit check', () => {
  it('a frozen driver gets no new order: saved with the problem, its approval says so, and no car without the override', async () => {
    const [driver] = clean as [Driver];
    const [car] = stock as [Car];
    await setStatus(driver, 2);
    const id = await newOrder(driver, car);
    expect((await orderOf(id)).creditIssue).toBe(`司机${driver.name}已冻结`);
    expect((await post(`/api/lease-orders/${id}/submit`, ops)).msg).toBe('success');
    const task = await taskOf(manager, 1, id);
    expect(task?.title.startsWith(`【信用异常：司机${driver.name}已冻结】租赁订单`)).toBe(true);
    // 运营经理 turns it down: the order stays 待审批 and no car can be handed over.
    await decide(manager, 1, id, 'reject', { comment: '司机已冻结' });
    const refused = await orderOf(id);
    expect(refused).toMatchObject({ status: 1, deliveryState: 0, creditOverrideBy: null });
    expect((await deliver(id, car)).msg).toBe('租赁订单当前为「待审批」，不能填写交车信息');
  });

  it('a driver frozen after the approval gets no car: 填写交车信息 is refused with why', async () => {
    const driver = clean[1] as Driver;
    const car = stock[1] as Car;
    const id = await approvedOrder(driver, car);
    expect(await orderOf(id)).toMatchObject({ status: 3, creditIssue: null, creditOverrideBy: null });
    await setStatus(driver, 2);
    expect((await deliver(id, car)).msg).toBe(`司机${driver.name}已冻结，不能交车`);
    await setStatus(driver, 3);
    expect((await deliver(id, car)).msg).toBe(`司机${driver.name}已列入黑名单，不能交车`);
    await setStatus(driver, 1);
    expect((await deliver(id, car)).msg).toBe('success');
  });

  it('a driver overdue gets no renewal: the renewal records what is owed, and it does not start without the override', async () => {
    const driver = clean[2] as Driver;
    const car = stock[2] as Car;
    const id = await approvedOrder(driver, car);
    expect((await deliver(id, car)).msg).toBe('success');
    // A renewal asked and approved while the driver owed nothing…
    const asked = await post<{ renewalId: string }>(`/api/lease-orders/${id}/continue`, ops, {
      termMonths: 6,
      rent: 130_000,
    });
    expect(asked.msg).toBe('success');
    const renewalId = asked.data.renewalId;
    expect((await orderOf(renewalId)).creditIssue).toBeNull();
    expect((await post(`/api/lease-orders/${renewalId}/submit`, ops)).msg).toBe('success');
    await decide(manager, 1, renewalId, 'approve');
    await decide(finance, 1, renewalId, 'approve');
    // …then 67 days overdue on the order it renews: the renewal does not start.
    await overdue(id, 67);
    const owed = `司机${driver.name}有逾期未还¥1,234.00（逾期67天）`;
    expect((await deliver(renewalId, car)).msg).toBe(`${owed}，不能续租`);
    expect(await orderOf(renewalId)).toMatchObject({ status: 3, deliveryState: 0 });
    // A renewal asked now carries the debt, and so does its approval's title.
    await post(`/api/lease-orders/${renewalId}/cancel`, ops, { reason: '司机逾期' });
    const again = await post<{ renewalId: string }>(`/api/lease-orders/${id}/continue`, ops, {
      termMonths: 6,
      rent: 130_000,
    });
    expect(again.msg).toBe('success');
    expect((await orderOf(again.data.renewalId)).creditIssue).toBe(owed);
    expect((await post(`/api/lease-orders/${again.data.renewalId}/submit`, ops)).msg).toBe('success');
    expect((await taskOf(manager, 1, again.data.renewalId))?.title.startsWith(`【信用异常：${owed}】`)).toBe(true);
  });

  it("a 运营经理's approval overrides the credit check and is recorded on the order", async () => {
    const driver = clean[3] as Driver;
    const [first, second] = [stock[3], stock[4]] as [Car, Car];
    const earlier = await approvedOrder(driver, first);
    expect((await deliver(earlier, first)).msg).toBe('success');
    await overdue(earlier, 30);
    const owed = `司机${driver.name}有逾期未还¥1,234.00（逾期30天）`;
    // A second car for a driver 30 days overdue: saved with the debt, its approval titled with it.
    const id = await newOrder(driver, second);
    expect((await orderOf(id)).creditIssue).toBe(owed);
    expect((await post(`/api/lease-orders/${id}/submit`, ops)).msg).toBe('success');
    expect((await taskOf(manager, 1, id))?.title.startsWith(`【信用异常：${owed}】租赁订单`)).toBe(true);
    await decide(manager, 1, id, 'approve', { comment: '已承诺本周结清，准予放行' });
    expect((await orderOf(id)).creditOverrideBy).toBeNull();
    await decide(finance, 1, id, 'approve');
    const approved = await orderOf(id);
    expect(approved).toMatchObject({ status: 3, creditIssue: owed, creditOverrideBy: managerId });
    expect(approved.creditOverrideAt).not.toBeNull();
    // The override covers what the 运营经理 saw: the car is handed over to the driver who owes…
    expect((await deliver(id, second)).msg).toBe('success');
    // …but not a problem of another kind: the earlier order's renewal, approved with the debt overridden, does
    // not start once the driver is blacklisted.
    const renewal = await post<{ renewalId: string }>(`/api/lease-orders/${earlier}/continue`, ops, {
      termMonths: 6,
      rent: 123_400,
    });
    const renewalId = renewal.data.renewalId;
    expect((await orderOf(renewalId)).creditIssue).toBe(owed);
    expect((await post(`/api/lease-orders/${renewalId}/submit`, ops)).msg).toBe('success');
    await decide(manager, 1, renewalId, 'approve');
    await decide(finance, 1, renewalId, 'approve');
    expect((await orderOf(renewalId)).creditOverrideBy).toBe(managerId);
    await setStatus(driver, 3);
    expect((await deliver(renewalId, first)).msg).toBe(
      `司机${driver.name}已列入黑名单，${owed.slice(`司机${driver.name}`.length)}，不能续租`,
    );
    await setStatus(driver, 1);
    expect((await deliver(renewalId, first)).msg).toBe('success');
  });

  it('an exchange approved while the driver was in good standing is not handed over once he is blacklisted', async () => {
    const driver = clean[4] as Driver;
    const car = stock[5] as Car;
    const id = await approvedOrder(driver, car);
    expect((await deliver(id, car)).msg).toBe('success');
    const newCar = stock[6] as Car;
    const asked = await post<{ exchangeId: string }>(`/api/lease-orders/${id}/exchange`, ops, {
      newVehicleId: newCar.id,
      reason: '事故',
    });
    expect(asked.msg).toBe('success');
    expect((await taskOf(manager, 9, asked.data.exchangeId))?.title.startsWith('换车')).toBe(true);
    await decide(manager, 9, asked.data.exchangeId, 'approve');
    await setStatus(driver, 3);
    const refused = await post(`/api/exchange-orders/${asked.data.exchangeId}/handover`, ops, {
      oldMileage: 1_010_000,
      oldEnergyLevel: 60,
      oldDamage: '无',
      newMileage: 500_000,
      newEnergyLevel: 90,
    });
    expect(refused.msg).toBe(`司机${driver.name}已列入黑名单，不能换车交接`);
  });
});
