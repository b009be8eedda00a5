import { addDays, beijingDay, type LookupOption } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { callsAs } from './calls';
import { startTestApp, type TestContext } from './harness';
import { type Car, decide as decideTask, leaseOrderTerms, stockCars } from './task-support';

/**
 * A car comes back from a lease through its order (退租), never by a bare 还车登记 that left the order in force
 * with its car in stock; and an order is offered, and given, only cars it may have (填写交车信息, 换车).
 */

type Order = { id: string; orderNo: string; status: number; deliveryState: number; returnId: string | null };
type Vehicle = { id: string; plateNo: string; stage: number };

let ctx: TestContext;
let ops: string;
let manager: string;
let finance: string;
let tenantId: number;
let driverId: string;
let stock: Car[];
const today = beijingDay(new Date());

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 80 });
  ops = await ctx.login('ops', 'ops123');
  manager = await ctx.login('manager', 'manager123');
  finance = await ctx.login('finance', 'finance123');
  const [tenant] = rowsOf<{ id: number }>(await ctx.database.db.execute(sql`select id from tenants where code = 'BJ'`));
  tenantId = Number(tenant?.id);
  const [driver] = rowsOf<{ id: number }>(
    await ctx.database.db.execute(
      sql`select id from drivers where tenant_id = ${tenantId} and status = 1 order by id limit 1`,
    ),
  );
  driverId = String(driver?.id);
  stock = await stockCars(ctx, tenantId);
  expect(stock.length).toBeGreaterThanOrEqual(12);
});
afterAll(() => ctx.close());

const exec = (query: ReturnType<typeof sql>) => ctx.database.db.execute(query);
const { get, post } = callsAs(() => ({ ctx, token: ops }));
const orderOf = async (id: string) => (await get<Order>(`/api/lease-orders/${id}`)).data;
const vehicleOf = async (id: string) => (await get<Vehicle>(`/api/vehicles/${id}`)).data;
const takeCar = () => stock.shift() as Car;

/** An order of this car's model and city, placed by ops and approved by the 运营经理 and 财务: waiting for its car. */
async function approvedOrder(car: Car) {
  const saved = await post<Order>(
    '/api/lease-orders',
    leaseOrderTerms({
      driverId,
      cityId: car.cityId,
      modelId: car.modelId,
      startDate: addDays(today, -20),
      rent: 300_000,
    }),
  );
  expect(saved.msg).toBe('success');
  const id = saved.data.id;
  expect((await post(`/api/lease-orders/${id}/submit`)).msg).toBe('success');
  for (const token of [manager, finance]) expect((await decideTask(ctx, token, 1, id)).msg).toBe('success');
  return (await orderOf(id)) as Order;
}

const fillDelivery = (orderId: string, vehicleId: string) =>
  post(`/api/lease-orders/${orderId}/fill-delivery`, { vehicleId, mileage: 1_500_000, energyLevel: 80 });

/** An order with this car handed over to its driver. */
async function deliveredOrder(car: Car) {
  const order = await approvedOrder(car);
  expect((await fillDelivery(order.id, car.id)).msg).toBe('success');
  return orderOf(order.id);
}

/** What the vehicle picker offers, scoped (`handoverFor=12`), as the web asks for it. */
const offered = async (query: string) =>
  (await get<LookupOption[]>(`/api/lookups/vehicles?${query}`)).data as LookupOption[];

