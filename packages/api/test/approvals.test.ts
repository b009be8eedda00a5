import { approvalBusinessTypes, type PageResult, type UploadResult, yuanText } from '@cp/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalProcesses, type ProcessNode } from '../src/approvals/tables';
import { rowsOf } from '../src/db/migrate';
import { writesBy } from './calls';
import { multipart, samples } from './files-support';
import { startTestApp, type TestContext } from './harness';

type Task = { id: string; title: string; status: number; nodeName: string; businessId: string; instanceId: string };
type Payment = { id: string; status: number; payerName: string; amount: number };

let ctx: TestContext;
let admin: string;
let manager: string;
let finance: string;
let ops: string;
/** A second 运营经理 who records the payments the methods' tests decide: nobody approves what they started. */
let clerk: string;
let userIds: Record<string, number>;
let tenantId: number;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
  manager = await ctx.login('manager', 'manager123');
  finance = await ctx.login('finance', 'finance123');
  ops = await ctx.login('ops', 'ops123');
  const roles = await get<{ label: string; value: string }[]>('/api/lookups/roles', admin);
  const created = await post<{ password: string }>('/api/users', admin, {
    loginId: 'clerk',
    userName: '录入员',
    code: 'CLERK',
    roleIds: [roles.data.find((role) => role.label === '运营经理')?.value],
  });
  expect(created.msg).toBe('success');
  clerk = await ctx.login('clerk', created.data.password);
  const users = rowsOf<{ id: number; login_id: string }>(
    await ctx.database.db.execute(sql`select id, login_id from users`),
  );
  userIds = Object.fromEntries(users.map((user) => [user.login_id, Number(user.id)]));
  const [tenant] = rowsOf<{ id: number }>(await ctx.database.db.execute(sql`select id from tenants where code = 'BJ'`));
  tenantId = Number(tenant?.id);
});
afterAll(() => ctx.close());

const get = async <T>(url: string, token: string) => ctx.request<T>({ method: 'GET', url, token });
const { post } = writesBy(() => ctx);
const todo = async (token: string, query = '') =>
  (await get<PageResult<Task>>(`/api/approval-tasks?limit=100${query}`, token)).data;
const paymentOf = async (id: string) => (await get<Payment>(`/api/offline-payments/${id}`, admin)).data;

async function voucher(token: string) {
  const body = multipart([{ name: '凭证.png', content: samples.png }]);
  const uploaded = await ctx.request<UploadResult>({
    method: 'POST',
    url: '/api/gateway/storage/file/private',
    token,
    ...body,
  });
  return uploaded.data.fileLocation;
}

/** 线下发起 as the 运营经理: a payment with a voucher, whose approval starts as it is saved. */
async function recordPayment(payerName: string, token = manager) {
  const saved = await post<Payment>('/api/offline-payments', token, {
    payerName,
    amount: 123_456,
    method: 2,
    receivedOn: '2026-11-20',
    purpose: '11月租金',
    vouchers: [await voucher(token)],
  });
  expect(saved.msg).toBe('success');
  return saved.data;
}

const taskOf = async (payment: Payment, token: string) =>
  (await todo(token)).list.find((task) => task.businessId === payment.id);

/** Sets the process of 线下收款 in 北京分公司 to these nodes. */
async function processOf(nodes: ProcessNode[]) {
  await ctx.database.db
    .update(approvalProcesses)
    .set({ nodes })
    .where(
      and(
        eq(approvalProcesses.tenantId, tenantId),
        eq(approvalProcesses.businessType, approvalBusinessTypes.offlinePayment),
      ),
    );
}
const node = (name: string, method: number, logins: string[]): ProcessNode => ({
  name,
  method,
  userIds: logins.map((login) => userIds[login] as number),
  roleIds: [],
});

