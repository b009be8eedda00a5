import type { PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { callsAs } from './calls';
import { startTestApp, type TestContext } from './harness';

type Row = Record<string, unknown> & { id: string };

let ctx: TestContext;
let admin: string;
const { get } = callsAs<PageResult<Row>, unknown>(() => ({ ctx, token: admin }));
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

  it("an order's row says which kind of driver it is for, so its 承租司机 links to that kind's detail", async () => {
    const orders = rowsOf<{ id: string; kind: number }>(
      await ctx.database.db.execute(sql`
        select distinct on (d.kind) o.id::text, d.kind from lease_orders o join drivers d on d.id = o.driver_id
        where o.tenant_id = (select id from tenants where code = 'BJ') order by d.kind, o.id`),
    );
    expect(orders.map((order) => order.kind)).toEqual([1, 2]);
    for (const order of orders) {
      const detail = await get<Row>(`/api/lease-orders/${order.id}`);
      expect(detail.data.driverKind).toBe(String(order.kind));
    }
    const listed = await get('/api/lease-orders?limit=20');
    for (const row of listed.data.list) expect(['1', '2']).toContain(row.driverKind);
  });

  it("a car out with a driver finds its order in force: 履约中, by the car, on 租赁订单's own list", async () => {
    const out = await one<{ vehicle: string; order: string; driver: string }>(sql`
      select o.vehicle_id::text as vehicle, o.id::text as order, o.driver_id::text as driver from lease_orders o
      where o.tenant_id = (select id from tenants where code = 'BJ') and o.status = 3 and o.delivery_state = 1
      order by o.id limit 1`);
    if (!out) throw new Error('the demo has no car out on an order');
    const current = await get(`/api/lease-orders?vehicleId=${out.vehicle}&tab=3&limit=5`);
    expect(current.data.list.map((row) => [row.id, row.driverId])).toEqual([[out.order, out.driver]]);
  });
});
