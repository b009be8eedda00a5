import { addDays, approvalBusinessTypes, type PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { catchUpFleetBilling, runFleetBillingDay } from '../src/fleetOrders/billing';
import { writesBy } from './calls';
import {
  approveOrder,
  beijingToday,
  checklist,
  type FleetCar,
  type FleetOrder,
  fleetFixture,
  lineFor,
  orderTerms,
} from './fleet-support';
import { startTestApp, type TestContext } from './harness';
import { type Car, decide } from './task-support';

let ctx: TestContext;
let admin: string;
let manager: string;
let finance: string;
let fixture: Awaited<ReturnType<typeof fleetFixture>>;

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 80 });
  admin = await ctx.login('admin', 'admin123');
  manager = await ctx.login('manager', 'manager123');
  finance = await ctx.login('finance', 'finance123');
  fixture = await fleetFixture(ctx);
});
afterAll(() => ctx.close());

const { post, put } = writesBy(() => ctx);
const get = <T>(url: string, token = admin) => ctx.request<T>({ method: 'GET', url, token });
const orderOf = async (id: string) => (await get<FleetOrder>(`/api/fleet-orders/${id}`)).data;
const carsOf = async (orderId: string) =>
  (await get<PageResult<FleetCar>>(`/api/fleet-cars?orderId=${orderId}&limit=50`)).data.list.sort((a, b) =>
    a.carNo.localeCompare(b.carNo),
  );
const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await ctx.database.db.execute(statement));
const used = new Set<string>();
/** `n` cars in stock of one city (what one order may take), none taken before. */
const takeCars = (n: number): Car[] => {
  const free = fixture.cars.filter((car) => !used.has(car.id));
  const city = free.find((car) => free.filter((other) => other.cityId === car.cityId).length >= n)?.cityId;
  const cars = free.filter((car) => car.cityId === city).slice(0, n);
  expect(cars).toHaveLength(n);
  for (const car of cars) used.add(car.id);
  return cars;
};
const newOrder = async (cars: Car[], lines: object[] = cars.map((car) => lineFor(car))) => {
  const terms = orderTerms(fixture.customerId, String(cars[0]?.cityId), lines);
  const saved = await post<FleetOrder>('/api/fleet-orders', admin, terms);
  expect(saved.msg).toBe('success');
  return saved.data;
};
const approved = async (cars: Car[]) => {
  const order = await newOrder(cars);
  await approveOrder(ctx, order.id, { by: admin, manager, finance });
  return order;
};

