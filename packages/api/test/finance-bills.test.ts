import { addDays, approvalBusinessTypes, beijingDay, type PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { callsAs } from './calls';
import { multipart, samples } from './files-support';
import { startTestApp, type TestContext } from './harness';
import { decide as decideTask } from './task-support';

type Row = Record<string, unknown> & { id: string; version: number; status: number };

let ctx: TestContext;
let admin: string;
let manager: string;
let finance: string;
let tenantId: number;
let orderId: string;
let driverId: string;
const today = beijingDay(new Date());
const month = addDays(today, 70).slice(0, 7);

const { get, post } = callsAs<PageResult<Row>, Row>(() => ({ ctx, token: admin }));
const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await ctx.database.db.execute(statement));
const billOf = async (id: string) => (await get<Row>(`/api/bills/${id}`)).data;
const decide = (token: string, type: number, businessId: string) =>
  decideTask(ctx, token, type, businessId, 'approve', { comment: '同意' });

/** A bill of its own for a test: an order's month not yet billed, made and activated through the API. */
async function freshBill(): Promise<Row & { orderId: string; vehicleId: string; startDate: string }> {
  const [next] = await query<{ order_id: string; month: string; vehicle_id: string; start_date: string }>(sql`
    select r.order_id::text, to_char(r.due_date, 'YYYY-MM') as month, o.vehicle_id::text, o.start_date::text
    from order_receivables r join lease_orders o on o.id = r.order_id
    where r.tenant_id = ${tenantId} and r.bill_id is null and r.status = 0 and o.vehicle_id is not null
      and o.status = 3 and r.kind = 1
      and to_char(r.due_date, 'YYYY-MM') <> ${month}
    order by r.due_date, r.order_id limit 1`);
  if (!next) throw new Error('no month left to bill');
  const made = await post('/api/bills', { orderId: next.order_id, month: next.month });
  expect(made.msg).toBe('success');
  expect((await post(`/api/bills/${made.data.id}/activate`)).msg).toBe('success');
  return {
    ...(await billOf(made.data.id)),
    orderId: next.order_id,
    vehicleId: next.vehicle_id,
    startDate: next.start_date,
  };
}

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 150 });
  admin = await ctx.login('admin', 'admin123');
  manager = await ctx.login('manager', 'manager123');
  finance = await ctx.login('finance', 'finance123');
  const [tenant] = await query<{ id: number }>(sql`select id from tenants where code = 'BJ'`);
  tenantId = Number(tenant?.id);
  // A demo order with rent still unbilled 70 days ahead: the bill of that month is ours to make.
  const [order] = await query<{ id: string; driver_id: string }>(sql`
    select o.id::text, o.driver_id::text from lease_orders o
    where o.tenant_id = ${tenantId} and exists (select 1 from order_receivables r where r.order_id = o.id
      and r.bill_id is null and to_char(r.due_date, 'YYYY-MM') = ${month} and r.status = 0)
    order by o.id limit 1`);
  orderId = String(order?.id);
  driverId = String(order?.driver_id);
});
afterAll(() => ctx.close());