describe('the seeded approvals', () => {
  it('wait for their approvers in 待办事项, count in 我的待办, and are no one else’s', async () => {
    const waiting = await todo(finance);
    expect(waiting.list.filter((task) => task.title.startsWith('线下收款')).length).toBeGreaterThanOrEqual(2);
    expect(waiting.list.every((task) => task.status === 0)).toBe(true);
    // The 运营经理's: the two seeded 产品报价 waiting for the node of 产品报价审批.
    expect((await todo(manager)).list.map((task) => [task.title.split(' ')[0], task.nodeName])).toEqual([
      ['产品报价', '运营经理审批'],
      ['产品报价', '运营经理审批'],
    ]);
    // None of them waits for the one who started it.
    const own = rowsOf<{ n: number }>(
      await ctx.database.db.execute(
        sql`select count(*)::int as n from approval_tasks where status = 0 and approver_id = initiator_id`,
      ),
    );
    expect(own[0]?.n).toBe(0);
    // ops holds no approval page: refused, not shown an empty list.
    expect((await get('/api/approval-tasks', ops)).code).toBe(403);
    const info = await get<{ pendingNum: number }>('/api/user/pending', finance);
    expect(info.data.pendingNum).toBeGreaterThanOrEqual(waiting.total);
    const done = await get<PageResult<Task>>('/api/approval-tasks/views/done', finance);
    expect(done.data.list.map((task) => task.status).sort()).toEqual([1, 1, 2]);
  });
});

describe('审批事项 in the to-do lists', () => {
  type Summarised = Task & { summary: string; businessType: number };

  it('answers each task with its business summary: number, whom it is for, amount (a 产品报价, a 线下收款)', async () => {
    const quotes = (await todo(manager)).list as Summarised[];
    const [quote] = quotes;
    if (!quote) throw new Error('the demo leaves the 运营经理 two 产品报价 to approve');
    const [row] = rowsOf<{ quote_no: string; name: string; rent: number }>(
      await ctx.database.db.execute(sql`
        select q.quote_no, c.name, q.rent::int as rent from product_quotes q join customers c on c.id = q.customer_id
        where q.id = ${Number(quote.businessId)}`),
    );
    expect(quote.summary).toBe(`${row?.quote_no} · ${row?.name} · ${yuanText(Number(row?.rent))}元`);
    const payments = ((await todo(finance)).list as Summarised[]).filter(
      (task) => task.businessType === approvalBusinessTypes.offlinePayment,
    );
    expect(payments.length).toBeGreaterThan(0);
    for (const task of payments) {
      const paid = await paymentOf(task.businessId);
      expect(task.summary).toBe(`${paid.payerName} · ${yuanText(paid.amount)}元`);
    }
  });
});

describe('an offline payment through its approval', () => {
  it('is confirmed when 财务 approves, and shows in 已办事项 and 我发起的', async () => {
    const payment = await recordPayment('端到端付款人甲');
    expect(payment.status).toBe(1);
    const task = await taskOf(payment, finance);
    expect(task).toMatchObject({ nodeName: '财务确认到账', status: 0 });
    const approved = await post(`/api/approval-tasks/${task?.id}/approve`, finance, { comment: '已核对' });
    expect(approved.code).toBe(0);
    expect((await paymentOf(payment.id)).status).toBe(2);
    expect(await taskOf(payment, finance)).toBeUndefined();
    const done = await get<PageResult<Task & { comment: string }>>('/api/approval-tasks/views/done?limit=100', finance);
    expect(done.data.list.find((row) => row.id === task?.id)).toMatchObject({ status: 1, comment: '已核对' });
    const mine = await get<PageResult<{ title: string; status: number }>>('/api/approval-instances?limit=100', manager);
    expect(mine.data.list.find((row) => row.title.includes('端到端付款人甲'))).toMatchObject({ status: 2 });
    const record = await get<{ events: { kind: number; userName: string }[] }>(
      `/api/approval-records?businessType=7&businessId=${payment.id}`,
      manager,
    );
    expect(record.data.events.map((event) => event.kind)).toEqual([1, 2, 8]);
  });

  it('is refused without a voucher, and nothing is saved', async () => {
    const refused = await post('/api/offline-payments', manager, {
      payerName: '无凭证',
      amount: 100,
      method: 1,
      receivedOn: '2026-11-20',
      purpose: '测试',
      vouchers: [],
    });
    expect(refused.msg).toBe('到账凭证：请上传');
    const listed = await get<PageResult<Payment>>(
      `/api/offline-payments?payerName=${encodeURIComponent('无凭证')}`,
      admin,
    );
    expect(listed.data.total).toBe(0);
  });

  it('goes back when 驳回 (a reason required), and only its approver decides it', async () => {
    const payment = await recordPayment('端到端付款人乙');
    const task = await taskOf(payment, finance);
    expect((await post(`/api/approval-tasks/${task?.id}/approve`, manager)).msg).toBe('这不是你的待办，不能处理');
    expect((await post(`/api/approval-tasks/${task?.id}/reject`, finance, {})).code).toBe(400);
    expect((await post(`/api/approval-tasks/${task?.id}/reject`, finance, { comment: '金额不符' })).code).toBe(0);
    expect((await paymentOf(payment.id)).status).toBe(3);
    expect((await post(`/api/approval-tasks/${task?.id}/approve`, finance)).msg).toBe('该待办已处理（已驳回）');
  });

  it('is withdrawn by its initiator only, and leaves no task behind', async () => {
    const payment = await recordPayment('端到端付款人丙');
    const mine = await get<PageResult<{ id: string; title: string }>>('/api/approval-instances?limit=100', manager);
    const instance = mine.data.list.find((row) => row.title.includes('端到端付款人丙'));
    expect((await post(`/api/approval-instances/${instance?.id}/withdraw`, admin)).msg).toBe('只有发起人可以撤回');
    expect((await post(`/api/approval-instances/${instance?.id}/withdraw`, manager)).code).toBe(0);
    expect((await paymentOf(payment.id)).status).toBe(4);
    expect(await taskOf(payment, finance)).toBeUndefined();
    expect((await post(`/api/approval-instances/${instance?.id}/withdraw`, manager)).msg).toMatch(/已撤回/);
  });
});

