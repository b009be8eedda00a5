import { addDays, approvalBusinessTypes, beijingDay, type PageResult, type RoleMenu } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { multipart, samples } from './files-support';
import { startTestApp, type TestContext } from './harness';
import { decide, taskOf as findTask, leaseOrderTerms } from './task-support';

type Task = { id: string; title: string; businessType: number; businessId: string; nodeName: string; status: number };
type Row = Record<string, unknown> & { id: string; status: number; version: number };
type ApprovalRecord = {
  status: number;
  nodes: { name: string; tasks: { approverName: string; status: number }[] }[];
};

let ctx: TestContext;
let admin: string;
let ops: string;
let manager: string;
let finance: string;
/** A user holding both 运营经理 and 财务专员: the one person who could otherwise decide both nodes. */
let both: string;
let tenantId: number;
let quoteTerms: Record<string, unknown>;
const today = beijingDay(new Date());

const get = <T = PageResult<Row>>(url: string, token: string) => ctx.request<T>({ method: 'GET', url, token });
const post = <T = Row>(url: string, token: string, payload: object = {}) =>
  ctx.request<T>({ method: 'POST', url, token, payload });
const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await ctx.database.db.execute(statement));
const todo = async (token: string) => (await get<PageResult<Task>>('/api/approval-tasks?limit=500', token)).data.list;
const taskOf = (token: string, businessType: number, businessId: string) =>
  findTask(ctx, token, businessType, businessId);
const recordOf = async (businessType: number, businessId: string) =>
  (await get<ApprovalRecord>(`/api/approval-records?businessType=${businessType}&businessId=${businessId}`, admin))
    .data;

const approve = async (token: string, businessType: number, businessId: string) =>
  expect((await decide(ctx, token, businessType, businessId, 'approve', { comment: '同意' })).msg).toBe('success');

async function voucher(token: string) {
  const uploaded = await ctx.request<{ fileLocation: string }>({
    method: 'POST',
    url: '/api/gateway/storage/file/private',
    token,
    ...multipart([{ name: '回单.png', content: samples.png }]),
  });
  return uploaded.data.fileLocation;
}

/** A bill of the demo's, made from an order's month not yet billed and activated (by admin). */
async function freshBill(): Promise<Row> {
  const [next] = await query<{ order_id: string; month: string }>(sql`
    select r.order_id::text, to_char(r.due_date, 'YYYY-MM') as month
    from order_receivables r join lease_orders o on o.id = r.order_id
    where r.tenant_id = ${tenantId} and r.bill_id is null and r.status = 0 and o.vehicle_id is not null
      -- A month already billed (a deposit owed at the handover joins no bill made before it) is not fresh.
      and not exists (select 1 from bills b where b.order_id = r.order_id and b.period = to_char(r.due_date, 'YYYY-MM'))
    order by r.due_date, r.order_id limit 1`);
  if (!next) throw new Error('no month left to bill');
  const made = await post('/api/bills', admin, { orderId: next.order_id, month: next.month });
  expect(made.msg).toBe('success');
  expect((await post(`/api/bills/${made.data.id}/activate`, admin)).msg).toBe('success');
  return (await get<Row>(`/api/bills/${made.data.id}`, admin)).data;
}

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 150 });
  ops = await ctx.login('ops', 'ops123');
  manager = await ctx.login('manager', 'manager123');
  finance = await ctx.login('finance', 'finance123');
  admin = await ctx.login('admin', 'admin123');
  const [tenant] = await query<{ id: number }>(sql`select id from tenants where code = 'BJ'`);
  tenantId = Number(tenant?.id);
  const [terms] = await query<{ customer: string; city: string; model: string }>(sql`
    select c.id::text as customer, (select min(id) from cities)::text as city,
      (select min(id) from vehicle_catalog where level = 3)::text as model
    from customers c where c.tenant_id = ${tenantId} and c.kind = 1 order by c.id limit 1`);
  quoteTerms = {
    customerId: terms?.customer,
    cityId: terms?.city,
    modelId: terms?.model,
    quantity: 10,
    termMonths: 12,
    rent: 360_000,
    maintenancePlan: 0,
    validUntil: addDays(today, 30),
    explanation: '车队扩充报价',
  };
});
afterAll(() => ctx.close());