describe('还车 starts from the lease order', () => {
  it('还车登记 of a car on an order in force is refused, pointing to the order; its 退租 is accepted on 还车记录', async () => {
    const car = takeCar();
    const order = await deliveredOrder(car);
    const { plateNo } = await vehicleOf(car.id);

    // The path of the defect: a return registered on the car alone, which left the order 履约中 and the car 在库.
    const bare = await post(`/api/vehicles/${car.id}/request-return`, {});
    expect(bare.msg).toBe(
      `车辆 ${plateNo} 在租赁订单 ${order.orderNo} 中：请在「租赁订单」对该订单办理退租，退租后在还车记录验收`,
    );
    expect(await vehicleOf(car.id)).toMatchObject({ stage: 5 });
    expect(await orderOf(order.id)).toMatchObject({ status: 3, deliveryState: 1, returnId: null });

    // The order's 退租 writes the return 还车记录 lists; its 验收 there moves the order and the car together.
    expect((await post(`/api/lease-orders/${order.id}/end-lease`, { reason: '合同到期' })).msg).toBe('success');
    const returning = await orderOf(order.id);
    const listed = await get<{ list: { id: string; status: number }[] }>(
      `/api/vehicle-returns?vehicleId=${car.id}&limit=10`,
    );
    expect(listed.data.list).toEqual([expect.objectContaining({ id: returning.returnId, status: 0 })]);
    const accepted = await post(`/api/vehicle-returns/${returning.returnId}/accept`, {
      mileage: 1_500_500,
      energyLevel: 60,
      photos: [],
    });
    expect(accepted.msg).toBe('success');
    expect(await orderOf(order.id)).toMatchObject({ status: 3, deliveryState: 3 });
    expect(await vehicleOf(car.id)).toMatchObject({ stage: 7 });
  });

  it('还车登记 still takes back a car on lease that no order holds', async () => {
    const [loose] = rowsOf<{ id: string }>(
      await exec(sql`select id::text from vehicles v where tenant_id = ${tenantId} and stage = 5
        and not exists (select 1 from lease_orders o where o.vehicle_id = v.id) order by id limit 1`),
    );
    expect(loose).toBeDefined();
    const asked = await post<{ returnId: string }>(`/api/vehicles/${loose?.id}/request-return`, {});
    expect(asked.msg).toBe('success');
    expect(await vehicleOf(String(loose?.id))).toMatchObject({ stage: 6 });
    const accepted = await post(`/api/vehicle-returns/${asked.data.returnId}/accept`, {
      mileage: 3_000_000,
      energyLevel: 50,
      photos: [],
    });
    expect(accepted.msg).toBe('success');
    expect(await vehicleOf(String(loose?.id))).toMatchObject({ stage: 7 });
  });

  it('a bare return registered before is not accepted while the order is in force: cancelled, then 退租', async () => {
    const car = takeCar();
    const order = await deliveredOrder(car);
    // What 还车登记 wrote before it was refused for such a car: a return of the car alone, the car 还车中.
    const [bare] = rowsOf<{ id: string }>(
      await exec(sql`insert into vehicle_returns (tenant_id, vehicle_id, requested_at, handler)
        values (${tenantId}, ${Number(car.id)}, now(), '运营') returning id::text`),
    );
    await exec(sql`update vehicles set stage = 6 where id = ${Number(car.id)}`);

    const accepted = await post(`/api/vehicle-returns/${bare?.id}/accept`, {
      mileage: 1_500_100,
      energyLevel: 60,
      photos: [],
    });
    expect(accepted.msg).toBe(
      `该还车记录不是租赁订单 ${order.orderNo} 的退租，车辆仍在该订单中：请取消此还车，在「租赁订单」办理退租后验收`,
    );
    expect(await vehicleOf(car.id)).toMatchObject({ stage: 6 });
    expect(await orderOf(order.id)).toMatchObject({ deliveryState: 1 });

    expect((await post(`/api/vehicle-returns/${bare?.id}/cancel`, { reason: '应在订单退租' })).msg).toBe('success');
    expect(await vehicleOf(car.id)).toMatchObject({ stage: 5 });
    expect((await post(`/api/lease-orders/${order.id}/end-lease`, { reason: '合同到期' })).msg).toBe('success');
    expect(await orderOf(order.id)).toMatchObject({ deliveryState: 2 });
  });

  it('a car its order still holds (履约中) is offered to no other order, and refused to their 交车 and 换车', async () => {
    const car = takeCar();
    const holder = await deliveredOrder(car);
    const { plateNo } = await vehicleOf(car.id);
    // The state the bare return left: the order 已交车, its car back in stock.
    await exec(sql`update vehicles set stage = 7 where id = ${Number(car.id)}`);

    const waiting = await approvedOrder(car);
    expect((await offered(`handoverFor=${waiting.id}`)).map((option) => option.value)).not.toContain(car.id);
    const handedOver = await fillDelivery(waiting.id, car.id);
    expect(handedOver.msg).toBe(
      `交付车辆：${plateNo} 仍在租赁订单 ${holder.orderNo} 中（履约中），该订单还车验收后才能交出`,
    );
    expect(await orderOf(waiting.id)).toMatchObject({ deliveryState: 0 });

    const other = await deliveredOrder(takeCar());
    expect((await offered(`exchangeFor=${other.id}`)).map((option) => option.value)).not.toContain(car.id);
    const exchange = await post(`/api/lease-orders/${other.id}/exchange`, { newVehicleId: car.id, reason: '故障' });
    expect(exchange.msg).toBe(
      `新车辆：${plateNo} 仍在租赁订单 ${holder.orderNo} 中（履约中），该订单还车验收后才能交出`,
    );
    const [open] = rowsOf<{ n: number }>(
      await exec(sql`select count(*)::int as n from exchange_orders where order_id = ${Number(other.id)}`),
    );
    expect(open?.n).toBe(0);
  });
});

