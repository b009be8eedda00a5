import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { callsAs } from './calls';
import { startTestApp, type TestContext } from './harness';
import { leaseOrderTerms } from './task-support';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 12 });
  admin = await ctx.login('admin', 'admin123');
});
afterAll(() => ctx.close());

const { post } = callsAs(() => ({ ctx, token: admin }));

describe('amounts in request bodies', () => {
  it('name the field without a unit and word their bounds in yuan, as the form shows them', async () => {
    const call = await post('/api/overdue-cases/1/call', {
      way: 1,
      reached: true,
      promiseDate: '2026-12-01',
      promiseAmount: 100_000_001,
      result: '客户承诺月初还款',
    });
    expect(call.msg).toBe('承诺还款金额：不能大于1,000,000.00元');
    const relief = await post('/api/bills/1/relief', { amount: 0, reason: '协商减免' });
    expect(relief.msg).toBe('减免金额：应大于0');
    const fraction = await post('/api/bills/1/relief', { amount: 12.5, reason: '协商减免' });
    expect(fraction.msg).toBe('减免金额：金额最多两位小数');
  });
});

describe('zero where money must change hands', () => {
  const count = async (table: string) =>
    Number(
      rowsOf<{ n: number }>(await ctx.database.db.execute(sql`select count(*)::int as n from ${sql.raw(table)}`))[0]?.n,
    );

  it('a 线下收款 of 0.00 is refused at creation under its field (it could never be confirmed); 0.01 is taken', async () => {
    const payment = { payerName: '张三', method: 1, receivedOn: '2026-11-20', purpose: '11月租金' };
    const before = await count('offline_payments');
    expect(await post('/api/offline-payments', { ...payment, amount: 0 })).toMatchObject({
      code: 400,
      msg: '收款金额：应大于0',
    });
    expect(await count('offline_payments')).toBe(before);
    // One fen passes the amount; what it lacks next is its own business (a voucher), not the amount.
    expect((await post('/api/offline-payments', { ...payment, amount: 1 })).msg).not.toMatch(/收款金额/);
  });

  it('a lease order at a rent of 0 is refused under 月租金, nothing saved', async () => {
    const [car] = rowsOf<{ model_id: number; city_id: number; tenant_id: number }>(
      await ctx.database.db.execute(
        sql`select v.model_id, v.city_id, v.tenant_id from vehicles v join tenants t on t.id = v.tenant_id
            where t.code = 'BJ' and v.stage in (4, 7) order by v.id limit 1`,
      ),
    );
    const [driver] = rowsOf<{ id: number }>(
      await ctx.database.db.execute(
        sql`select id from drivers where tenant_id = ${car?.tenant_id} and status = 1 order by id limit 1`,
      ),
    );
    const terms = (rent: number) =>
      leaseOrderTerms({
        driverId: String(driver?.id),
        cityId: String(car?.city_id),
        modelId: String(car?.model_id),
        startDate: '2026-01-31',
        rent,
      });
    const before = await count('lease_orders');
    expect(await post('/api/lease-orders', terms(0))).toMatchObject({ code: 400, msg: '月租金：应大于0' });
    expect(await count('lease_orders')).toBe(before);
    expect((await post('/api/lease-orders', terms(1))).msg).toBe('success');
  });
});
