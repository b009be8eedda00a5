import { addDays, addMonthsClamped, type PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { callsAs, writesBy } from './calls';
import { startTestApp, type TestContext } from './harness';
import { leaseOrderTerms } from './task-support';

type Order = { id: string; orderNo: string; status: number; deliveryState: number; endDate: string; version: number };
type Receivable = { period: number; stage: number; dueDate: string; amount: number };

let ctx: TestContext;
let ops: string;
let manager: string;
let finance: string;
let tenantId: number;
let driverId: string;
let stock: { id: string; modelId: string; cityId: string }[];

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 40 });
  ops = await ctx.login('ops', 'ops123');
  manager = await ctx.login('manager', 'manager123');
  finance = await ctx.login('finance', 'finance123');
  const db = ctx.database.db;
  const [tenant] = rowsOf<{ id: number }>(await db.execute(sql`select id from tenants where code = 'BJ'`));
  tenantId = Number(tenant?.id);
  const [driver] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from drivers where tenant_id = ${tenantId} and status = 1 order by id limit 1`),
  );
  driverId = String(driver?.id);
  stock = rowsOf<{ id: number; model_id: number; city_id: number }>(
    await db.execute(
      sql`select id, model_id, city_id from vehicles where tenant_id = ${tenantId} and stage in (4, 7) order by id`,
    ),
  ).map((row) => ({ id: String(row.id), modelId: String(row.model_id), cityId: String(row.city_id) }));
});
afterAll(() => ctx.close());

const { get } = callsAs(() => ({ ctx, token: ops }));
const { post } = writesBy(() => ctx);
const orderOf = async (id: string) => (await get<Order>(`/api/lease-orders/${id}`)).data;

function terms(vehicle: { modelId: string; cityId: string }, extra: object = {}) {
  return leaseOrderTerms({
    driverId,
    cityId: vehicle.cityId,
    modelId: vehicle.modelId,
    startDate: '2026-01-31',
    rent: 450_000,
    ...extra,
  });
}

/** Saved by ops, submitted, approved by the 运营经理 and then 财务: an order in performance waiting for its car. */
async function approvedOrder(vehicle: { modelId: string; cityId: string }, extra: object = {}) {
  const saved = await post<Order>('/api/lease-orders', ops, terms(vehicle, extra));
  expect(saved.msg).toBe('success');
  expect(saved.data).toMatchObject({ status: 1, deliveryState: 0 });
  expect((await post(`/api/lease-orders/${saved.data.id}/submit`, ops)).code).toBe(0);
  expect((await orderOf(saved.data.id)).status).toBe(2);
  for (const token of [manager, finance]) {
    const todo = await get<PageResult<{ id: string; businessId: string; businessType: number }>>(
      '/api/approval-tasks?limit=100',
      token,
    );
    const task = todo.data.list.find((row) => row.businessType === 1 && row.businessId === saved.data.id);
    expect(task).toBeDefined();
    expect((await post(`/api/approval-tasks/${task?.id}/approve`, token)).code).toBe(0);
  }
  return saved.data;
}

describe('a lease order', () => {
  it('is approved by another user, delivered with its vehicle in one step, and gets its schedule', async () => {
    const vehicle = stock[0] as (typeof stock)[number];
    const order = await approvedOrder(vehicle);
    expect(await orderOf(order.id)).toMatchObject({ status: 3, deliveryState: 0, endDate: '2027-01-30' });
    // Handed over on its start day (recorded after the fact): the schedule runs from it.
    const filled = await post(`/api/lease-orders/${order.id}/fill-delivery`, ops, {
      vehicleId: vehicle.id,
      mileage: 999_999,
      energyLevel: 80,
      deliveredOn: '2026-01-31',
    });
    expect(filled.msg).toBe('success');
    const vehicleNow = await get<{ stage: number }>(`/api/vehicles/${vehicle.id}`, ops);
    expect(vehicleNow.data.stage).toBe(5);
    expect(await orderOf(order.id)).toMatchObject({ status: 3, deliveryState: 1 });
    const schedule = await get<PageResult<Receivable>>(
      `/api/order-receivables/views/schedule?orderId=${order.id}&limit=50`,
    );
    expect(schedule.data.total).toBe(12);
    expect(schedule.data.list.slice(0, 2).map((row) => row.dueDate)).toEqual(['2026-01-31', '2026-02-28']);
    expect(schedule.data.list.every((row) => row.amount === 450_000)).toBe(true);
    expect(
      (
        await post(`/api/lease-orders/${order.id}/fill-delivery`, ops, {
          vehicleId: vehicle.id,
          mileage: 999_999,
          energyLevel: 80,
        })
      ).msg,
    ).toBe('该订单已交车');
  });

  it('refuses stepped rent whose stages do not add up to the term, and keeps stepped rows as stages', async () => {
    const vehicle = stock[1] as (typeof stock)[number];
    const wrong = await post(
      '/api/lease-orders',
      ops,
      terms(vehicle, { rentReceipt: 1, stages: [{ periods: 3, rent: 1 }] }),
    );
    expect(wrong.msg).toBe('阶梯租金：各阶段期数之和（3）应等于租期（12）');
    const order = await approvedOrder(vehicle, {
      rentReceipt: 1,
      stages: [
        { periods: 6, rent: 400_000 },
        { periods: 6, rent: 500_000 },
      ],
    });
    await post(`/api/lease-orders/${order.id}/fill-delivery`, ops, {
      vehicleId: vehicle.id,
      mileage: 999_999,
      energyLevel: 50,
    });
    const schedule = await get<PageResult<Receivable>>(
      `/api/order-receivables/views/schedule?orderId=${order.id}&limit=50`,
    );
    expect(schedule.data.list.map((row) => [row.stage, row.amount])).toEqual([
      ...Array(6).fill([1, 400_000]),
      ...Array(6).fill([2, 500_000]),
    ]);
  });

  it('hands one vehicle to one order only, also when two deliveries race', async () => {
    const vehicle = stock[2] as (typeof stock)[number];
    const [first, second] = [await approvedOrder(vehicle), await approvedOrder(vehicle)];
    const body = { vehicleId: vehicle.id, mileage: 999_999, energyLevel: 60 };
    const answers = await Promise.all([
      post(`/api/lease-orders/${first.id}/fill-delivery`, ops, body),
      post(`/api/lease-orders/${second.id}/fill-delivery`, ops, body),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, 1000]);
    // Told by the car's rules (the other handover committed first) or by its 交车 under the car's lock.
    expect(answers.find((answer) => answer.code !== 0)?.msg).toMatch(/当前为「租赁中」，不能交车/);
    const states = [await orderOf(first.id), await orderOf(second.id)].map((order) => order.deliveryState).sort();
    expect(states).toEqual([0, 1]);
  });

  it('goes back to 待审批 when its approval is rejected, and is cancelled with a reason', async () => {
    const vehicle = stock[3] as (typeof stock)[number];
    const saved = await post<Order>('/api/lease-orders', ops, terms(vehicle));
    await post(`/api/lease-orders/${saved.data.id}/submit`, ops);
    const todo = await get<PageResult<{ id: string; businessId: string }>>('/api/approval-tasks?limit=100', manager);
    const task = todo.data.list.find((row) => row.businessId === saved.data.id);
    expect((await post(`/api/approval-tasks/${task?.id}/reject`, manager, { comment: '租金过低' })).code).toBe(0);
    expect((await orderOf(saved.data.id)).status).toBe(1);
    expect((await post(`/api/lease-orders/${saved.data.id}/cancel`, ops, {})).code).toBe(400);
    expect((await post(`/api/lease-orders/${saved.data.id}/cancel`, ops, { reason: '客户放弃' })).code).toBe(0);
    expect((await orderOf(saved.data.id)).status).toBe(0);
    expect((await post(`/api/lease-orders/${saved.data.id}/submit`, ops)).msg).toBe(
      '租赁订单当前为「已取消」，不能提交审批',
    );
  });

  it('is extended once approved: periods not yet due are written again for the longer term, past ones kept', async () => {
    const vehicle = stock[4] as (typeof stock)[number];
    const order = await approvedOrder(vehicle, { startDate: '2026-06-15', termMonths: 12 });
    await post(`/api/lease-orders/${order.id}/fill-delivery`, ops, {
      vehicleId: vehicle.id,
      mileage: 999_999,
      energyLevel: 60,
      deliveredOn: '2026-06-15',
    });
    const asked = await post<{ changeRequestId: string }>(`/api/lease-orders/${order.id}/delay`, ops, {
      extraMonths: 3,
    });
    expect(asked.code).toBe(0);
    // The order is in force: the extension waits for 订单变更审批 (运营经理, then 财务).
    for (const token of [manager, finance]) {
      const todo = await get<PageResult<{ id: string; businessId: string; businessType: number }>>(
        '/api/approval-tasks?limit=100',
        token,
      );
      const task = todo.data.list.find(
        (row) => row.businessType === 10 && row.businessId === asked.data.changeRequestId,
      );
      expect((await post(`/api/approval-tasks/${task?.id}/approve`, token)).code).toBe(0);
    }
    const schedule = await get<PageResult<Receivable>>(
      `/api/order-receivables/views/schedule?orderId=${order.id}&limit=50`,
    );
    expect(schedule.data.total).toBe(15);
    expect(schedule.data.list.map((row) => row.period)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(await orderOf(order.id)).toMatchObject({ endDate: '2027-09-14' });
  });

  it('shows in 到期订单 by how soon it ends, and is renewed from there', async () => {
    const vehicle = stock[5] as (typeof stock)[number];
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    // Ends in nine days: a 12-month lease that started a year less ten days ago.
    const startDate = addDays(addMonthsClamped(today, -12), 10);
    const order = await approvedOrder(vehicle, { startDate });
    await post(`/api/lease-orders/${order.id}/fill-delivery`, ops, {
      vehicleId: vehicle.id,
      mileage: 999_999,
      energyLevel: 60,
      deliveredOn: startDate,
    });
    const soon = await get<PageResult<Order & { dueBucket: number }>>('/api/due-orders?limit=100');
    expect(soon.data.list.find((row) => row.id === order.id)).toMatchObject({ dueBucket: 3 });
    const week = await get<PageResult<Order>>('/api/due-orders?tab=within7&limit=100');
    expect(week.data.list.some((row) => row.id === order.id)).toBe(false);
    const renewed = await post<{ renewalNo: string }>(`/api/due-orders/${order.id}/continue`, ops, {
      termMonths: 6,
      rent: 400_000,
    });
    expect(renewed.code).toBe(0);
    expect((await get<{ extendTenancy: number }>(`/api/lease-orders/${order.id}`)).data.extendTenancy).toBe(2);
    const pendingOrder = await get<PageResult<Order>>(`/api/lease-orders?orderNo=${renewed.data.renewalNo}`);
    expect(pendingOrder.data.list[0]).toMatchObject({ status: 1, deliveryState: 0 });
  });

  it('keeps its 商务约定事项 as a set of known items, and carries them to a renewal', async () => {
    const vehicle = stock[6] as (typeof stock)[number];
    const unknown = await post('/api/lease-orders', ops, terms(vehicle, { businessItems: [0, 12] }));
    expect(unknown.code).toBe(400);
    expect(unknown.msg).toContain('商务约定事项');
    const saved = await post<Order & { businessItems: number[] }>(
      '/api/lease-orders',
      ops,
      terms(vehicle, { businessItems: [8, 1, 8] }),
    );
    expect(saved.msg).toBe('success');
    expect(saved.data.businessItems).toEqual([1, 8]);
    expect((await get<{ businessItems: number[] }>(`/api/lease-orders/${saved.data.id}`)).data.businessItems).toEqual([
      1, 8,
    ]);

    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const startDate = addDays(addMonthsClamped(today, -12), 20);
    const order = await approvedOrder(vehicle, { startDate, businessItems: [0, 6] });
    const delivered = await post(`/api/lease-orders/${order.id}/fill-delivery`, ops, {
      vehicleId: vehicle.id,
      mileage: 999_999,
      energyLevel: 60,
      deliveredOn: startDate,
    });
    expect(delivered.msg).toBe('success');
    const renewed = await post<{ renewalNo: string }>(`/api/due-orders/${order.id}/continue`, ops, {
      termMonths: 6,
      rent: 400_000,
    });
    expect(renewed.code).toBe(0);
    const renewal = await get<PageResult<{ businessItems: number[] }>>(
      `/api/lease-orders?orderNo=${renewed.data.renewalNo}`,
    );
    const [row] = renewal.data.list;
    expect(
      (await get<{ businessItems: number[] }>(`/api/lease-orders/${(row as { id?: string })?.id}`)).data.businessItems,
    ).toEqual([0, 6]);
  });

  it('gives orders saved at the same moment numbers of their own', async () => {
    const vehicle = stock[0] as (typeof stock)[number];
    const saved = await Promise.all(
      Array.from({ length: 8 }, () => post<Order>('/api/lease-orders', ops, terms(vehicle))),
    );
    expect(saved.map((answer) => answer.msg)).toEqual(Array(8).fill('success'));
    expect(new Set(saved.map((answer) => answer.data.orderNo)).size).toBe(8);
    expect(saved.every((answer) => /^ZL\d{16}$/.test(answer.data.orderNo))).toBe(true);
  });

  it('keeps another branch company’s orders out of reach', async () => {
    const shanghai = await ctx.loginToOtherTenant();
    const listed = await get<PageResult<Order>>('/api/lease-orders?limit=100', shanghai);
    const ours = await get<PageResult<Order>>('/api/lease-orders?limit=100', ops);
    const theirIds = new Set(listed.data.list.map((order) => order.id));
    expect(ours.data.list.some((order) => theirIds.has(order.id))).toBe(false);
    const first = ours.data.list[0];
    expect((await get(`/api/lease-orders/${first?.id}`, shanghai)).code).toBe(404);
  });
});
