import { addDays, addMonthsClamped, beijingDay, leaseEndDate, type PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { startDueRenewals } from '../src/orders/renewals';
import { callsAs, writesBy } from './calls';
import { startTestApp, type TestContext } from './harness';
import { leaseOrderTerms, stockCars } from './task-support';

type Order = {
  id: string;
  orderNo: string;
  status: number;
  deliveryState: number;
  startDate: string;
  endDate: string;
  deposit: number;
  vehicleId: string | null;
  deliveredAt: string | null;
};
type Receivable = {
  kind: number;
  period: number;
  periodStart: string;
  periodEnd: string;
  dueDate: string;
  amount: number;
};
type Car = { id: string; modelId: string; cityId: string };

let ctx: TestContext;
let ops: string;
let manager: string;
let finance: string;
let admin: string;
let tenantId: number;
let drivers: string[];
let stock: Car[];
const today = beijingDay(new Date());

const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await ctx.database.db.execute(statement));

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 80 });
  ops = await ctx.login('ops', 'ops123');
  manager = await ctx.login('manager', 'manager123');
  finance = await ctx.login('finance', 'finance123');
  admin = await ctx.login('admin', 'admin123');
  const [tenant] = await query<{ id: number }>(sql`select id from tenants where code = 'BJ'`);
  tenantId = Number(tenant?.id);
  drivers = (
    await query<{ id: number }>(
      sql`select id from drivers where tenant_id = ${tenantId} and status = 1 order by id desc limit 8`,
    )
  ).map((row) => String(row.id));
  stock = await stockCars(ctx, tenantId, 'oldest');
  expect(drivers.length).toBe(8);
  expect(stock.length).toBeGreaterThanOrEqual(9);
});
afterAll(() => ctx.close());

const { get } = callsAs(() => ({ ctx, token: ops }));
const { post } = writesBy(() => ctx);
const orderOf = async (id: string) => (await get<Order>(`/api/lease-orders/${id}`)).data;
/** The order's rent periods on its 应收计划 (the one-off charges of the handover are rows of it too). */
const scheduleOf = async (id: string) =>
  (await get<PageResult<Receivable>>(`/api/order-receivables/views/schedule?orderId=${id}&limit=100`)).data.list.filter(
    (row) => row.kind === 1,
  );
/** The rent rows of an order as they stand in the books, cancelled ones with their reason. */
const rentRows = (id: string) =>
  query<{ period_start: string; period_end: string; status: number; void_reason: string | null }>(sql`
    select period_start::text, period_end::text, status, void_reason from order_receivables
    where order_id = ${Number(id)} and kind = 1 order by period_start`);

async function approve(businessId: string) {
  for (const token of [manager, finance]) {
    const todo = await get<PageResult<{ id: string; businessId: string; businessType: number }>>(
      '/api/approval-tasks?limit=200',
      token,
    );
    const task = todo.data.list.find((row) => row.businessType === 1 && row.businessId === businessId);
    expect(task, `approval task of ${businessId}`).toBeDefined();
    expect((await post(`/api/approval-tasks/${task?.id}/approve`, token)).msg).toBe('success');
  }
}

/** Saved by ops, submitted, approved by the 运营经理 and then 财务: waiting for its car. */
async function approvedOrder(car: Car, driverId: string, extra: object = {}) {
  const saved = await post<Order>(
    '/api/lease-orders',
    ops,
    leaseOrderTerms({
      driverId,
      cityId: car.cityId,
      modelId: car.modelId,
      startDate: today,
      rent: 300_000,
      deposit: 500_000,
      ...extra,
    }),
  );
  expect(saved.msg).toBe('success');
  expect((await post(`/api/lease-orders/${saved.data.id}/submit`, ops)).msg).toBe('success');
  await approve(saved.data.id);
  return saved.data;
}

/** An order whose car was handed over on its start day. */
async function deliveredOrder(car: Car, driverId: string, startDate: string, termMonths: number) {
  const order = await approvedOrder(car, driverId, { startDate, termMonths });
  const filled = await post(`/api/lease-orders/${order.id}/fill-delivery`, ops, {
    vehicleId: car.id,
    mileage: 1_900_000,
    energyLevel: 80,
    deliveredOn: startDate,
  });
  expect(filled.msg).toBe('success');
  return orderOf(order.id);
}

