import { addDays, addMonthsClamped, beijingDay, daysBetween, type PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { callsAs, writesBy } from './calls';
import { startTestApp, type TestContext } from './harness';
import { decide as decideTask, leaseOrderTerms, type Task } from './task-support';

type Order = {
  id: string;
  orderNo: string;
  status: number;
  deliveryState: number;
  settlementState: number;
  vehicleId: string;
};
type Sheet = {
  id: string;
  settlementNo: string;
  orderId: string;
  status: number;
  total: number;
  rentDue: number;
  rentPaid: number;
  lateFee: number;
  violationFee: number;
  damageFee: number;
  deposit: number;
  lines: { kind: number; item: string; amount: number; note: string }[];
  version: number;
};

let ctx: TestContext;
let ops: string;
let manager: string;
let finance: string;
let admin: string;
let tenantId: number;
let driverId: string;
let unitId: string;
type Car = { id: string; modelId: string; cityId: string };
let stock: Car[];
const today = beijingDay(new Date());
/** Started 70 days ago: two periods ran their course, the third is under way. */
const startDate = addDays(today, -70);

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 40 });
  ops = await ctx.login('ops', 'ops123');
  manager = await ctx.login('manager', 'manager123');
  finance = await ctx.login('finance', 'finance123');
  // In 北京分公司: a later login of admin would land in the branch company of its latest session.
  admin = await ctx.login('admin', 'admin123');
  const db = ctx.database.db;
  const [tenant] = rowsOf<{ id: number }>(await db.execute(sql`select id from tenants where code = 'BJ'`));
  tenantId = Number(tenant?.id);
  const [driver] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from drivers where tenant_id = ${tenantId} and status = 1 order by id limit 1`),
  );
  driverId = String(driver?.id);
  stock = rowsOf<{ id: number; model_id: number; city_id: number }>(
    await db.execute(
      sql`select id, model_id, city_id from vehicles where tenant_id = ${tenantId} and stage in (4, 7) order by id desc`,
    ),
  ).map((row) => ({ id: String(row.id), modelId: String(row.model_id), cityId: String(row.city_id) }));
  const units = await get<PageResult<{ id: string }>>('/api/accounting-units?limit=10');
  unitId = String(units.data.list[0]?.id);
  expect(stock.length).toBeGreaterThanOrEqual(8);
});
afterAll(() => ctx.close());

const { get } = callsAs(() => ({ ctx, token: ops }));
const { post, put } = writesBy(() => ctx);
const orderOf = async (id: string) => (await get<Order>(`/api/lease-orders/${id}`)).data;

/** Decides the task of a business record waiting for `token`, as its approver would; the server must agree. */
const decide = async (token: string, businessType: number, businessId: string, action: string, body = {}) =>
  expect((await decideTask(ctx, token, businessType, businessId, action, body)).msg).toBe('success');

/** An order delivered 70 days ago with its car, 1 of its periods paid. */
async function deliveredOrder(vehicle: { id: string; modelId: string; cityId: string }, mileage = 1_500_000) {
  const saved = await post<Order>(
    '/api/lease-orders',
    ops,
    leaseOrderTerms({
      driverId,
      cityId: vehicle.cityId,
      modelId: vehicle.modelId,
      startDate,
      rent: 300_000,
      deposit: 500_000,
      graceDays: 3,
      lateFeeRate: 5,
    }),
  );
  expect(saved.msg).toBe('success');
  const id = saved.data.id;
  await post(`/api/lease-orders/${id}/submit`, ops);
  await decide(manager, 1, id, 'approve');
  await decide(finance, 1, id, 'approve');
  const filled = await post(`/api/lease-orders/${id}/fill-delivery`, ops, {
    vehicleId: vehicle.id,
    mileage,
    energyLevel: 80,
    deliveredOn: startDate,
  });
  expect(filled.msg).toBe('success');
  const db = ctx.database.db;
  // Handed over on its start day; its first period paid.
  await db.execute(
    sql`update lease_orders set delivered_at = ${`${startDate}T10:00:00+08:00`}::timestamptz where id = ${Number(id)}`,
  );
  await payRentOnDueDays(id, sql`and period = 1`);
  return id;
}

/** The order's rent periods (these ones) paid through 实收, each on its due day: received as the books keep it. */
async function payRentOnDueDays(orderId: string, which: ReturnType<typeof sql>) {
  const due = rowsOf<{ id: string; amount: string; due_date: string }>(
    await ctx.database.db.execute(
      sql`select id::text, amount::text, due_date::text from order_receivables where order_id = ${Number(orderId)} and kind = 1 ${which} order by period`,
    ),
  );
  for (const row of due) {
    const paid = await post('/api/payments', admin, {
      driverId,
      amount: Number(row.amount),
      paidOn: row.due_date,
      channel: 2,
      allocations: [{ receivableId: row.id, amount: Number(row.amount) }],
    });
    expect(paid.msg).toBe('success');
  }
}

/** A delivered order ended (退租): its car on the way back. */
async function returningOrder(vehicle: { id: string; modelId: string; cityId: string }, mileage?: number) {
  const id = await deliveredOrder(vehicle, mileage);
  const ended = await post(`/api/lease-orders/${id}/end-lease`, ops, { reason: '司机转行' });
  expect(ended.msg).toBe('success');
  return id;
}

async function acceptReturn(orderId: string, damage = '前保险杠刮擦', mileage = 1_510_000) {
  const [row] = rowsOf<{ return_id: number }>(
    await ctx.database.db.execute(sql`select return_id from lease_orders where id = ${Number(orderId)}`),
  );
  expect(row?.return_id).toBeTruthy();
  const accepted = await post(`/api/vehicle-returns/${row?.return_id}/accept`, ops, {
    mileage,
    energyLevel: 60,
    damage,
    photos: [],
  });
  expect(accepted.msg).toBe('success');
}

describe('退车核算', () => {
  it('settles a returned car, is turned down, edited and sent again, and completes the order when approved', async () => {
    const vehicle = stock[0] as (typeof stock)[number];
    const orderId = await returningOrder(vehicle);
    expect(await orderOf(orderId)).toMatchObject({ status: 3, deliveryState: 2, settlementState: 0 });
    const db = ctx.database.db;
    // A violation while the driver had the car, not yet handled: it is charged.
    await db.execute(sql`insert into vehicle_violations (tenant_id, vehicle_id, driver_id, plate_no, occurred_at, place, item, fine, points)
      values (${tenantId}, ${Number(vehicle.id)}, ${Number(driverId)}, '京A00001', ${`${addDays(startDate, 10)}T09:00:00+08:00`}::timestamptz, '长安街', '闯红灯', 20000, 6)`);

    // Not before the car is back.
    const early = await post(`/api/return-calculations/${orderId}/calculate`, ops, { accountingUnitId: unitId });
    expect(early.msg).toBe('车辆尚未还车验收，验收后才能核算');
    await acceptReturn(orderId);
    expect(await orderOf(orderId)).toMatchObject({ deliveryState: 3 });
    const listed = await get<PageResult<{ id: string; damageNote: string; settlementState: number }>>(
      `/api/return-calculations?settlementState=0&limit=100`,
    );
    expect(listed.data.list.find((row) => row.id === orderId)).toMatchObject({ damageNote: '前保险杠刮擦' });

    const calculated = await post<{ settlementId: string; total: number }>(
      `/api/return-calculations/${orderId}/calculate`,
      ops,
      { accountingUnitId: unitId, damageFee: 80_000, damageNote: '前保险杠刮擦' },
    );
    expect(calculated.msg).toBe('success');
    const sheetId = calculated.data.settlementId;
    const sheet = (await get<Sheet>(`/api/return-settlements/${sheetId}`)).data;
    // Rent: periods 1 and 2 whole, period 3 by the days used to today (the return day); period 1 paid.
    const third = addMonthsClamped(startDate, 2);
    const thirdLength = daysBetween(third, addDays(addMonthsClamped(startDate, 3), -1)) + 1;
    const used = daysBetween(third, today) + 1;
    expect(sheet.rentDue).toBe(600_000 + Math.round((300_000 * used) / thirdLength));
    expect(sheet.rentPaid).toBe(300_000);
    // Late fees by the one rule (lateFeeOf): period 2 (due a month after the start, unpaid) and period 3 once
    // late beyond the 3 grace days — every day from the due date, rounded down per receivable.
    // The return day's books: the days ended before it, every one from the due date once past the 3 days' grace.
    const lateFeeOfPeriod = (due: string) => {
      const days = daysBetween(due, today) - 1;
      return days > 3 ? Math.floor((300_000 * days * 5) / 10_000) : 0;
    };
    const second = addMonthsClamped(startDate, 1);
    const expectedLate = lateFeeOfPeriod(second) + lateFeeOfPeriod(third);
    expect(sheet.lateFee).toBe(expectedLate);
    expect(sheet.violationFee).toBe(20_000);
    // The driver never paid the deposit: none is held, none offset.
    expect(sheet.deposit).toBe(0);
    expect(sheet.total).toBe(sheet.rentDue - 300_000 + expectedLate + 20_000 + 80_000);
    expect(sheet.lines.map((line) => line.item)).toEqual(
      expect.arrayContaining(['应付租金', '已付租金', '滞纳金', '违章罚款', '车损费用']),
    );
    expect(sheet.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(sheet.total);
    expect(sheet.status).toBe(1);
    expect(await orderOf(orderId)).toMatchObject({ settlementState: 1, status: 3 });

    // Once only.
    const again = await post(`/api/return-calculations/${orderId}/calculate`, ops, { accountingUnitId: unitId });
    expect(again.msg).toBe('退车核算当前为「审批中」，不能核算');

    // 财务 holds 核算单 (where it pays refunds out), so it reads the sheet before its turn; the 运营经理 decides first.
    const beforeTurn = await get(`/api/approval-business?businessType=4&businessId=${sheetId}`, finance);
    expect(beforeTurn.code).toBe(0);
    const record = await get<{ myTaskId: string | null }>(
      `/api/approval-records?businessType=4&businessId=${sheetId}`,
      manager,
    );
    expect(record.data.myTaskId).not.toBeNull();
    await decide(manager, 4, sheetId, 'reject', { comment: '车损金额需附维修报价' });
    expect((await get<Sheet>(`/api/return-settlements/${sheetId}`)).data.status).toBe(3);
    expect(await orderOf(orderId)).toMatchObject({ settlementState: 2, status: 3 });

    // Edited: the damage is now 650 元; saving computes it anew and sends it again.
    const rejected = (await get<Sheet>(`/api/return-settlements/${sheetId}`)).data;
    const edited = await put<Sheet>(`/api/return-settlements/${sheetId}`, ops, {
      version: rejected.version,
      accountingUnitId: unitId,
      damageFee: 65_000,
      damageNote: '前保险杠刮擦（附报价单）',
    });
    expect(edited.msg).toBe('success');
    expect(edited.data).toMatchObject({ status: 1, damageFee: 65_000, total: rejected.total - 15_000 });
    // Not editable while its approval runs.
    const whileRunning = await put(`/api/return-settlements/${sheetId}`, ops, {
      version: edited.data.version,
      accountingUnitId: unitId,
      damageFee: 1,
    });
    expect(whileRunning.msg).toBe('核算单当前为「审批中」，不能编辑');

    await decide(manager, 4, sheetId, 'approve');
    const read = await get<Sheet>(`/api/approval-business?businessType=4&businessId=${sheetId}`, finance);
    expect(read.data).toMatchObject({ id: sheetId, total: edited.data.total });
    await decide(finance, 4, sheetId, 'approve');

    expect((await get<Sheet>(`/api/return-settlements/${sheetId}`)).data.status).toBe(2);
    expect(await orderOf(orderId)).toMatchObject({ status: 4, settlementState: 3, deliveryState: 3 });
    const rows = rowsOf<{
      kind: number;
      status: number;
      period: number;
      period_start: string;
      amount: number;
      void_reason: string | null;
    }>(
      await db.execute(
        sql`select kind, status, period, period_start::text, amount, void_reason from order_receivables where order_id = ${Number(orderId)} order by kind, period`,
      ),
    );
    // Periods after the return day are void; those before it with nothing paid are carried into the balance
    // (void, with the settlement named); the paid one stays paid; the unpaid deposit is no longer owed.
    const after = rows.filter((row) => row.kind === 1 && row.period_start > today);
    expect(after.every((row) => row.status === 5 && row.void_reason?.includes('之后的租期'))).toBe(true);
    const before = rows.filter((row) => row.kind === 1 && row.period_start <= today);
    expect(before.find((row) => row.period === 1)?.status).toBe(2);
    expect(
      before
        .filter((row) => row.period > 1)
        .every((row) => row.status === 5 && row.void_reason?.includes('计入结算金额')),
    ).toBe(true);
    expect(rows.find((row) => row.kind === 2)).toMatchObject({ status: 5 });
    const balance = rows.filter((row) => row.kind === 6);
    expect(balance.map((row) => Number(row.amount))).toEqual(edited.data.total > 0 ? [edited.data.total] : []);
    // The car is free for another order: it is in stock again.
    const car = await get<{ stage: number }>(`/api/vehicles/${vehicle.id}`);
    expect(car.data.stage).toBe(7);
  });

  it('refunds the deposit beyond what the driver owes through 押金退款审批, then records where it was paid', async () => {
    // The car of the first settlement, back in stock: every period so far paid, the deposit unused.
    const vehicle = stock[0] as (typeof stock)[number];
    const orderId = await returningOrder(vehicle, 1_520_000);
    const db = ctx.database.db;
    await payRentOnDueDays(orderId, sql`and due_date <= ${today} and period > 1`);
    await acceptReturn(orderId, '', 1_530_000);
    const calculated = await post<{ settlementId: string; total: number }>(
      `/api/return-calculations/${orderId}/calculate`,
      ops,
      { accountingUnitId: unitId },
    );
    expect(calculated.msg).toBe('success');
    const sheetId = calculated.data.settlementId;
    const sheet = (await get<Sheet>(`/api/return-settlements/${sheetId}`)).data;
    expect(sheet.total).toBeLessThan(0);
    await decide(manager, 4, sheetId, 'approve');
    await decide(finance, 4, sheetId, 'approve');

    type Refund = { id: string; refundNo: string; amount: number; status: number; payeeName: string | null };
    const refunds = await get<PageResult<Refund>>(`/api/deposit-refunds/views/refunds?settlementId=${sheetId}`);
    expect(refunds.msg).toBe('success');
    expect(refunds.data.list).toHaveLength(1);
    const refund = refunds.data.list[0] as Refund;
    expect(refund).toMatchObject({ amount: -sheet.total, status: 1 });
    expect(refund.refundNo).toMatch(/^TK\d{14}$/);
    // Nothing is owed by the driver: no 退车结算款 receivable.
    const owed = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from order_receivables where order_id = ${Number(orderId)} and kind = 6`,
      ),
    );
    expect(owed[0]?.n).toBe(0);

    // 会签: both the 运营经理 and 财务 decide, each from 退款审批; one turning it down sends it back.
    const refundTasks = await get<PageResult<Task>>('/api/refund-tasks?limit=100', manager);
    expect(refundTasks.data.list.some((task) => task.businessId === refund.id)).toBe(true);
    await decide(manager, 5, refund.id, 'approve');
    await decide(finance, 5, refund.id, 'reject', { comment: '收款账号需司机本人确认' });
    expect((await get<Refund>(`/api/deposit-refunds/${refund.id}`)).data.status).toBe(4);
    const early = await post(`/api/deposit-refunds/${refund.id}/pay`, finance, {
      payeeName: '张三',
      bankName: '招商银行',
      bankAccount: '6225880137429610',
      paidOn: today,
      paymentReference: 'ZS20261125001',
    });
    expect(early.code).not.toBe(0);
    const again = await post(`/api/deposit-refunds/${refund.id}/resubmit`, ops, { remark: '司机已确认收款账号' });
    expect(again.msg).toBe('success');
    await decide(manager, 5, refund.id, 'approve');
    await decide(finance, 5, refund.id, 'approve');
    expect((await get<Refund>(`/api/deposit-refunds/${refund.id}`)).data.status).toBe(2);

    // The payout is finance's: ops may not pay it out.
    const byOps = await post(`/api/deposit-refunds/${refund.id}/pay`, ops, {
      payeeName: '张三',
      bankName: '招商银行',
      bankAccount: '6225880137429610',
      paidOn: today,
      paymentReference: 'ZS20261125001',
    });
    expect(byOps.code).toBe(403);
    const badCard = await post(`/api/deposit-refunds/${refund.id}/pay`, finance, {
      payeeName: '张三',
      bankName: '招商银行',
      bankAccount: '6225880137429614',
      paidOn: today,
      paymentReference: 'ZS20261125001',
    });
    expect(badCard.msg).toMatch(/^收款账号：/);
    const paid = await post(`/api/deposit-refunds/${refund.id}/pay`, finance, {
      payeeName: '张三',
      bankName: '招商银行',
      bankAccount: '6225880137429610',
      paidOn: today,
      paymentReference: 'ZS20261125001',
    });
    expect(paid.msg).toBe('success');
    expect((await get<Refund & { paidOn: string }>(`/api/deposit-refunds/${refund.id}`)).data).toMatchObject({
      status: 3,
      paidOn: today,
      payeeName: '张三',
    });
  });

  it('writes one 核算单 when two clerks settle one order at once', async () => {
    const vehicle = stock[1] as (typeof stock)[number];
    const orderId = await returningOrder(vehicle);
    await acceptReturn(orderId);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        post(`/api/return-calculations/${orderId}/calculate`, ops, { accountingUnitId: unitId }),
      ),
    );
    expect(answers.filter((answer) => answer.msg === 'success')).toHaveLength(1);
    const [count] = rowsOf<{ n: number }>(
      await ctx.database.db.execute(
        sql`select count(*)::int as n from return_settlements where order_id = ${Number(orderId)}`,
      ),
    );
    expect(count?.n).toBe(1);
    const tasks = rowsOf<{ n: number }>(
      await ctx.database.db.execute(
        sql`select count(*)::int as n from approval_instances where business_type = 4 and business_id = (select id from return_settlements where order_id = ${Number(orderId)})`,
      ),
    );
    expect(tasks[0]?.n).toBe(1);
  });

  it('refuses a 核算主体 of another branch company, and keeps the settlements apart', async () => {
    const shanghai = await ctx.loginToOtherTenant();
    const theirUnits = await get<PageResult<{ id: string }>>('/api/accounting-units?limit=10', shanghai);
    const theirUnit = theirUnits.data.list[0]?.id;
    expect(theirUnit).toBeDefined();
    const vehicle = stock[2] as (typeof stock)[number];
    const orderId = await returningOrder(vehicle);
    await acceptReturn(orderId);
    const foreign = await post(`/api/return-calculations/${orderId}/calculate`, ops, { accountingUnitId: theirUnit });
    expect(foreign.msg).toBe('核算主体：不存在');
    const ours = await get<PageResult<Sheet>>('/api/return-settlements?limit=100');
    const first = ours.data.list[0];
    expect(first).toBeDefined();
    expect((await get(`/api/return-settlements/${first?.id}`, shanghai)).code).toBe(404);
    expect((await get(`/api/approval-business?businessType=4&businessId=${first?.id}`, shanghai)).code).toBe(404);
    expect((await get(`/api/return-calculations/${orderId}`, shanghai)).code).toBe(404);
  });
});

