import { addDays, beijingDay } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { callsAs, writesBy } from './calls';
import { startTestApp, type TestContext } from './harness';
import { decide as decideTask, leaseOrderTerms, stockCars } from './task-support';

type Order = { id: string; orderNo: string; status: number; deliveryState: number; returnId: string | null };
type Car = { id: string; modelId: string; cityId: string };
type Vehicle = { stage: number; rentStatus: number };

let ctx: TestContext;
let ops: string;
let manager: string;
let finance: string;
let tenantId: number;
let driverId: string;
let stock: Car[];
const today = beijingDay(new Date());

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
  stock = await stockCars(ctx, tenantId);
  expect(stock.length).toBeGreaterThanOrEqual(6);
});
afterAll(() => ctx.close());

const { get } = callsAs(() => ({ ctx, token: ops }));
const { post } = writesBy(() => ctx);
const orderOf = async (id: string) => (await get<Order>(`/api/lease-orders/${id}`)).data;
const vehicleOf = async (id: string) => (await get<Vehicle>(`/api/vehicles/${id}`)).data;

const decide = async (token: string, businessType: number, businessId: string) =>
  expect((await decideTask(ctx, token, businessType, businessId)).msg).toBe('success');

/** An order placed by ops, approved by the 运营经理 and 财务, its car handed to the driver. */
async function deliveredOrder(vehicle: Car) {
  const saved = await post<Order>(
    '/api/lease-orders',
    ops,
    leaseOrderTerms({
      driverId,
      cityId: vehicle.cityId,
      modelId: vehicle.modelId,
      startDate: addDays(today, -20),
      rent: 300_000,
    }),
  );
  expect(saved.msg).toBe('success');
  const id = saved.data.id;
  expect((await post(`/api/lease-orders/${id}/submit`, ops)).msg).toBe('success');
  await decide(manager, 1, id);
  await decide(finance, 1, id);
  const filled = await post(`/api/lease-orders/${id}/fill-delivery`, ops, {
    vehicleId: vehicle.id,
    mileage: 1_500_000,
    energyLevel: 80,
  });
  expect(filled.msg).toBe('success');
  return id;
}