describe('填写交车信息 offers and takes only the cars the order may have', () => {
  it('its picker offers the cars of its city and model in stock, inspected, plated and free, with what tells them apart', async () => {
    const cars = [takeCar(), takeCar(), takeCar(), takeCar(), takeCar(), takeCar(), takeCar()];
    const [good, unplated, uninspected, temporary, elsewhere, otherModel, reserved] = cars as [
      Car,
      Car,
      Car,
      Car,
      Car,
      Car,
      Car,
    ];
    const [city, model] = [good.cityId, good.modelId];
    const ids = cars.map((car) => Number(car.id));
    await exec(sql`update vehicles set city_id = ${Number(city)}, model_id = ${Number(model)}, stage = 7
      where id = any(${`{${ids.join(',')}}`}::bigint[])`);
    const plates = new Map<string, string>();
    for (const car of cars) plates.set(car.id, (await vehicleOf(car.id)).plateNo);
    await exec(sql`update vehicles set plate_no = null where id = ${Number(unplated.id)}`);
    await exec(sql`delete from vehicle_inspections where vehicle_id = ${Number(uninspected.id)}`);
    await exec(sql`update vehicles set stage = 8 where id = ${Number(temporary.id)}`);
    const [otherCity] = rowsOf<{ id: string }>(
      await exec(sql`select id::text from cities where id <> ${Number(city)} order by id limit 1`),
    );
    await exec(sql`update vehicles set city_id = ${Number(otherCity?.id)} where id = ${Number(elsewhere.id)}`);
    const [otherModelRow] = rowsOf<{ id: string }>(
      await exec(
        sql`select id::text from vehicle_catalog where level = 3 and id <> ${Number(model)} order by id limit 1`,
      ),
    );
    await exec(sql`update vehicles set model_id = ${Number(otherModelRow?.id)} where id = ${Number(otherModel.id)}`);
    // Another order's exchange under way holds its new car.
    const exchanging = await deliveredOrder(takeCar());
    const asked = await post<{ exchangeNo: string }>(`/api/lease-orders/${exchanging.id}/exchange`, {
      newVehicleId: reserved.id,
      reason: '空调故障',
    });
    expect(asked.msg).toBe('success');

    const order = await approvedOrder(good);
    const options = await offered(`handoverFor=${order.id}`);
    const values = options.map((option) => option.value);
    expect(values.filter((value) => ids.includes(Number(value)))).toEqual([good.id]);
    const [modelName] = rowsOf<{ name: string }>(
      await exec(sql`select name from vehicle_catalog where id = ${Number(model)}`),
    );
    // Every car offered is of the order's model, in stock or out for delivery; each says its model, stage, mileage.
    for (const option of options) {
      expect(option.details?.[0]).toBe(modelName?.name);
      expect(['已出库', '在库']).toContain(option.details?.[1]);
      expect(option.details?.[2]).toMatch(/^[\d,]+公里$/);
    }
    expect(options.find((option) => option.value === good.id)?.label).toContain(plates.get(good.id));
    // A search keeps to the scope: a refused car is not found by its plate either.
    expect(
      await offered(`handoverFor=${order.id}&search=${encodeURIComponent(String(plates.get(reserved.id)))}`),
    ).toEqual([]);

    // The server refuses each of the others, saying why.
    const vin = (await vehicleOf(unplated.id)) as Vehicle & { vin: string };
    const refusals = [
      [unplated, `交付车辆：${vin.vin} 未上牌`],
      [uninspected, `交付车辆：${plates.get(uninspected.id)} 未验车`],
      [temporary, `交付车辆：${plates.get(temporary.id)} 当前为「临时交车」，不能交车`],
      [elsewhere, `交付车辆：${plates.get(elsewhere.id)} 不在订单所在城市`],
      [otherModel, `交付车辆：${plates.get(otherModel.id)} 的车型与订单车型不一致`],
      [reserved, `交付车辆：${plates.get(reserved.id)} 已被换车单 ${asked.data.exchangeNo} 预留`],
    ] as const;
    for (const [car, message] of refusals) expect((await fillDelivery(order.id, car.id)).msg).toBe(message);
    expect(await orderOf(order.id)).toMatchObject({ deliveryState: 0 });

    // 换车's picker: any model, not the order's own car nor one it cannot have.
    const forExchange = (await offered(`exchangeFor=${exchanging.id}`)).map((option) => option.value);
    expect(forExchange).toContain(good.id);
    expect(forExchange).toContain(otherModel.id);
    for (const car of [unplated, uninspected, temporary]) expect(forExchange).not.toContain(car.id);

    expect((await fillDelivery(order.id, good.id)).msg).toBe('success');
    expect((await offered(`handoverFor=${order.id}`)).map((option) => option.value)).not.toContain(good.id);
  });

  it('a scope of another branch company or of no order offers nothing', async () => {
    expect(await offered('handoverFor=999999999')).toEqual([]);
    expect((await get(`/api/lookups/vehicles?handoverFor=abc`)).code).toBe(400);
  });
});