/** 续租 of an order, submitted and approved: the renewal in force, its car still the old order's. */
async function approvedRenewal(orderId: string, termMonths = 2) {
  const renewed = await post<{ renewalId: string; renewalNo: string }>(`/api/lease-orders/${orderId}/continue`, ops, {
    termMonths,
    rent: 320_000,
  });
  expect(renewed.msg).toBe('success');
  const id = renewed.data.renewalId;
  expect((await post(`/api/lease-orders/${id}/submit`, ops)).msg).toBe('success');
  await approve(id);
  return id;
}

describe('renewals and extensions never bill a month twice', () => {
  it('a renewal never bills a month the old order bills', async () => {
    const car = stock[0] as Car;
    // A three-month lease that ended five days ago; the renewal starts the day after.
    const startDate = addDays(addMonthsClamped(today, -3), -5);
    const old = await deliveredOrder(car, drivers[0] as string, startDate, 3);
    expect(old.endDate).toBe(leaseEndDate(startDate, 3));
    // The defect as it was seen: a month past the old order's end billed on it, beside the renewal's.
    const renewalStart = addDays(old.endDate, 1);
    const extraStart = renewalStart;
    const extraEnd = addDays(addMonthsClamped(extraStart, 1), -1);
    await ctx.database.db.execute(sql`
      insert into order_receivables (tenant_id, order_id, driver_id, kind, period, stage, period_start, period_end,
        due_date, amount)
      values (${tenantId}, ${Number(old.id)}, ${Number(drivers[0])}, 1, 4, 1, ${extraStart}, ${extraEnd},
        ${extraStart}, 300000)`);
    const renewalId = await approvedRenewal(old.id);
    const pending = await orderOf(renewalId);
    expect(pending).toMatchObject({ startDate: renewalStart, status: 3, deliveryState: 0 });
    // The deposit held on the old order carries over: the renewal shows it and bills none.
    expect(pending.deposit).toBe(500_000);

    const handed = await post(`/api/lease-orders/${renewalId}/fill-delivery`, ops, {
      vehicleId: car.id,
      mileage: 1_900_100,
      energyLevel: 70,
    });
    expect(handed.msg).toBe('success');
    expect(await orderOf(old.id)).toMatchObject({ status: 4 });
    expect(await orderOf(renewalId)).toMatchObject({ status: 3, deliveryState: 1, vehicleId: car.id });

    const oldRows = await rentRows(old.id);
    const kept = oldRows.filter((row) => row.status !== 5);
    expect(kept.every((row) => row.period_end <= old.endDate)).toBe(true);
    expect(oldRows.filter((row) => row.status === 5)).toEqual([
      expect.objectContaining({ period_start: extraStart, void_reason: expect.stringContaining('续租订单') }),
    ]);
    const renewalRows = await scheduleOf(renewalId);
    expect(renewalRows.map((row) => row.periodStart)).toEqual([renewalStart, addMonthsClamped(renewalStart, 1)]);
    // No rent day of the car is billed on both orders.
    for (const row of renewalRows) expect(kept.some((mine) => mine.period_end >= row.periodStart)).toBe(false);
    const deposits = await query<{ n: number }>(
      sql`select count(*)::int as n from order_receivables where order_id = ${Number(renewalId)} and kind = 2`,
    );
    expect(deposits[0]?.n).toBe(0);
  });

  it('an early handover of a renewal does not end the old order', async () => {
    const car = stock[1] as Car;
    const other = stock[2] as Car;
    // Started forty days ago for three months: it runs some fifty days more.
    const startDate = addDays(today, -40);
    const old = await deliveredOrder(car, drivers[1] as string, startDate, 3);
    const renewalId = await approvedRenewal(old.id);
    const renewal = await orderOf(renewalId);
    expect(renewal.startDate > today).toBe(true);

    const elsewhere = await post(`/api/lease-orders/${renewalId}/fill-delivery`, ops, {
      vehicleId: other.id,
      mileage: 1_900_100,
      energyLevel: 70,
    });
    expect(elsewhere.msg).toBe(`交付车辆：续租订单沿用原订单 ${old.orderNo} 的车辆，换车请在原订单办理换车`);
    const early = await post(`/api/lease-orders/${renewalId}/fill-delivery`, ops, {
      vehicleId: car.id,
      mileage: 1_900_100,
      energyLevel: 70,
    });
    expect(early.msg).toBe('success');
    // The old order runs its term: still in force with the car; the renewal has only recorded that the car stays.
    expect(await orderOf(old.id)).toMatchObject({ status: 3, deliveryState: 1 });
    const waiting = await orderOf(renewalId);
    expect(waiting).toMatchObject({ status: 3, deliveryState: 0 });
    expect(waiting.deliveredAt).not.toBeNull();
    expect(await scheduleOf(renewalId)).toEqual([]);
    const again = await post(`/api/lease-orders/${renewalId}/fill-delivery`, ops, {
      vehicleId: car.id,
      mileage: 1_900_100,
      energyLevel: 70,
    });
    expect(again.msg).toBe(`该续租订单已填写交车信息，${renewal.startDate} 原订单到期后自动生效`);

    // The renewals job before the start day changes nothing; on it the old order ends and the renewal starts.
    await startDueRenewals(ctx.database.db, today);
    expect(await orderOf(old.id)).toMatchObject({ status: 3, deliveryState: 1 });
    expect(await startDueRenewals(ctx.database.db, renewal.startDate)).toBeGreaterThanOrEqual(1);
    expect(await orderOf(old.id)).toMatchObject({ status: 4, endDate: old.endDate });
    expect(await orderOf(renewalId)).toMatchObject({ status: 3, deliveryState: 1, vehicleId: car.id });
    const schedule = await scheduleOf(renewalId);
    expect(schedule[0]).toMatchObject({ period: 1, periodStart: renewal.startDate, amount: 320_000 });
    expect(schedule).toHaveLength(2);
    const [car0] = await query<{ stage: number }>(sql`select stage from vehicles where id = ${Number(car.id)}`);
    expect(car0?.stage).toBe(5);
    const history = await get<{ action: string; changes: Record<string, { from: unknown; to: unknown }> | null }[]>(
      `/api/lease-orders/${old.id}/history`,
    );
    expect(history.data).toContainEqual(
      expect.objectContaining({ action: 'continue', changes: expect.objectContaining({ status: { from: 3, to: 4 } }) }),
    );
  });

  it('退租 of the old order cancels its approved renewal that has not started', async () => {
    const car = stock[8] as Car;
    const old = await deliveredOrder(car, drivers[0] as string, addDays(today, -15), 3);
    const renewalId = await approvedRenewal(old.id);
    expect((await post(`/api/lease-orders/${old.id}/end-lease`, ops, { reason: '司机转行' })).msg).toBe('success');
    expect(await orderOf(renewalId)).toMatchObject({ status: 0 });
    expect(await startDueRenewals(ctx.database.db, (await orderOf(renewalId)).startDate)).toBe(0);
    expect(await scheduleOf(renewalId)).toEqual([]);
  });

  it('延期 of an order with a renewal is refused', async () => {
    const car = stock[3] as Car;
    const old = await deliveredOrder(car, drivers[2] as string, addDays(today, -20), 3);
    const before = await rentRows(old.id);
    const renewed = await post<{ renewalId: string; renewalNo: string }>(`/api/lease-orders/${old.id}/continue`, ops, {
      termMonths: 2,
      rent: 320_000,
    });
    expect(renewed.msg).toBe('success');
    // Extending the old order now would bill the renewal's months on it too: refused, pending or in approval.
    const delayed = await post(`/api/lease-orders/${old.id}/delay`, ops, { extraMonths: 2 });
    expect(delayed.msg).toBe(
      `该订单已有续租订单 ${renewed.data.renewalNo}（待审批），不能延期：续租订单自原订单结束次日起计租`,
    );
    expect((await post(`/api/lease-orders/${renewed.data.renewalId}/submit`, ops)).msg).toBe('success');
    const inApproval = await post(`/api/lease-orders/${old.id}/delay`, ops, { extraMonths: 1 });
    expect(inApproval.msg).toContain(`续租订单 ${renewed.data.renewalNo}（审批中）`);
    // Nor a second renewal of the same months.
    const twice = await post(`/api/lease-orders/${old.id}/continue`, ops, { termMonths: 3, rent: 300_000 });
    expect(twice.msg).toBe(`该订单已有续租订单 ${renewed.data.renewalNo}（审批中），不能再次续租`);
    expect(await rentRows(old.id)).toEqual(before);
    expect(await orderOf(old.id)).toMatchObject({ endDate: old.endDate });
    // A renewal's start is the day after the old order's end, and stays so.
    const renewal = await orderOf(renewed.data.renewalId);
    expect(renewal.startDate).toBe(addDays(old.endDate, 1));

    // Once the renewal is cancelled, the order may be extended again.
    await approve(renewed.data.renewalId);
    expect(
      (await post(`/api/lease-orders/${renewed.data.renewalId}/cancel`, ops, { reason: '司机改为延期' })).msg,
    ).toBe('success');
    expect((await post(`/api/lease-orders/${old.id}/delay`, ops, { extraMonths: 1 })).msg).toBe('success');
  });
});