describe('the methods of a node', () => {
  it('或签: two approvers at once — exactly one decides, the other is told it was handled', async () => {
    await processOf([node('财务或签', 1, ['finance', 'manager'])]);
    const payment = await recordPayment('或签付款人', clerk);
    const mine = await taskOf(payment, finance);
    const theirs = await taskOf(payment, manager);
    const answers = await Promise.all([
      post(`/api/approval-tasks/${mine?.id}/approve`, finance),
      post(`/api/approval-tasks/${theirs?.id}/approve`, manager),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, 1000]);
    expect(answers.find((answer) => answer.code !== 0)?.msg).toBe('该待办已由他人处理或审批已结束，无需再处理');
    expect((await paymentOf(payment.id)).status).toBe(2);
  });

  it('会签: every approver must pass; 依次: one after another, in order', async () => {
    await processOf([node('会签', 2, ['finance', 'manager'])]);
    const payment = await recordPayment('会签付款人', clerk);
    await post(`/api/approval-tasks/${(await taskOf(payment, finance))?.id}/approve`, finance);
    expect((await paymentOf(payment.id)).status).toBe(1);
    await post(`/api/approval-tasks/${(await taskOf(payment, manager))?.id}/approve`, manager);
    expect((await paymentOf(payment.id)).status).toBe(2);
    // 依次 (its own process: who passed one node of an approval does not decide another of it).
    await processOf([node('依次', 3, ['finance', 'manager'])]);
    const next = await recordPayment('依次付款人', clerk);
    const first = await taskOf(next, finance);
    expect(first?.nodeName).toBe('依次');
    expect(await taskOf(next, manager)).toBeUndefined();
    await post(`/api/approval-tasks/${first?.id}/approve`, finance);
    const second = await taskOf(next, manager);
    expect(second?.nodeName).toBe('依次');
    await post(`/api/approval-tasks/${second?.id}/approve`, manager);
    expect((await paymentOf(next.id)).status).toBe(2);
  });

  it('转交 hands the task to another user; 退回 goes back to the node before, not past the first', async () => {
    await processOf([node('经理', 1, ['manager']), node('财务', 1, ['finance'])]);
    const payment = await recordPayment('转交付款人', clerk);
    const atManager = await taskOf(payment, manager);
    expect((await post(`/api/approval-tasks/${atManager?.id}/send-back`, manager, { comment: '退' })).msg).toBe(
      '已是第一个审批节点，不能退回；如需发起人修改，请驳回',
    );
    expect(
      (await post(`/api/approval-tasks/${atManager?.id}/transfer`, manager, { toUserId: String(userIds.manager) })).msg,
    ).toBe('转交给：不能转交给自己');
    const transfer = (toUserId: number | undefined) =>
      post(`/api/approval-tasks/${atManager?.id}/transfer`, manager, { toUserId: String(toUserId) });
    expect((await transfer(userIds.ops)).msg).toBe('转交给：该用户没有「待办事项」权限，无法处理待办');
    expect((await transfer(userIds.admin)).code).toBe(0);
    expect(await taskOf(payment, manager)).toBeUndefined();
    const atAdmin = await taskOf(payment, admin);
    expect(atAdmin?.nodeName).toBe('经理');
    expect((await post(`/api/approval-tasks/${atAdmin?.id}/approve`, admin)).code).toBe(0);
    const atFinance = await taskOf(payment, finance);
    expect(atFinance?.nodeName).toBe('财务');
    expect(
      (await post(`/api/approval-tasks/${atFinance?.id}/send-back`, finance, { comment: '请经理复核' })).code,
    ).toBe(0);
    expect((await taskOf(payment, manager))?.nodeName).toBe('经理');
    expect((await paymentOf(payment.id)).status).toBe(1);
  });

  it('refuses to start when a node has no approver, saving nothing', async () => {
    await processOf([{ name: '空节点', method: 1, userIds: [], roleIds: [] }]);
    const refused = await post('/api/offline-payments', manager, {
      payerName: '无人审批',
      amount: 100,
      method: 1,
      receivedOn: '2026-11-20',
      purpose: '测试',
      vouchers: [await voucher(manager)],
    });
    expect(refused.msg).toBe('审批节点「空节点」没有可用的审批人，请联系管理员设置审批流程');
    const listed = await get<PageResult<Payment>>(
      `/api/offline-payments?payerName=${encodeURIComponent('无人审批')}`,
      admin,
    );
    expect(listed.data.total).toBe(0);
  });
});

