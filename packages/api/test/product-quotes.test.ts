import { addDays, approvalBusinessTypes, type PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { callsAs, writesBy } from './calls';
import { startTestApp, type TestContext } from './harness';

type Quote = {
  id: string;
  quoteNo: string;
  status: number;
  totalRent: number;
  decidedAt: string | null;
  customerName: string;
};
type Task = { id: string; title: string; businessId: string; businessType: number };

let ctx: TestContext;
let admin: string;
let manager: string;
let ops: string;
let terms: Record<string, unknown>;

const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
  manager = await ctx.login('manager', 'manager123');
  ops = await ctx.login('ops', 'ops123');
  const db = ctx.database.db;
  const [row] = rowsOf<{ customer: number; city: number; model: number }>(
    await db.execute(sql`
      select c.id as customer, (select min(id) from cities) as city,
        (select min(id) from vehicle_catalog where level = 3) as model
      from customers c join tenants t on t.id = c.tenant_id and t.code = 'BJ'
      where c.kind = 1 order by c.id limit 1`),
  );
  terms = {
    customerId: String(row?.customer),
    cityId: String(row?.city),
    modelId: String(row?.model),
    quantity: 20,
    termMonths: 24,
    rent: 380_000,
    maintenancePlan: 0,
    validUntil: addDays(today(), 30),
    explanation: '客户年底扩充网约车车队，竞品报价3900元/月',
  };
});
afterAll(() => ctx.close());

const { get } = callsAs(() => ({ ctx, token: admin }));
const { post } = writesBy(() => ctx);
const quoteOf = async (id: string) => (await get<Quote>(`/api/product-quotes/${id}`)).data;
const taskOf = async (quote: Quote) =>
  (await get<PageResult<Task>>('/api/approval-tasks?limit=100', manager)).data.list.find(
    (task) => task.businessType === approvalBusinessTypes.productQuote && task.businessId === quote.id,
  );

describe('a product quote', () => {
  it('is saved with its required fields, numbered and totalled, and approved by the 运营经理', async () => {
    const saved = await post<Quote>('/api/product-quotes', admin, terms);
    expect(saved.msg).toBe('success');
    expect(saved.data).toMatchObject({ status: 1, totalRent: 380_000 * 20 * 24 });
    expect(saved.data.quoteNo).toMatch(/^BJ\d{14}$/);
    const task = await taskOf(saved.data);
    expect(task?.title).toContain(`产品报价 ${saved.data.quoteNo}`);
    expect(task?.title).toContain('20台');
    // The approver reads the quote on its approval page, without a page of quotes.
    const business = await get<Quote>(
      `/api/approval-business?businessType=${approvalBusinessTypes.productQuote}&businessId=${saved.data.id}`,
      manager,
    );
    expect(business.data).toMatchObject({ quoteNo: saved.data.quoteNo, quantity: 20 });
    expect((await post(`/api/approval-tasks/${task?.id}/approve`, manager, { comment: '同意' })).code).toBe(0);
    const approved = await quoteOf(saved.data.id);
    expect(approved.status).toBe(2);
    expect(approved.decidedAt).not.toBeNull();
  });

  it('goes to 已驳回 when turned down, and to 已撤回 when its initiator withdraws it', async () => {
    const rejected = (await post<Quote>('/api/product-quotes', admin, terms)).data;
    const task = await taskOf(rejected);
    expect((await post(`/api/approval-tasks/${task?.id}/reject`, manager, { comment: '低于成本价' })).code).toBe(0);
    expect((await quoteOf(rejected.id)).status).toBe(3);

    const withdrawn = (await post<Quote>('/api/product-quotes', admin, terms)).data;
    const mine = await get<PageResult<{ id: string; businessId: string }>>('/api/approval-instances?limit=100');
    const instance = mine.data.list.find((row) => row.businessId === withdrawn.id);
    expect((await post(`/api/approval-instances/${instance?.id}/withdraw`, admin)).code).toBe(0);
    expect((await quoteOf(withdrawn.id)).status).toBe(4);
    expect(await taskOf(withdrawn)).toBeUndefined();
  });

  it('refuses terms that cannot be offered, naming the problem, and saves nothing', async () => {
    const count = async () =>
      Number(
        rowsOf<{ n: number }>(await ctx.database.db.execute(sql`select count(*)::int as n from product_quotes`))[0]?.n,
      );
    const before = await count();
    const refusals: [Record<string, unknown>, string][] = [
      [{ validUntil: addDays(today(), -1) }, '报价有效期至：不能早于今天'],
      [{ validUntil: addDays(today(), 181) }, `报价有效期至不能晚于${addDays(today(), 180)}（180天内）`],
      [{ rent: 0 }, '月租金：应大于0'],
      [{ quantity: 0 }, '台数'],
      [{ explanation: '' }, '报价说明'],
      [{ customerId: '999999999' }, '客户不存在'],
    ];
    for (const [change, message] of refusals) {
      const refused = await post('/api/product-quotes', admin, { ...terms, ...change });
      expect(refused.code, message).not.toBe(0);
      expect(refused.msg).toContain(message);
    }
    expect(await count()).toBe(before);
  });

  it('is started only by those who may start approvals, and kept within its branch company', async () => {
    expect((await post('/api/product-quotes', ops, terms)).code).toBe(403);
    const saved = (await post<Quote>('/api/product-quotes', admin, terms)).data;
    const shanghai = await ctx.loginToOtherTenant();
    expect((await get(`/api/product-quotes/${saved.id}`, shanghai)).code).toBe(404);
    const business = await get(
      `/api/approval-business?businessType=${approvalBusinessTypes.productQuote}&businessId=${saved.id}`,
      shanghai,
    );
    expect(business.code).not.toBe(0);
    // A customer of another branch company is not one of ours to quote.
    const [theirs] = rowsOf<{ id: number }>(
      await ctx.database.db.execute(
        sql`select c.id from customers c join tenants t on t.id = c.tenant_id where t.code <> 'BJ' limit 1`,
      ),
    );
    const refused = await post('/api/product-quotes', admin, { ...terms, customerId: String(theirs?.id) });
    expect(refused.msg).toBe('客户不存在');
  });
});