describe('right period, right person', () => {
  it('rent starts when the car is handed over', async () => {
    const car = stock[5] as Car;
    // Saved to start two months ago, the car handed over only today: the lease starts today.
    const startDate = addMonthsClamped(today, -2);
    const order = await approvedOrder(car, drivers[4] as string, { startDate, termMonths: 6 });
    const future = await post(`/api/lease-orders/${order.id}/fill-delivery`, ops, {
      vehicleId: car.id,
      mileage: 1_900_000,
      energyLevel: 80,
      deliveredOn: addDays(today, 1),
    });
    expect(future.msg).toBe('交车日期：不能晚于今天');
    const filled = await post(`/api/lease-orders/${order.id}/fill-delivery`, ops, {
      vehicleId: car.id,
      mileage: 1_900_000,
      energyLevel: 80,
    });
    expect(filled.msg).toBe('success');
    expect(await orderOf(order.id)).toMatchObject({ startDate: today, endDate: leaseEndDate(today, 6) });
    const schedule = await scheduleOf(order.id);
    expect(schedule).toHaveLength(6);
    expect(schedule[0]).toMatchObject({ periodStart: today, dueDate: today });
    expect(schedule.every((row) => row.dueDate >= today)).toBe(true);

    // An order starting later than its handover keeps its start: the driver has the car before rent is due.
    const later = stock[6] as Car;
    const ahead = addDays(today, 10);
    const early = await approvedOrder(later, drivers[5] as string, { startDate: ahead, termMonths: 3 });
    expect(
      (
        await post(`/api/lease-orders/${early.id}/fill-delivery`, ops, {
          vehicleId: later.id,
          mileage: 1_900_000,
          energyLevel: 80,
        })
      ).msg,
    ).toBe('success');
    expect(await orderOf(early.id)).toMatchObject({ startDate: ahead, endDate: leaseEndDate(ahead, 3) });
    expect((await scheduleOf(early.id))[0]).toMatchObject({ periodStart: ahead });
  });

  it("添加费用 offers only the order's own car's records between handover and return", async () => {
    const handover = addDays(today, -20);
    const order = await deliveredOrder(stock[7] as Car, drivers[7] as string, handover, 3);
    const id = order.id;
    const vehicleId = Number(order.vehicleId);
    const driverId = Number(drivers[7]);
    const [otherCar] = await query<{ id: number }>(
      sql`select id from vehicles where tenant_id = ${tenantId} and id <> ${vehicleId} order by id limit 1`,
    );
    const [otherDriver] = await query<{ id: number }>(
      sql`select id from drivers where tenant_id = ${tenantId} and id <> ${driverId} order by id limit 1`,
    );
    const fine = async (car: number, day: string, item: string, by: number | null = null) => {
      const [row] = await query<{ id: string }>(sql`
        insert into vehicle_violations (tenant_id, vehicle_id, plate_no, occurred_at, place, item, points, fine, driver_id)
        values (${tenantId}, ${car}, '京A00001', ${`${day}T10:30:00+08:00`}, '建国路', ${item}, 3, 20000, ${by})
        returning id::text`);
      return String(row?.id);
    };
    const repair = async (car: number, day: string) => {
      const [row] = await query<{ id: string }>(sql`
        insert into vehicle_maintenance (tenant_id, vehicle_id, plate_no, type, service_date, mileage, vendor, cost)
        values (${tenantId}, ${car}, '京A00001', 1, ${day}, 1900000, '亦庄维修站', 35000)
        returning id::text`);
      return String(row?.id);
    };
    const during = addDays(handover, 3);
    const own = await fine(vehicleId, during, '闯红灯');
    const beforeHandover = await fine(vehicleId, addDays(handover, -5), '超速');
    const anotherCar = await fine(Number(otherCar?.id), during, '违停');
    const anotherDriver = await fine(vehicleId, during, '压线', Number(otherDriver?.id));
    const service = await repair(vehicleId, during);
    const earlyService = await repair(vehicleId, addDays(handover, -3));

    // The handover billed the month it fell in (its first period); 添加费用 is taken on that bill.
    const [bill] = await query<{ id: string }>(
      sql`select id::text from bills where order_id = ${Number(id)} and period = ${handover.slice(0, 7)}`,
    );
    if (!bill) throw new Error('the handover issued no bill of its month');
    const offered = await get<{ sourceKind: number; sourceId: string }[]>(
      `/api/bills/${bill.id}/expense-sources`,
      admin,
    );
    const ids = offered.data.map((row) => `${row.sourceKind}:${row.sourceId}`);
    expect(ids).toEqual(expect.arrayContaining([`1:${own}`, `2:${service}`]));
    for (const refused of [`1:${beforeHandover}`, `1:${anotherCar}`, `1:${anotherDriver}`, `2:${earlyService}`]) {
      expect(ids).not.toContain(refused);
    }
    // The server refuses them too, not only the picker.
    const charge = (sourceKind: number, sourceId: string) =>
      post(`/api/bills/${bill.id}/add-expense`, admin, {
        kind: sourceKind === 1 ? 9 : 10,
        amount: 20_000,
        dueDate: today,
        note: '代缴',
        sourceKind,
        sourceId,
      });
    for (const [kind, refused] of [
      [1, beforeHandover],
      [1, anotherCar],
      [1, anotherDriver],
      [2, earlyService],
    ] as const) {
      expect((await charge(kind, refused)).msg).toBe(
        '关联记录：不是该订单车辆在交车至还车期间、该司机用车时未计费的违章或维修保养记录',
      );
    }
    expect((await charge(1, own)).msg).toBe('success');
  });

  it('a car is delivered only through an order', async () => {
    const [car] = await query<{ id: number; model_id: number; city_id: number; stage: number }>(sql`
      select id, model_id, city_id, stage from vehicles v where tenant_id = ${tenantId} and stage in (4, 7)
        and not exists (select 1 from lease_orders o where o.vehicle_id = v.id)
        and not exists (select 1 from exchange_orders x where x.new_vehicle_id = v.id and x.status in (1, 3))
      order by id desc limit 1`);
    expect(car).toBeDefined();
    const carId = String(car?.id);
    const deliveriesOf = async () =>
      (
        await query<{ n: number }>(sql`select count(*)::int as n from vehicle_deliveries where vehicle_id = ${car?.id}`)
      )[0]?.n;
    const before = await deliveriesOf();
    const bare = await post(`/api/vehicles/${carId}/deliver`, admin, {
      driverId: drivers[6],
      mileage: 1_950_000,
      energyLevel: 90,
      checklist: [],
      photos: [],
    });
    expect(bare.code).not.toBe(0);
    expect((await get<{ stage: number }>(`/api/vehicles/${carId}`, admin)).data.stage).toBe(car?.stage);
    expect(await deliveriesOf()).toBe(before);
    const offered = await get<{ action: string }[]>(`/api/vehicles/${carId}/actions`, admin);
    expect(offered.data.map((row) => row.action)).not.toContain('deliver');

    // Through its order, the same car goes to the order's driver.
    const order = await approvedOrder(
      { id: carId, modelId: String(car?.model_id), cityId: String(car?.city_id) },
      drivers[6] as string,
      { termMonths: 3 },
    );
    const filled = await post(`/api/lease-orders/${order.id}/fill-delivery`, ops, {
      vehicleId: carId,
      mileage: 1_950_000,
      energyLevel: 90,
    });
    expect(filled.msg).toBe('success');
    expect((await get<{ stage: number }>(`/api/vehicles/${carId}`, admin)).data.stage).toBe(5);
    const [handover] = await query<{ driver_id: number }>(
      sql`select driver_id from vehicle_deliveries where vehicle_id = ${car?.id} and ended_at is null`,
    );
    expect(String(handover?.driver_id)).toBe(drivers[6]);
  });
});