describe('账单', () => {
  let bill: Row;

  it('新增账单 gathers the month’s receivables into a bill 未激活, which takes no money until 激活', async () => {
    const made = await post('/api/bills', { orderId, month });
    expect(made.msg).toBe('success');
    bill = made.data;
    expect(bill).toMatchObject({ status: 1, period: month });
    expect(Number(bill.amount)).toBeGreaterThan(0);
    expect(bill.outstanding).toBe(bill.amount);
    expect(String(bill.billNo)).toMatch(/^ZD\d{14}$/);
    const again = await post('/api/bills', { orderId, month });
    expect(again.msg).toMatch(/的 \d{4}-\d{2} 账单已存在（ZD\d+）$/);
    const empty = await post('/api/bills', { orderId, month: '2001-01' });
    expect(empty.msg).toMatch(/在 2001-01 没有未出账的应收$/);
    const badMonth = await post('/api/bills', { orderId, month: '2026-13' });
    expect(badMonth.msg).toContain('账单月份');
    // Money offered to the customer skips the bill still 未激活.
    const [lines] = await query<{ n: number }>(
      sql`select count(*)::int as n from order_receivables where bill_id = ${bill.id} and collectible`,
    );
    expect(lines?.n).toBe(0);
    const activated = await post(`/api/bills/${bill.id}/activate`);
    expect(activated.msg).toBe('success');
    expect(await billOf(bill.id)).toMatchObject({ status: 2 });
  });

  it('follows a payment allocated to it: 部分收款, then 已结清', async () => {
    const lines = await query<{ id: string; amount: number }>(
      sql`select id::text, amount::int from order_receivables where bill_id = ${bill.id} order by order_receivables.id`,
    );
    const [line] = lines;
    const part = await post('/api/payments', {
      driverId,
      amount: 1_000,
      paidOn: today,
      channel: 2,
      allocations: [{ receivableId: line?.id, amount: 1_000 }],
    });
    expect(part.msg).toBe('success');
    expect(await billOf(bill.id)).toMatchObject({ status: 3, received: 1_000 });
    const rest = Number(bill.amount) - 1_000;
    await post('/api/payments', {
      driverId,
      amount: rest,
      paidOn: today,
      channel: 3,
      allocations: lines.map((row, index) => ({
        receivableId: row.id,
        amount: index === 0 ? row.amount - 1_000 : row.amount,
      })),
    });
    expect(await billOf(bill.id)).toMatchObject({ status: 4, outstanding: 0 });
  });

  it('减免 waits for 费用减免审批 and relieves what is still owed once approved', async () => {
    const other = await freshBill();
    const before = await billOf(String(other?.id));
    const tooMuch = await post(`/api/bills/${other?.id}/relief`, {
      amount: Number(before.outstanding) + 1,
      reason: '多减',
    });
    expect(tooMuch.msg).toMatch(/^减免金额 [\d.]+ 元超过账单未收 [\d.]+ 元$/);
    const asked = await post(`/api/bills/${other?.id}/relief`, { amount: 50_000, reason: '车辆故障停运5天' });
    expect(asked.msg).toBe('success');
    expect((await billOf(String(other?.id))).relieved).toBe(before.relieved);
    const [relief] = await query<{ id: string }>(sql`select id::text from bill_reliefs where bill_id = ${other?.id}`);
    expect((await decide(manager, approvalBusinessTypes.relief, String(relief?.id))).msg).toBe('success');
    expect((await decide(finance, approvalBusinessTypes.relief, String(relief?.id))).msg).toBe('success');
    const after = await billOf(String(other?.id));
    expect(after.relieved).toBe(Number(before.relieved) + 50_000);
    expect(after.outstanding).toBe(Number(before.outstanding) - 50_000);
    const reliefs = await get(`/api/bill-reliefs/views/billReliefs?billId=${other?.id}`);
    expect(reliefs.data.list[0]).toMatchObject({ status: 2, amount: 50_000, applied: 50_000 });
  });

  it('上传到账凭证 is allocated to the bill once 线下审批 confirms it', async () => {
    const open = await freshBill();
    const before = await billOf(String(open?.id));
    const upload = await ctx.request<{ fileLocation: string }>({
      method: 'POST',
      url: '/api/gateway/storage/file/private',
      token: admin,
      ...multipart([{ name: '回单.png', content: samples.png }]),
    });
    const voucher = await post(`/api/bills/${open?.id}/upload-voucher`, {
      payerName: '王磊',
      amount: 20_000,
      method: 2,
      receivedOn: today,
      reference: 'YH202611250001',
      vouchers: [upload.data.fileLocation],
    });
    expect(voucher.msg).toBe('success');
    const [offline] = await query<{ id: string }>(
      sql`select id::text from offline_payments where bill_id = ${open?.id}`,
    );
    expect((await billOf(String(open?.id))).received).toBe(0);
    expect((await decide(finance, approvalBusinessTypes.offlinePayment, String(offline?.id))).msg).toBe('success');
    const after = await billOf(String(open?.id));
    expect(after).toMatchObject({ received: 20_000, status: 3 });
    expect(after.outstanding).toBe(Number(before.outstanding) - 20_000);
    const paid = await get(`/api/payments?reference=YH202611250001`);
    expect(paid.data.list[0]).toMatchObject({ amount: 20_000, allocated: 20_000, channel: 2 });
  });

  it('添加费用 charges the bill, 关停 stops it taking money', async () => {
    const open = await freshBill();
    const before = await billOf(String(open?.id));
    const charged = await post(`/api/bills/${open?.id}/add-expense`, {
      kind: 9,
      amount: 20_000,
      dueDate: today,
      note: '京A12345 闯红灯罚款代缴',
    });
    expect(charged.msg).toBe('success');
    const after = await billOf(String(open?.id));
    expect(after.amount).toBe(Number(before.amount) + 20_000);
    expect(after.status).toBe(before.status);
    const shut = await post(`/api/bills/${open?.id}/shutdown`, { reason: '提前解约' });
    expect(shut.msg).toBe('success');
    expect(await billOf(String(open?.id))).toMatchObject({ status: 6, shutdownReason: '提前解约' });
    const [taking] = await query<{ n: number }>(
      sql`select count(*)::int as n from order_receivables where bill_id = ${open?.id} and collectible`,
    );
    expect(taking?.n).toBe(0);
    const late = await post(`/api/bills/${open?.id}/relief`, { amount: 100, reason: 'x' });
    expect(late.msg).toBe('账单当前为「已关停」，不能减免');
  });

  it('添加费用 charges a violation of the order’s car during the order, once', async () => {
    const bill = await freshBill();
    const open = { id: bill.id, vehicle_id: bill.vehicleId, start_date: bill.startDate };
    const occurred = `${open.start_date}T10:30:00+08:00`;
    const [fine] = await query<{ id: string }>(sql`
      insert into vehicle_violations (tenant_id, vehicle_id, plate_no, occurred_at, place, item, points, fine)
      values (${tenantId}, ${open.vehicle_id}, '京A00001', ${occurred}, '建国路', '闯红灯', 6, 20000)
      returning id::text`);
    const [before] = await query<{ id: string }>(sql`
      insert into vehicle_violations (tenant_id, vehicle_id, plate_no, occurred_at, place, item, points, fine)
      values (${tenantId}, ${open.vehicle_id}, '京A00001', ${`${addDays(open.start_date, -30)}T10:30:00+08:00`}, '建国路', '超速', 3, 20000)
      returning id::text`);
    const offered = await get<{ sourceKind: number; sourceId: string; label: string; amount: number }[]>(
      `/api/bills/${open.id}/expense-sources`,
    );
    expect(offered.data).toContainEqual(expect.objectContaining({ sourceKind: 1, sourceId: fine?.id, amount: 20_000 }));
    expect(offered.data.map((row) => row.sourceId)).not.toContain(before?.id);
    const body = (sourceId: string | undefined) => ({
      kind: 9,
      amount: 20_000,
      dueDate: today,
      note: '违章代缴：闯红灯',
      sourceKind: 1,
      sourceId,
    });
    const early = await post(`/api/bills/${open.id}/add-expense`, body(before?.id));
    expect(early.msg).toBe('关联记录：不是该订单车辆在交车至还车期间、该司机用车时未计费的违章或维修保养记录');
    const wrongKind = await post(`/api/bills/${open.id}/add-expense`, { ...body(fine?.id), kind: 10 });
    expect(wrongKind.msg).toContain('违章记录应计为违章代缴费');
    expect((await post(`/api/bills/${open.id}/add-expense`, body(fine?.id))).msg).toBe('success');
    const again = await post(`/api/bills/${open.id}/add-expense`, body(fine?.id));
    expect(again.msg).toBe('关联记录：不是该订单车辆在交车至还车期间、该司机用车时未计费的违章或维修保养记录');
    const after = await get<{ sourceId: string }[]>(`/api/bills/${open.id}/expense-sources`);
    expect(after.data.map((row) => row.sourceId)).not.toContain(fine?.id);
    const [charged] = await query<{ n: number }>(
      sql`select count(*)::int as n from order_receivables where source_kind = 1 and source_id = ${fine?.id}`,
    );
    expect(charged?.n).toBe(1);
  });

  it('stays in its branch company', async () => {
    const shanghai = await ctx.loginToOtherTenant();
    expect((await get(`/api/bills/${bill.id}`, shanghai)).code).toBe(404);
    expect((await post(`/api/bills/${bill.id}/shutdown`, { reason: 'x' }, shanghai)).code).not.toBe(0);
    expect((await post('/api/bills', { orderId, month }, shanghai)).code).not.toBe(0);
    const ops = await ctx.login('ops', 'ops123');
    expect((await get('/api/bills', ops)).code).toBe(403);
  });
});