describe('cancel what can be cancelled', () => {
  it('a return is cancelled before its settlement', async () => {
    const car = stock[0] as Car;
    const orderId = await deliveredOrder(car);
    expect((await post(`/api/lease-orders/${orderId}/end-lease`, ops, { reason: '司机想退车' })).msg).toBe('success');
    const returning = await orderOf(orderId);
    expect(returning).toMatchObject({ status: 3, deliveryState: 2 });
    expect(await vehicleOf(car.id)).toMatchObject({ stage: 6, rentStatus: 1 });
    const returnId = String(returning.returnId);

    // A reason is asked; then the car stays with the driver and the order is in force again, together.
    expect((await post(`/api/lease-orders/${orderId}/cancel-return`, ops, {})).code).toBe(400);
    const cancelled = await post(`/api/lease-orders/${orderId}/cancel-return`, ops, { reason: '司机改变主意' });
    expect(cancelled.msg).toBe('success');
    expect(await orderOf(orderId)).toMatchObject({ status: 3, deliveryState: 1, returnId: null });
    expect(await vehicleOf(car.id)).toMatchObject({ stage: 5, rentStatus: 0 });
    const record = (await get<{ status: number; cancelReason: string }>(`/api/vehicle-returns/${returnId}`)).data;
    expect(record).toMatchObject({ status: 3, cancelReason: '司机改变主意' });
    // The order is in force: it may be returned again; the cancelled record is kept, not offered again.
    expect(
      (await post(`/api/vehicle-returns/${returnId}/accept`, ops, { mileage: 1_500_100, energyLevel: 50 })).msg,
    ).toBe('还车记录当前为「已取消」，不能还车验收');
    expect((await post(`/api/lease-orders/${orderId}/cancel-return`, ops, { reason: '再取消' })).msg).toBe(
      '订单不在退租中（或车辆已验收），不能取消退租',
    );

    // From the return record too; and not once the car was accepted back.
    expect((await post(`/api/lease-orders/${orderId}/end-lease`, ops, { reason: '到期退车' })).msg).toBe('success');
    const second = String((await orderOf(orderId)).returnId);
    expect((await post(`/api/vehicle-returns/${second}/cancel`, ops, { reason: '登记错了' })).msg).toBe('success');
    expect(await orderOf(orderId)).toMatchObject({ deliveryState: 1, returnId: null });
    expect(await vehicleOf(car.id)).toMatchObject({ stage: 5 });

    expect((await post(`/api/lease-orders/${orderId}/end-lease`, ops, { reason: '到期退车' })).msg).toBe('success');
    const third = String((await orderOf(orderId)).returnId);
    const accepted = await post(`/api/vehicle-returns/${third}/accept`, ops, {
      mileage: 1_500_200,
      energyLevel: 60,
      photos: [],
    });
    expect(accepted.msg).toBe('success');
    expect((await post(`/api/vehicle-returns/${third}/cancel`, ops, { reason: '晚了' })).msg).toBe(
      '还车记录当前为「已验收」，不能取消还车',
    );
    expect((await post(`/api/lease-orders/${orderId}/cancel-return`, ops, { reason: '晚了' })).msg).toBe(
      '订单不在退租中（或车辆已验收），不能取消退租',
    );
    expect(await vehicleOf(car.id)).toMatchObject({ stage: 7 });
    expect((await orderOf(orderId)).deliveryState).toBe(3);
  });

  it('an exchange stuck in 待交接 is cancelled', async () => {
    const [oldCar, otherCar, wanted] = stock.slice(1, 4) as [Car, Car, Car];
    const orderId = await deliveredOrder(oldCar);
    const otherOrderId = await deliveredOrder(otherCar);
    const asked = await post<{ exchangeId: string; exchangeNo: string }>(`/api/lease-orders/${orderId}/exchange`, ops, {
      newVehicleId: wanted.id,
      reason: '空调故障',
    });
    expect(asked.msg).toBe('success');
    const exchangeId = asked.data.exchangeId;
    await decide(manager, 9, exchangeId);
    expect((await get<{ status: number }>(`/api/exchange-orders/${exchangeId}`)).data.status).toBe(3);
    // The exchange holds the new car: another order cannot be promised it.
    const held = await post(`/api/lease-orders/${otherOrderId}/exchange`, ops, {
      newVehicleId: wanted.id,
      reason: '事故',
    });
    expect(held.msg).toContain(`已被换车单 ${asked.data.exchangeNo} 预留`);

    expect((await post(`/api/exchange-orders/${exchangeId}/cancel`, ops, {})).code).toBe(400);
    const cancelled = await post(`/api/exchange-orders/${exchangeId}/cancel`, ops, { reason: '司机自行修好' });
    expect(cancelled.msg).toBe('success');
    expect(
      (await get<{ status: number; cancelReason: string }>(`/api/exchange-orders/${exchangeId}`)).data,
    ).toMatchObject({ status: 5, cancelReason: '司机自行修好' });
    // Nothing was handed over: both cars where they were, the order's car unchanged.
    expect((await vehicleOf(oldCar.id)).stage).toBe(5);
    expect([4, 7]).toContain((await vehicleOf(wanted.id)).stage);
    expect((await get<{ vehicleId: string }>(`/api/lease-orders/${orderId}`)).data.vehicleId).toBe(oldCar.id);
    const handover = { oldMileage: 1_500_100, oldEnergyLevel: 50, newMileage: 1_600_000, newEnergyLevel: 90 };
    expect((await post(`/api/exchange-orders/${exchangeId}/handover`, ops, handover)).msg).toBe(
      '换车订单当前为「已取消」，不能换车交接',
    );
    // The car it held is free again; the order may ask for another exchange.
    const freed = await post<{ exchangeId: string }>(`/api/lease-orders/${otherOrderId}/exchange`, ops, {
      newVehicleId: wanted.id,
      reason: '事故',
    });
    expect(freed.msg).toBe('success');

    // Not after the handover.
    await decide(manager, 9, freed.data.exchangeId);
    const done = await post(`/api/exchange-orders/${freed.data.exchangeId}/handover`, ops, handover);
    expect(done.msg).toBe('success');
    expect((await post(`/api/exchange-orders/${freed.data.exchangeId}/cancel`, ops, { reason: '晚了' })).msg).toBe(
      '换车订单当前为「已完成」，不能取消换车',
    );
  });
});