describe('核算主体', () => {
  it('checks the credit code and bank account, and is not deleted while a settlement naming it awaits approval', async () => {
    const bad = await post('/api/accounting-units', ops, {
      name: '测试主体',
      taxNo: '91110105MA01B2C3X1',
      bankName: '招商银行',
      bankAccount: '12ab',
    });
    expect(bad.code).not.toBe(0);
    expect(bad.msg).toMatch(/统一社会信用代码|银行账号/);
    const sheets = await get<PageResult<Sheet & { accountingUnitId: string }>>(
      '/api/return-settlements?status=1&limit=10',
    );
    const waiting = sheets.data.list[0];
    expect(waiting).toBeDefined();
    const removed = await ctx.request({
      method: 'DELETE',
      url: `/api/accounting-units/${waiting?.accountingUnitId}`,
      token: admin,
    });
    expect(removed.msg).toMatch(/^核算单 JS\d+ 尚未审批通过，不能删除其核算主体$/);
  });
});

type Exchange = { id: string; exchangeNo: string; status: number; version: number; newVehicleId: string };

describe('换车', () => {
  it('is approved, turned down and resubmitted, then handed over: old car back, new car out, rent changed ahead', async () => {
    const [old, first, second] = stock.slice(3, 6) as [Car, Car, Car];
    const orderId = await deliveredOrder(old);
    const firstStage = (await get<{ stage: number }>(`/api/vehicles/${first.id}`)).data.stage;
    const own = await post(`/api/lease-orders/${orderId}/exchange`, ops, { newVehicleId: old.id, reason: '故障' });
    expect(own.msg).toBe('新车辆：不能是订单当前的车辆');
    const asked = await post<{ exchangeId: string; exchangeNo: string }>(`/api/lease-orders/${orderId}/exchange`, ops, {
      newVehicleId: first.id,
      reason: '发动机故障',
      rentDifference: 20_000,
    });
    expect(asked.msg).toBe('success');
    const exchangeId = asked.data.exchangeId;
    const twice = await post(`/api/lease-orders/${orderId}/exchange`, ops, { newVehicleId: second.id, reason: '再换' });
    expect(twice.msg).toBe(`该订单已有进行中的换车单 ${asked.data.exchangeNo}`);
    const handover = {
      oldMileage: 1_520_000,
      oldEnergyLevel: 50,
      oldDamage: '无',
      newMileage: 1_600_000,
      newEnergyLevel: 90,
    };
    const early = await post(`/api/exchange-orders/${exchangeId}/handover`, ops, handover);
    expect(early.msg).toBe('换车订单当前为「审批中」，不能换车交接');
    const notYet = await post(`/api/exchange-orders/${exchangeId}/resubmit`, ops, {
      newVehicleId: second.id,
      reason: '发动机故障',
    });
    expect(notYet.msg).toBe('换车订单当前为「审批中」，不能重新提交');

    await decide(manager, 9, exchangeId, 'reject', { comment: '请换同价位车型' });
    expect((await get<Exchange>(`/api/exchange-orders/${exchangeId}`)).data.status).toBe(2);
    const resubmitted = await post(`/api/exchange-orders/${exchangeId}/resubmit`, ops, {
      newVehicleId: second.id,
      reason: '发动机故障，换同价位车',
      rentDifference: 20_000,
    });
    expect(resubmitted.msg).toBe('success');
    expect((await get<Exchange>(`/api/exchange-orders/${exchangeId}`)).data).toMatchObject({
      status: 1,
      newVehicleId: second.id,
    });
    await decide(manager, 9, exchangeId, 'approve');
    expect((await get<Exchange>(`/api/exchange-orders/${exchangeId}`)).data.status).toBe(3);

    const before = rowsOf<{ period: number; amount: number; due_date: string }>(
      await ctx.database.db.execute(
        sql`select period, amount, due_date::text from order_receivables where order_id = ${Number(orderId)} and kind = 1 order by period`,
      ),
    );
    const done = await post(`/api/exchange-orders/${exchangeId}/handover`, ops, handover);
    expect(done.msg).toBe('success');
    expect((await get<Exchange>(`/api/exchange-orders/${exchangeId}`)).data.status).toBe(4);
    expect((await get<{ stage: number }>(`/api/vehicles/${old.id}`)).data.stage).toBe(7);
    expect((await get<{ stage: number }>(`/api/vehicles/${second.id}`)).data.stage).toBe(5);
    // The car first asked for was never handed over.
    expect((await get<{ stage: number }>(`/api/vehicles/${first.id}`)).data.stage).toBe(firstStage);
    expect(await orderOf(orderId)).toMatchObject({ vehicleId: second.id, deliveryState: 1, status: 3 });
    expect((await get<{ rent: number }>(`/api/lease-orders/${orderId}`)).data.rent).toBe(320_000);
    const after = rowsOf<{ period: number; amount: number }>(
      await ctx.database.db.execute(
        sql`select period, amount from order_receivables where order_id = ${Number(orderId)} and kind = 1 order by period`,
      ),
    );
    // Periods already due keep their rent; those ahead take the new one.
    expect(after.map((row) => Number(row.amount))).toEqual(
      before.map((row) => (row.due_date >= today ? 320_000 : Number(row.amount))),
    );
    expect(before.some((row) => row.due_date < today) && before.some((row) => row.due_date >= today)).toBe(true);
    const again = await post(`/api/exchange-orders/${exchangeId}/handover`, ops, handover);
    expect(again.msg).toBe('换车订单当前为「已完成」，不能换车交接');
  });

  it('writes one exchange when it is asked twice at once, and refuses an order whose car is not out', async () => {
    const [car, wanted] = stock.slice(6, 8) as [Car, Car];
    const orderId = await deliveredOrder(car);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        post(`/api/lease-orders/${orderId}/exchange`, ops, { newVehicleId: wanted.id, reason: '事故' }),
      ),
    );
    expect(answers.filter((answer) => answer.msg === 'success')).toHaveLength(1);
    expect(answers.filter((answer) => answer.msg.startsWith('该订单已有进行中的换车单'))).toHaveLength(3);
    const ended = await post(`/api/lease-orders/${orderId}/end-lease`, ops, { reason: '退租' });
    expect(ended.msg).toBe('success');
    const late = await post(`/api/lease-orders/${orderId}/exchange`, ops, { newVehicleId: wanted.id, reason: '事故' });
    expect(late.msg).toBe('订单交车后才能换车');
  });
});