describe('branch companies', () => {
  it('keep their tasks apart: another branch company’s task is not found', async () => {
    const shanghai = await ctx.loginToOtherTenant();
    const [other] = rowsOf<{ id: number }>(
      await ctx.database.db.execute(sql`select id from approval_tasks where tenant_id <> ${tenantId} limit 1`),
    );
    expect((await get(`/api/approval-tasks/${other?.id}`, admin)).code).toBe(404);
    expect((await post(`/api/approval-tasks/${other?.id}/approve`, admin)).code).toBe(404);
    expect((await get(`/api/approval-tasks/${other?.id}`, shanghai)).code).toBe(0);
  });
});

describe('who reads an approval record', () => {
  it('follows its business: the business page, or being its approver or initiator — never an approval page alone', async () => {
    const instances = rowsOf<{ id: number; business_type: number; business_id: number }>(
      await ctx.database.db.execute(
        sql`select id, business_type, business_id from approval_instances where tenant_id = ${tenantId} order by id`,
      ),
    );
    const refusedTypes = new Set<number>();
    let compared = 0;
    for (const { id, business_type: type, business_id: businessId } of instances) {
      const query = `businessType=${type}&businessId=${businessId}`;
      const business = await get(`/api/approval-business?${query}`, ops);
      if (business.code === 404) continue;
      compared++;
      // The record by business, the record by instance and the business itself answer alike.
      const expected = business.code === 0 ? 0 : 403;
      expect(business.code, `approval ${id} (type ${type})`).toBe(expected);
      expect((await get(`/api/approval-records?${query}`, ops)).code, `approval ${id} (type ${type})`).toBe(expected);
      expect((await get(`/api/approval-instances/${id}/record`, ops)).code, `approval ${id} (type ${type})`).toBe(
        expected,
      );
      if (expected === 403) refusedTypes.add(Number(type));
    }
    expect(compared).toBeGreaterThan(5);
    // 运营专员 has no 线下收款 page and decides none of the seeded ones (it read them all before).
    expect([...refusedTypes]).toEqual([approvalBusinessTypes.offlinePayment]);
  });

  it('is read by the initiator and by whoever holds the business page', async () => {
    await processOf([node('财务审批', 1, ['finance'])]);
    const payment = await recordPayment('审批记录可见性');
    const query = `businessType=${approvalBusinessTypes.offlinePayment}&businessId=${payment.id}`;
    expect((await get(`/api/approval-records?${query}`, manager)).data).toMatchObject({
      status: 1,
      businessId: payment.id,
    });
    expect((await get(`/api/approval-records?${query}`, admin)).code).toBe(0);
    expect(await get(`/api/approval-records?${query}`, ops)).toMatchObject({ code: 403, msg: '无权限' });
  });
});
