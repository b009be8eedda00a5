import type { PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { startTestApp, type TestContext } from './harness';

type Row = Record<string, unknown> & { id: string };

let ctx: TestContext;
let admin: string;
const get = <T = PageResult<Row>>(url: string) => ctx.request<T>({ method: 'GET', url, token: admin });
const one = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await ctx.database.db.execute(statement))[0];

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 150 });
  admin = await ctx.login('admin', 'admin123');
});
afterAll(() => ctx.close());

describe('what a detail page links to', () => {
  it("账单详情 lists the bill's own receivables (账单明细)", async () => {
    const bill = await one<{ id: string; ids: string[] }>(sql`
      select b.id::text, array_agg(r.id::text order by r.id) as ids from bills b join order_receivables r on r.bill_id = b.id
      where b.tenant_id = (select id from tenants where code = 'BJ') group by b.id order by b.id limit 1`);
    if (!bill) throw new Error('the demo has no bill with receivables');
    const listed = await get(`/api/receivables?billId=${bill.id}&limit=100`);
    expect(listed.code).toBe(0);
    expect(listed.data.list.map((row) => row.id).sort()).toEqual([...bill.ids].sort());
  });

  it("逾期详情 lists the order's receivables (订单应收)", async () => {
    const order = await one<{ id: string; n: number }>(sql`
      select order_id::text as id, count(*)::int as n from order_receivables
      where tenant_id = (select id from tenants where code = 'BJ') group by order_id order by order_id limit 1`);
    if (!order) throw new Error('the demo has no order with receivables');
    const listed = await get(`/api/receivables?orderId=${order.id}&limit=100`);
    expect(listed.code).toBe(0);
    expect(listed.data.total).toBe(order.n);
  });

  it('an order never sent to approval has no approval record: data is null, not an error', async () => {
    const order = await one<{ id: string }>(sql`
      select o.id::text from lease_orders o where o.tenant_id = (select id from tenants where code = 'BJ')
        and not exists (select 1 from approval_instances i where i.business_type = 1 and i.business_id = o.id)
      order by o.id limit 1`);
    if (!order) throw new Error('the demo has no order without an approval');
    const record = await get<null>(`/api/approval-records?businessType=1&businessId=${order.id}`);
    expect(record).toMatchObject({ code: 0, data: null });
  });
});