type Application = { id: string; status: number; orderNo: string | null; driverId: string; modelId: string };

describe('司机申请', () => {
  it('is made a 待审批 order with the terms given, or refused with a reason, once', async () => {
    const waiting = await get<PageResult<Application>>('/api/driver-applications?status=0&limit=10');
    const [first, second] = waiting.data.list;
    expect(first && second).toBeTruthy();
    const badTerm = await post(`/api/driver-applications/${first?.id}/accept`, ops, {
      startDate: addDays(today, 7),
      termMonths: 0,
      rent: 420_000,
    });
    expect(badTerm.msg).toBe('租期（月）：应为1到120个月');
    const accepted = await post<{ orderId: string; orderNo: string }>(
      `/api/driver-applications/${first?.id}/accept`,
      ops,
      { startDate: addDays(today, 7), termMonths: 12, rent: 420_000, deposit: 300_000 },
    );
    expect(accepted.msg).toBe('success');
    const order = await get<Order & { driverId: string; modelId: string; rent: number; deposit: number }>(
      `/api/lease-orders/${accepted.data.orderId}`,
    );
    expect(order.data).toMatchObject({
      status: 1,
      driverId: first?.driverId,
      modelId: first?.modelId,
      rent: 420_000,
      deposit: 300_000,
    });
    const after = await get<Application>(`/api/driver-applications/${first?.id}`);
    expect(after.data).toMatchObject({ status: 1, orderNo: accepted.data.orderNo });
    const again = await post(`/api/driver-applications/${first?.id}/accept`, ops, {
      startDate: addDays(today, 7),
      termMonths: 12,
      rent: 420_000,
    });
    expect(again.msg).toBe('司机申请当前为「已转订单」，不能转为订单');

    const refused = await post(`/api/driver-applications/${second?.id}/refuse`, ops, { reason: '资料不全' });
    expect(refused.msg).toBe('success');
    expect(
      (await get<Application & { refuseReason: string }>(`/api/driver-applications/${second?.id}`)).data,
    ).toMatchObject({ status: 2, refuseReason: '资料不全' });
    const shanghai = await ctx.loginToOtherTenant();
    expect((await get(`/api/driver-applications/${second?.id}`, shanghai)).code).toBe(404);
  });
});