describe('separation of duties', () => {
  it("a 运营经理's own request is not in their 待办", async () => {
    const quote = await post('/api/product-quotes', manager, quoteTerms);
    expect(quote.msg).toBe('success');
    // The 产品报价审批 node is the 运营经理's, who started it: not theirs to decide.
    expect(await taskOf(manager, approvalBusinessTypes.productQuote, quote.data.id)).toBeUndefined();
    // Nor does any of the manager's open tasks belong to an approval they started.
    const mine = await query<{ n: number }>(sql`
      select count(*)::int as n from approval_tasks
      where tenant_id = ${tenantId} and status = 0 and approver_id = initiator_id`);
    expect(mine[0]?.n).toBe(0);
    // The demo's orders the 运营经理 placed wait for the admin instead.
    expect((await todo(admin)).some((task) => task.businessType === approvalBusinessTypes.leaseOrder)).toBe(true);
    // It waits for someone else, and is decided there.
    await approve(admin, approvalBusinessTypes.productQuote, quote.data.id);
    expect((await get<Row>(`/api/product-quotes/${quote.data.id}`, admin)).data.status).toBe(2);
  });

  it("a node whose only approver is the initiator goes to the branch company's admin", async () => {
    const quote = await post('/api/product-quotes', manager, { ...quoteTerms, quantity: 3 });
    const task = await taskOf(admin, approvalBusinessTypes.productQuote, quote.data.id);
    expect(task).toMatchObject({ nodeName: '运营经理审批', status: 0 });
    const record = await recordOf(approvalBusinessTypes.productQuote, quote.data.id);
    expect(record.nodes[0]?.tasks.map((row) => row.approverName)).toEqual(['系统管理员']);
    // And the admin's own request goes to the 运营经理, never back to the admin.
    const own = await post('/api/product-quotes', admin, { ...quoteTerms, quantity: 4 });
    expect(await taskOf(admin, approvalBusinessTypes.productQuote, own.data.id)).toBeUndefined();
    expect(await taskOf(manager, approvalBusinessTypes.productQuote, own.data.id)).toBeDefined();
  });

  it('nobody approves what they started', async () => {
    const quote = await post('/api/product-quotes', manager, { ...quoteTerms, quantity: 5 });
    const task = await taskOf(admin, approvalBusinessTypes.productQuote, quote.data.id);
    // The task cannot be handed to its initiator either.
    const [user] = await query<{ id: string }>(sql`select id::text from users where login_id = 'manager'`);
    const handed = await post(`/api/approval-tasks/${task?.id}/transfer`, admin, { toUserId: user?.id });
    expect(handed.msg).toBe('转交给：不能转交给发起人，发起人不能审批自己发起的事项');
    // A task its initiator holds (made before the rule) is refused with why.
    await ctx.database.db.execute(
      sql`update approval_tasks set approver_id = initiator_id where id = ${Number(task?.id)}`,
    );
    const refused = await post(`/api/approval-tasks/${task?.id}/approve`, manager, { comment: '自己批' });
    expect(refused.msg).toBe('不能审批自己发起的事项，请由其他审批人处理');
    expect((await get<Row>(`/api/product-quotes/${quote.data.id}`, admin)).data.status).toBe(1);
  });

  it('money recorded by one person is confirmed by another: 线下收款', async () => {
    const saved = await post('/api/offline-payments', finance, {
      payerName: '自录付款人',
      amount: 50_000,
      method: 2,
      receivedOn: today,
      purpose: '11月租金',
      vouchers: [await voucher(finance)],
    });
    expect(saved.msg).toBe('success');
    // 线下审批 is 财务's, and 财务 recorded it: the admin confirms it.
    expect(await taskOf(finance, approvalBusinessTypes.offlinePayment, saved.data.id)).toBeUndefined();
    const offline = await get<PageResult<Task>>('/api/offline-tasks?limit=100', finance);
    expect(offline.data.list.some((task) => task.businessId === saved.data.id)).toBe(false);
    await approve(admin, approvalBusinessTypes.offlinePayment, saved.data.id);
    expect((await get<Row>(`/api/offline-payments/${saved.data.id}`, admin)).data.status).toBe(2);
  });

  it('money recorded by one person is confirmed by another: 上传到账凭证', async () => {
    const bill = await freshBill();
    const uploaded = await post(`/api/bills/${bill.id}/upload-voucher`, finance, {
      payerName: '凭证付款人',
      amount: 10_000,
      method: 2,
      receivedOn: today,
      reference: 'YHSOD0001',
      vouchers: [await voucher(finance)],
    });
    expect(uploaded.msg).toBe('success');
    const [offline] = await query<{ id: string }>(
      sql`select id::text from offline_payments where bill_id = ${Number(bill.id)}`,
    );
    const id = String(offline?.id);
    expect(await taskOf(finance, approvalBusinessTypes.offlinePayment, id)).toBeUndefined();
    await approve(admin, approvalBusinessTypes.offlinePayment, id);
    expect((await get<Row>(`/api/bills/${bill.id}`, admin)).data.received).toBe(10_000);
  });

  it('money recorded by one person is confirmed by another: 坏账回款', async () => {
    const [account] = await query<{ id: string }>(sql`
      update overdue_cases set bad_debt = true
      where id = (select id from overdue_cases where tenant_id = ${tenantId} and status = 1 order by id limit 1)
      returning id::text`);
    expect(account).toBeDefined();
    const reported = await post('/api/bad-debt-recoveries', finance, {
      caseId: account?.id,
      amount: 1_000,
      arrivedOn: today,
      channel: 2,
      payerName: '回款人',
      vouchers: [await voucher(finance)],
    });
    expect(reported.msg).toBe('success');
    const own = await post(`/api/bad-debt-recoveries/${reported.data.id}/confirm-arrival`, finance);
    expect(own.msg).toBe('登记回款的人不能确认到账，请由另一位财务人员确认');
    expect((await get<Row>(`/api/bad-debt-recoveries/${reported.data.id}`, admin)).data.status).toBe(1);
    const confirmed = await post(`/api/bad-debt-recoveries/${reported.data.id}/confirm-arrival`, admin);
    expect(confirmed.msg).toBe('success');
    expect((await get<Row>(`/api/bad-debt-recoveries/${reported.data.id}`, admin)).data.status).toBe(2);
  });

  it("the refund payout is finance's", async () => {
    const buttons = async (token: string) =>
      (await get<RoleMenu>('/api/user/role-menu', token)).data.authBtnData as string[];
    expect(await buttons(ops)).not.toContain('accountingSheet:refundPay');
    expect(await buttons(manager)).not.toContain('accountingSheet:refundPay');
    expect(await buttons(finance)).toContain('accountingSheet:refundPay');
    const body = {
      payeeName: '张三',
      bankName: '招商银行',
      bankAccount: '6225880137006666',
      paidOn: today,
      paymentReference: 'TK0001',
    };
    expect((await post('/api/deposit-refunds/1/pay', ops, body)).code).toBe(403);
    expect((await post('/api/deposit-refunds/1/pay', manager, body)).code).toBe(403);
    // 财务 may: a refund that is not there is not found, not forbidden.
    expect((await post('/api/deposit-refunds/999999/pay', finance, body)).code).not.toBe(403);
  });

  it('a change to an order in force waits for approval', async () => {
    const [order] = await query<{ id: string; term_months: number; end_date: string; order_type: number }>(sql`
      select id::text, term_months, end_date::text, order_type from lease_orders
      where tenant_id = ${tenantId} and status = 3 and delivery_state = 1
        and not exists (select 1 from lease_orders r where r.renewed_from_id = lease_orders.id)
      order by lease_orders.id limit 1`);
    expect(order).toBeDefined();
    const id = String(order?.id);
    const asked = await post<{ changeRequestId: string }>(`/api/lease-orders/${id}/delay`, ops, { extraMonths: 2 });
    expect(asked.msg).toBe('success');
    const requestId = asked.data.changeRequestId;
    // Nothing of the order moved yet.
    expect((await get<Row>(`/api/lease-orders/${id}`, ops)).data).toMatchObject({ termMonths: order?.term_months });
    const requests = await get(`/api/order-change-requests/views/changeRequests?orderId=${id}`, ops);
    expect(requests.data.list[0]).toMatchObject({ id: requestId, kind: 2, status: 1 });
    // One change under way at a time.
    expect(
      (await post(`/api/lease-orders/${id}/change-type`, ops, { orderType: 1, finalPayment: 100_000 })).msg,
    ).toMatch(/已有审批中的变更申请/);
    await approve(manager, approvalBusinessTypes.orderChange, requestId);
    expect((await get<Row>(`/api/lease-orders/${id}`, ops)).data.termMonths).toBe(order?.term_months);
    await approve(finance, approvalBusinessTypes.orderChange, requestId);
    const changed = (await get<Row>(`/api/lease-orders/${id}`, ops)).data;
    expect(changed.termMonths).toBe(Number(order?.term_months) + 2);
    expect(changed.endDate).not.toBe(order?.end_date);
    expect(
      (await get(`/api/order-change-requests/views/changeRequests?orderId=${id}`, ops)).data.list[0],
    ).toMatchObject({ status: 2 });

    // 修改订单类型 and its 尾款: applied when approved, not before; a rejected one leaves the order as it was.
    const typed = await post<{ changeRequestId: string }>(`/api/lease-orders/${id}/change-type`, ops, {
      orderType: order?.order_type === 1 ? 0 : 1,
      finalPayment: 123_400,
    });
    expect(typed.msg).toBe('success');
    expect((await get<Row>(`/api/lease-orders/${id}`, ops)).data.orderType).toBe(order?.order_type);
    const task = await taskOf(manager, approvalBusinessTypes.orderChange, typed.data.changeRequestId);
    expect((await post(`/api/approval-tasks/${task?.id}/reject`, manager, { comment: '尾款不对' })).msg).toBe(
      'success',
    );
    expect((await get<Row>(`/api/lease-orders/${id}`, ops)).data.orderType).toBe(order?.order_type);
  });

  it('the initiator can withdraw from 我发起的', async () => {
    const [vehicle] = await query<{ model_id: string; city_id: string }>(sql`
      select model_id::text, city_id::text from vehicles where tenant_id = ${tenantId} and stage in (4, 7) limit 1`);
    const [driver] = await query<{ id: string }>(
      sql`select id::text from drivers where tenant_id = ${tenantId} and status = 1 order by drivers.id limit 1`,
    );
    const saved = await post(
      '/api/lease-orders',
      ops,
      leaseOrderTerms({
        driverId: driver?.id,
        cityId: vehicle?.city_id,
        modelId: vehicle?.model_id,
        startDate: addDays(today, 10),
        rent: 400_000,
      }),
    );
    expect(saved.msg).toBe('success');
    expect((await post(`/api/lease-orders/${saved.data.id}/submit`, ops)).msg).toBe('success');
    // ops holds no approval page but 我发起的 and its 撤回.
    const menu = (await get<RoleMenu>('/api/user/role-menu', ops)).data;
    expect(menu.authBtnData).toContain('initiated:stop');
    const mine = await get<PageResult<{ id: string; title: string; businessId: string }>>(
      '/api/approval-instances?limit=100',
      ops,
    );
    const instance = mine.data.list.find((row) => row.businessId === saved.data.id);
    expect(instance).toBeDefined();
    expect((await post(`/api/approval-instances/${instance?.id}/withdraw`, manager)).msg).toBe('只有发起人可以撤回');
    expect((await post(`/api/approval-instances/${instance?.id}/withdraw`, ops)).msg).toBe('success');
    expect((await get<Row>(`/api/lease-orders/${saved.data.id}`, ops)).data.status).toBe(1);
    expect(await taskOf(manager, approvalBusinessTypes.leaseOrder, saved.data.id)).toBeUndefined();
  });
  it('a relief needs two different people', async () => {
    // Someone holding both roles of 费用减免审批 (made last: from now on they share every 运营经理 and 财务 node).
    const roles = await get<{ label: string; value: string }[]>('/api/lookups/roles', admin);
    const role = (label: string) => roles.data.find((row) => row.label === label)?.value;
    const created = await post<{ password: string }>('/api/users', admin, {
      loginId: 'both',
      userName: '兼岗员',
      code: 'BOTH01',
      roleIds: [role('运营经理'), role('财务专员')],
    });
    expect(created.msg).toBe('success');
    both = await ctx.login('both', created.data.password);
    // Raised by 财务: the 运营经理 node is the manager's (or the dual-role user's), the 财务 node someone else's.
    const bill = await freshBill();
    expect((await post(`/api/bills/${bill.id}/relief`, finance, { amount: 1_000, reason: '停运两天' })).msg).toBe(
      'success',
    );
    const [relief] = await query<{ id: string }>(
      sql`select id::text from bill_reliefs where bill_id = ${Number(bill.id)} order by bill_reliefs.id desc limit 1`,
    );
    const reliefId = String(relief?.id);
    expect(await taskOf(finance, approvalBusinessTypes.relief, reliefId)).toBeUndefined();
    // The dual-role user passes the 运营经理 node: the 财务 node is not theirs, nor the initiator's.
    await approve(both, approvalBusinessTypes.relief, reliefId);
    expect(await taskOf(both, approvalBusinessTypes.relief, reliefId)).toBeUndefined();
    expect(await taskOf(finance, approvalBusinessTypes.relief, reliefId)).toBeUndefined();
    await approve(admin, approvalBusinessTypes.relief, reliefId);
    const record = await recordOf(approvalBusinessTypes.relief, reliefId);
    expect(record.status).toBe(2);
    const deciders = record.nodes.map((node) => node.tasks.find((task) => task.status === 1)?.approverName);
    expect(deciders).toEqual(['兼岗员', '系统管理员']);
    expect((await get(`/api/bill-reliefs/views/billReliefs?billId=${bill.id}`, admin)).data.list[0]).toMatchObject({
      status: 2,
      applied: 1_000,
    });

    // Raised by the dual-role user: neither node is theirs; the 运营经理 and 财务 decide.
    const own = await freshBill();
    expect((await post(`/api/bills/${own.id}/relief`, both, { amount: 500, reason: '自己申请' })).msg).toBe('success');
    const [ownRelief] = await query<{ id: string }>(
      sql`select id::text from bill_reliefs where bill_id = ${Number(own.id)} order by bill_reliefs.id desc limit 1`,
    );
    const ownId = String(ownRelief?.id);
    expect(await taskOf(both, approvalBusinessTypes.relief, ownId)).toBeUndefined();
    await approve(manager, approvalBusinessTypes.relief, ownId);
    expect(await taskOf(both, approvalBusinessTypes.relief, ownId)).toBeUndefined();
    await approve(finance, approvalBusinessTypes.relief, ownId);
    expect((await recordOf(approvalBusinessTypes.relief, ownId)).status).toBe(2);
  });
});
