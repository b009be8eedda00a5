import type { PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { callsAs, writesBy } from './calls';
import { startTestApp, type TestContext } from './harness';

type Order = {
  id: string;
  orderNo: string;
  status: number;
  vehicleId: string | null;
  loanAmount: number;
  downPayment: number;
  financingPartner: number | null;
  workOrderId: string | null;
  workOrderNo: string | null;
  discount: number;
  version: number;
};
type WorkOrder = { id: string; workOrderNo: string; status: number; finalPrice: number; retailOrderId: string };
type Task = { id: string; businessId: string; businessType: number };
type Car = { id: string; modelId: string; cityId: string };

const retailWorkOrder = 2;
let ctx: TestContext;
let ops: string;
let manager: string;
let finance: string;
let admin: string;
let stock: Car[];

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 40 });
  ops = await ctx.login('ops', 'ops123');
  manager = await ctx.login('manager', 'manager123');
  finance = await ctx.login('finance', 'finance123');
  admin = await ctx.login('admin', 'admin123');
  const db = ctx.database.db;
  stock = rowsOf<{ id: number; model_id: number; city_id: number }>(
    await db.execute(sql`select v.id, v.model_id, v.city_id from vehicles v join tenants t on t.id = v.tenant_id
      where t.code = 'BJ' and v.stage in (4, 7) order by v.id desc`),
  ).map((row) => ({ id: String(row.id), modelId: String(row.model_id), cityId: String(row.city_id) }));
  expect(stock.length).toBeGreaterThanOrEqual(4);
});
afterAll(() => ctx.close());

const { get } = callsAs(() => ({ ctx, token: ops }));
const { post } = writesBy(() => ctx);
const orderOf = async (id: string) => (await get<Order>(`/api/retail-orders/${id}`)).data;

async function decide(token: string, businessId: string, action: 'approve' | 'reject', body = {}) {
  const todo = await get<PageResult<Task>>('/api/approval-tasks?limit=100', token);
  const task = todo.data.list.find((row) => row.businessType === retailWorkOrder && row.businessId === businessId);
  expect(task, `${action} task of work order ${businessId}`).toBeDefined();
  expect((await post(`/api/approval-tasks/${task?.id}/${action}`, token, body)).msg).toBe('success');
}

/** A sale in full of a car of this model, with only the fields the form requires. */
const fullSale = (car: Car) => ({
  buyerType: 1,
  buyerName: '测试购车人',
  buyerMobile: '13912345678',
  buyerIdNo: '110105198506123411',
  cityId: car.cityId,
  modelId: car.modelId,
  price: 9_800_000,
  paymentMethod: 1,
});

async function draftOrder(car: Car, extra: object = {}) {
  const saved = await post<Order>('/api/retail-orders', ops, { ...fullSale(car), ...extra });
  expect(saved.msg).toBe('success');
  return saved.data;
}

async function approvedOrder(car: Car) {
  const order = await draftOrder(car);
  const submitted = await post<{ workOrderId: string }>(`/api/retail-orders/${order.id}/submit`, ops, {
    explanation: '按指导价成交',
  });
  expect(submitted.msg).toBe('success');
  const workOrderId = String((await orderOf(order.id)).workOrderId);
  await decide(manager, workOrderId, 'approve');
  await decide(finance, workOrderId, 'approve');
  expect((await orderOf(order.id)).status).toBe(4);
  return order;
}