describe('a B端 order', () => {
  it('is saved 待提交 with its cars totalled, numbered BZ', async () => {
    const cars = takeCars(2);
    const order = await newOrder(
      cars,
      cars.map((car, index) => lineFor(car, { monthlyRent: 400_000 + index * 100_000 })),
    );
    expect(order).toMatchObject({ status: 1, carCount: 2, monthlyRent: 900_000, depositDue: 1_000_000 });
    expect(order.orderNo).toMatch(/^BZ\d{16}$/);
  });

  it('refuses lines that cannot be leased, naming the line', async () => {
    const [car] = takeCars(1) as [Car];
    const refusals: [object[], string][] = [
      [[lineFor(car, { endDate: addDays(beijingToday(), -30) })], '车辆明细第1行：到期日期不能早于起租日期'],
      [[lineFor(car, { modelId: '999999999' })], '车辆明细第1行：车型不存在'],
      [
        [lineFor(car, { vehicleId: car.id }), lineFor(car, { vehicleId: car.id })],
        '车辆明细第2行：预选车辆与第1行重复',
      ],
      [[], '车辆明细'],
    ];
    for (const [lines, message] of refusals) {
      const refused = await post('/api/fleet-orders', admin, orderTerms(fixture.customerId, car.cityId, lines));
      expect(refused.msg).toContain(message);
    }
  });

  it('goes through its approval: 驳回 → edited → resubmitted → 履约中 with a car per line', async () => {
    const cars = takeCars(2);
    const order = await newOrder(cars, [lineFor(cars[0] as Car)]);
    expect((await post(`/api/fleet-orders/${order.id}/submit`, admin)).msg).toBe('success');
    expect((await orderOf(order.id)).status).toBe(2);
    // Not edited while its approval runs.
    const during = await put(`/api/fleet-orders/${order.id}`, admin, {
      version: (await orderOf(order.id)).version,
      remark: 'x',
    });
    expect(during.code).not.toBe(0);
    expect(
      (await decide(ctx, manager, approvalBusinessTypes.fleetOrder, order.id, 'reject', { comment: '租金偏低' })).msg,
    ).toBe('success');
    const rejected = await orderOf(order.id);
    expect(rejected.status).toBe(3);
    const edited = await put<FleetOrder>(`/api/fleet-orders/${order.id}`, admin, {
      ...orderTerms(fixture.customerId, String(cars[0]?.cityId), []),
      version: rejected.version,
      lines: cars.map((car) => lineFor(car)),
    });
    expect(edited.msg).toBe('success');
    expect(edited.data.carCount).toBe(2);
    await approveOrder(ctx, order.id, { by: admin, manager, finance });
    expect((await orderOf(order.id)).status).toBe(4);
    const made = await carsOf(order.id);
    expect(made.map((car) => [car.carNo, car.status])).toEqual([
      [`${order.orderNo}-001`, 0],
      [`${order.orderNo}-002`, 0],
    ]);
    // In force, it is neither edited nor deleted.
    expect((await ctx.request({ method: 'DELETE', url: `/api/fleet-orders/${order.id}`, token: admin })).code).not.toBe(
      0,
    );
  });

  it('is deleted while a draft', async () => {
    const order = await newOrder(takeCars(1));
    expect((await ctx.request({ method: 'DELETE', url: `/api/fleet-orders/${order.id}`, token: admin })).msg).toBe(
      'success',
    );
    expect((await get(`/api/fleet-orders/${order.id}`)).code).toBe(404);
  });

  it('is kept within its branch company', async () => {
    const order = await newOrder(takeCars(1));
    const shanghai = await ctx.loginToOtherTenant();
    expect((await get(`/api/fleet-orders/${order.id}`, shanghai)).code).toBe(404);
    expect((await post(`/api/fleet-orders/${order.id}/submit`, shanghai)).code).not.toBe(0);
    const other = await fleetFixture(ctx, 'SH');
    const refused = await post(
      '/api/fleet-orders',
      admin,
      orderTerms(other.customerId, String(fixture.cars[0]?.cityId), [lineFor(takeCars(1)[0] as Car)]),
    );
    expect(refused.msg).toBe('客户不存在');
  });
});