describe('零售订单', () => {
  it('is saved 待提交 with its required fields only, and checks an instalment sale’s terms together', async () => {
    const car = stock[0] as Car;
    const order = await draftOrder(car);
    expect(order.status).toBe(1);
    expect(order.orderNo).toMatch(/^LS\d{16}$/);
    expect(order.loanAmount).toBe(0);

    const instalments = { ...fullSale(car), paymentMethod: 2 };
    const refused = async (payload: object, message: string) => {
      const answer = await post('/api/retail-orders', ops, payload);
      expect(answer.code).not.toBe(0);
      expect(answer.msg).toBe(message);
    };
    await refused(instalments, '首付款：分期时必填');
    await refused({ ...instalments, downPayment: 9_800_000 }, '首付款：应低于成交价');
    await refused({ ...instalments, downPayment: 3_000_000 }, '金融机构：分期时必填');
    await refused({ ...instalments, downPayment: 3_000_000, financingPartner: 1 }, '贷款期数：分期时应为1到60期');
    await refused({ ...fullSale(car), buyerType: 2 }, '证件号码：企业购车应填统一社会信用代码');
    await refused({ ...fullSale(car), price: 0 }, '成交价：应大于0');
    const financed = await draftOrder(car, {
      paymentMethod: 2,
      downPayment: 3_000_000,
      financingPartner: 1,
      loanTerms: 36,
    });
    expect(financed.loanAmount).toBe(6_800_000);
    // Turned into a sale in full, it keeps no loan.
    const edited = await ctx.request<Order>({
      method: 'PUT',
      url: `/api/retail-orders/${financed.id}`,
      token: ops,
      payload: { ...fullSale(car), version: financed.version },
    });
    expect(edited.msg).toBe('success');
    const after = await orderOf(financed.id);
    expect([after.loanAmount, after.downPayment, after.financingPartner]).toEqual([0, 0, null]);
  });

  it('goes through its work order’s approval: 驳回 → edited → 新建零售工单 → 通过 → 交车 → 过户', async () => {
    const car = stock[1] as Car;
    const order = await draftOrder(car);
    const tooMuch = await post(`/api/retail-orders/${order.id}/submit`, ops, {
      discount: 9_900_000,
      explanation: '优惠',
    });
    expect(tooMuch.msg).toBe('优惠金额：不能超过成交价98,000.00元');
    expect((await orderOf(order.id)).status).toBe(1);

    expect(
      (await post(`/api/retail-orders/${order.id}/submit`, ops, { discount: 800_000, explanation: '老客户' })).msg,
    ).toBe('success');
    const first = await orderOf(order.id);
    expect(first.status).toBe(2);
    expect(first.discount).toBe(800_000);
    // In approval it is neither edited nor sent again, from either page.
    const edit = await ctx.request({
      method: 'PUT',
      url: `/api/retail-orders/${order.id}`,
      token: ops,
      payload: { ...fullSale(car), version: first.version },
    });
    expect(edit.code).not.toBe(0);
    const again = await post('/api/retail-work-orders', manager, { retailOrderId: order.id, explanation: '再次提交' });
    expect(again.msg).toMatch(/审批中/);

    await decide(manager, String(first.workOrderId), 'reject', { comment: '优惠过大' });
    const rejected = await orderOf(order.id);
    expect(rejected.status).toBe(3);
    const firstWork = await get<WorkOrder>(`/api/retail-work-orders/${first.workOrderId}`, manager);
    expect(firstWork.data.status).toBe(3);

    const changed = await ctx.request({
      method: 'PUT',
      url: `/api/retail-orders/${order.id}`,
      token: ops,
      payload: { ...fullSale(car), price: 9_500_000, version: rejected.version },
    });
    expect(changed.msg).toBe('success');
    // 新建零售工单 (我发起的) sends it again, as the order's 提交工单 does.
    const created = await post<WorkOrder>('/api/retail-work-orders', manager, {
      retailOrderId: order.id,
      discount: 200_000,
      explanation: '已按要求核价',
    });
    expect(created.msg).toBe('success');
    expect(created.data.finalPrice).toBe(9_300_000);
    expect(created.data.workOrderNo).toMatch(/^GD\d{14}$/);
    expect((await orderOf(order.id)).workOrderId).toBe(created.data.id);
    // The 运营经理 started it: their node goes to the admin, never back to them.
    await decide(admin, created.data.id, 'approve');
    await decide(finance, created.data.id, 'approve');
    expect((await orderOf(order.id)).status).toBe(4);
    expect((await get<WorkOrder>(`/api/retail-work-orders/${created.data.id}`, manager)).data.status).toBe(2);

    // 交车: a car of another model is refused; the order's model is sold out of the fleet with it.
    const other = stock.find((candidate) => candidate.modelId !== car.modelId);
    if (other) {
      const wrong = await post(`/api/retail-orders/${order.id}/deliver`, ops, {
        vehicleId: other.id,
        mileage: 2_000_000,
      });
      expect(wrong.msg).toMatch(/车型与订单车型不一致/);
    }
    const delivered = await post(`/api/retail-orders/${order.id}/deliver`, ops, {
      vehicleId: car.id,
      mileage: 2_000_000,
    });
    expect(delivered.msg).toBe('success');
    expect((await orderOf(order.id)).status).toBe(5);
    const vehicle = await get<{ stage: number }>(`/api/vehicles/${car.id}`, admin);
    expect(vehicle.data.stage).toBe(9);
    // A sold car is not handed to another order.
    const second = await approvedOrder(car);
    const twice = await post(`/api/retail-orders/${second.id}/deliver`, ops, { vehicleId: car.id, mileage: 2_000_100 });
    expect(twice.msg).toMatch(/已售出/);

    const transferred = await post(`/api/retail-orders/${order.id}/transfer`, ops, {
      transferredOn: '2026-11-20',
      newPlateNo: '京A12345',
    });
    expect(transferred.msg).toBe('success');
    expect((await orderOf(order.id)).status).toBe(6);
    const cancelled = await post(`/api/retail-orders/${order.id}/cancel`, ops, { reason: '客户反悔' });
    expect(cancelled.msg).toMatch(/已完成/);
  });

  it('sends one work order when 提交工单 is pressed twice at once', async () => {
    const order = await draftOrder(stock[2] as Car);
    const answers = await Promise.all(
      [1, 2].map(() => post(`/api/retail-orders/${order.id}/submit`, ops, { explanation: '并发提交' })),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    const rows = rowsOf<{ n: number }>(
      await ctx.database.db.execute(
        sql`select count(*)::int as n from retail_work_orders where retail_order_id = ${Number(order.id)}`,
      ),
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('cancels the approval with the order, and goes back to 待提交 when its initiator withdraws it', async () => {
    const car = stock[3] as Car;
    const order = await draftOrder(car);
    await post(`/api/retail-orders/${order.id}/submit`, ops, { explanation: '提交' });
    const submitted = await orderOf(order.id);
    expect((await post(`/api/retail-orders/${order.id}/cancel`, ops, { reason: '客户放弃' })).msg).toBe('success');
    expect((await orderOf(order.id)).status).toBe(0);
    expect((await get<WorkOrder>(`/api/retail-work-orders/${submitted.workOrderId}`, manager)).data.status).toBe(5);
    const todo = await get<PageResult<Task>>('/api/approval-tasks?limit=100', manager);
    expect(todo.data.list.some((task) => task.businessId === submitted.workOrderId)).toBe(false);

    // Put to approval by the manager, who works 我发起的 too.
    const another = await draftOrder(car);
    await post(`/api/retail-orders/${another.id}/submit`, manager, { explanation: '提交' });
    const instances = await get<PageResult<{ id: string; businessId: string; businessType: number }>>(
      '/api/approval-instances?limit=100',
      manager,
    );
    const workOrderId = String((await orderOf(another.id)).workOrderId);
    const mine = instances.data.list.find(
      (row) => row.businessType === retailWorkOrder && row.businessId === workOrderId,
    );
    expect((await post(`/api/approval-instances/${mine?.id}/withdraw`, manager)).msg).toBe('success');
    expect((await orderOf(another.id)).status).toBe(1);
  });

  it('is its branch company’s only, and 新建零售工单 needs the order’s 提交工单 too', async () => {
    const order = await draftOrder(stock[0] as Car);
    const shanghai = await ctx.loginToOtherTenant();
    expect((await get(`/api/retail-orders/${order.id}`, shanghai)).code).toBe(404);
    const listed = await get<PageResult<Order>>('/api/retail-orders?limit=100', shanghai);
    expect(listed.data.list.some((row) => row.id === order.id)).toBe(false);
    expect((await post(`/api/retail-orders/${order.id}/submit`, shanghai, { explanation: 'x' })).code).toBe(404);
    // finance may start approvals (我发起的) but not put retail orders to them.
    const refused = await post('/api/retail-work-orders', finance, { retailOrderId: order.id, explanation: '提交' });
    expect(refused.code).not.toBe(0);
    expect((await orderOf(order.id)).status).toBe(1);
  });
});