describe('its cars handed over', () => {
  it('交车 with the checklist moves the vehicle to 租赁中 and records the 交接单; 还车 brings it back', async () => {
    const cars = takeCars(2);
    const order = await approved(cars);
    const [first, second] = (await carsOf(order.id)) as [FleetCar, FleetCar];
    const refused = await post(`/api/fleet-cars/${first.id}/deliver`, admin, await checklist(ctx, admin));
    expect(refused.msg).toBe('交付车辆：请选择');
    const delivered = await post(`/api/fleet-cars/${first.id}/deliver`, admin, {
      ...(await checklist(ctx, admin)),
      vehicleId: cars[0]?.id,
      handedOn: addDays(beijingToday(), -10),
    });
    expect(delivered.msg).toBe('success');
    const car = (await get<FleetCar>(`/api/fleet-cars/${first.id}`)).data;
    expect(car).toMatchObject({
      status: 1,
      vehicleId: cars[0]?.id,
      deliveredOn: addDays(beijingToday(), -10),
      processType: 0,
    });
    const [vehicle] = await query<{ stage: number }>(sql`select stage from vehicles where id = ${Number(cars[0]?.id)}`);
    expect(vehicle?.stage).toBe(5);
    const records = await get<PageResult<Record<string, unknown>>>(
      `/api/fleet-handovers/views/handovers?carId=${first.id}`,
    );
    expect(records.data.list).toHaveLength(1);
    expect(records.data.list[0]).toMatchObject({ processType: 0, receiverName: '王建国', keysCount: 2 });
    expect(String(records.data.list[0]?.receiverIdNo ?? '')).not.toContain('19850612');
    expect((await orderOf(order.id)).deliveredCars).toBe(1);
    // The same vehicle cannot go out twice.
    const twice = await post(`/api/fleet-cars/${second.id}/deliver`, admin, {
      ...(await checklist(ctx, admin)),
      vehicleId: cars[0]?.id,
    });
    expect(twice.msg).toContain('交付车辆');
    // 还车 no earlier than its 交车, then the vehicle is in stock again.
    const early = await post(`/api/fleet-cars/${first.id}/give-back`, admin, {
      ...(await checklist(ctx, admin)),
      handedOn: addDays(beijingToday(), -11),
    });
    expect(early.msg).toContain('交接日期：不能早于交车日期');
    const back = await post(`/api/fleet-cars/${first.id}/give-back`, admin, {
      ...(await checklist(ctx, admin)),
      mileage: 2_100_000,
      handedOn: addDays(beijingToday(), -2),
    });
    expect(back.msg).toBe('success');
    const [stocked] = await query<{ stage: number }>(sql`select stage from vehicles where id = ${Number(cars[0]?.id)}`);
    expect(stocked?.stage).toBe(7);
    expect((await orderOf(order.id)).status).toBe(4);
  });

  it('races: one car handed over twice at once goes out once; the order completes with its last car back', async () => {
    const cars = takeCars(1);
    const order = await approved(cars);
    const [only] = (await carsOf(order.id)) as [FleetCar];
    const body = { ...(await checklist(ctx, admin)), vehicleId: cars[0]?.id };
    const answers = await Promise.all([1, 2, 3].map(() => post(`/api/fleet-cars/${only.id}/deliver`, admin, body)));
    expect(answers.filter((answer) => answer.msg === 'success')).toHaveLength(1);
    expect(await query(sql`select id from fleet_handovers where car_id = ${Number(only.id)}`)).toHaveLength(1);
    expect(
      (await post(`/api/fleet-cars/${only.id}/give-back`, admin, await checklist(ctx, admin, { mileage: 2_100_000 })))
        .msg,
    ).toBe('success');
    expect((await orderOf(order.id)).status).toBe(5);
  });

  it('取消 only before any car went out; its waiting cars are cancelled with it', async () => {
    const cars = takeCars(2);
    const order = await approved(cars);
    const [first] = (await carsOf(order.id)) as [FleetCar];
    await post(`/api/fleet-cars/${first.id}/deliver`, admin, {
      ...(await checklist(ctx, admin)),
      vehicleId: cars[0]?.id,
    });
    expect((await post(`/api/fleet-orders/${order.id}/cancel`, admin, { reason: '客户取消' })).msg).toBe(
      '订单已有车辆交车，不能取消',
    );
    const other = await approved(takeCars(1));
    expect((await post(`/api/fleet-orders/${other.id}/cancel`, admin, { reason: '客户取消' })).msg).toBe('success');
    expect((await carsOf(other.id)).map((car) => car.status)).toEqual([3]);
  });
});

describe('billing', () => {
  it('bills each car-day once: the delivery day free, the return day charged, the night run twice', async () => {
    const cars = takeCars(1);
    const order = await approved(cars);
    const [only] = (await carsOf(order.id)) as [FleetCar];
    const delivered = addDays(beijingToday(), -6);
    await post(`/api/fleet-cars/${only.id}/deliver`, admin, {
      ...(await checklist(ctx, admin)),
      vehicleId: cars[0]?.id,
      handedOn: delivered,
    });
    await post(`/api/fleet-cars/${only.id}/give-back`, admin, {
      ...(await checklist(ctx, admin)),
      mileage: 2_100_000,
      handedOn: addDays(beijingToday(), -2),
    });
    const today = beijingToday();
    await catchUpFleetBilling(ctx.database.db, today);
    expect(await runFleetBillingDay(ctx.database.db, fixture.tenantId, today)).toBeNull();
    await catchUpFleetBilling(ctx.database.db, today);
    const days = await query<{ day: string; charged: boolean; rent: number; service_fee: number }>(
      sql`select day::text, charged, rent::int, service_fee::int from fleet_car_days where car_id = ${Number(only.id)} order by day`,
    );
    expect(days.map((row) => row.day)).toEqual([0, 1, 2, 3, 4].map((n) => addDays(delivered, n)));
    expect(days.map((row) => row.charged)).toEqual([false, true, true, true, true]);
    for (const row of days.filter((day) => day.charged)) {
      expect(row.rent + row.service_fee).toBeGreaterThan(14_000);
      expect(row.rent).toBe(Math.round((row.rent + row.service_fee) * 0.8));
    }
  });
});
