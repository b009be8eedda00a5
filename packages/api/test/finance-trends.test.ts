import { beijingDay, type DynamicRentTrend, type StaticRentTrend } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { refreshRentTrends } from '../src/finance/trends';
import { callsAs } from './calls';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
let admin: string;
let tenantId: number;
const thisMonth = beijingDay(new Date()).slice(0, 7);

const { get } = callsAs(() => ({ ctx, token: admin }));
const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await ctx.database.db.execute(statement));

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 150 });
  admin = await ctx.login('admin', 'admin123');
  const [tenant] = await query<{ id: number }>(sql`select id from tenants where code = 'BJ'`);
  tenantId = Number(tenant?.id);
});
afterAll(() => ctx.close());

describe('租金趋势', () => {
  it('静态: each month’s rent and dues equal the schedules’ lines added up', async () => {
    const answer = await get<StaticRentTrend>('/api/rent-trends/static?months=2026-01,2027-12');
    expect(answer.msg).toBe('success');
    expect(answer.data.months).toHaveLength(24);
    const lines = await query<{ month: string; scheduled: string; due: string }>(sql`
      select to_char(due_date, 'YYYY-MM') as month, coalesce(sum(amount) filter (where kind = 1), 0)::text as scheduled,
        sum(amount + late_fee)::text as due
      from order_receivables where tenant_id = ${tenantId} and status <> 5
        and due_date between '2026-01-01' and '2027-12-31' group by 1`);
    const byMonth = new Map(lines.map((line) => [line.month, line]));
    for (const month of answer.data.months) {
      expect([month.month, month.scheduled, month.due]).toEqual([
        month.month,
        Number(byMonth.get(month.month)?.scheduled ?? 0),
        Number(byMonth.get(month.month)?.due ?? 0),
      ]);
    }
    expect(answer.data.asOf).not.toBeNull();
  });

  it('动态: collected by the month money arrived, by city and channel, each total the sum of its lines', async () => {
    await ctx.request({
      method: 'POST',
      url: '/api/payments',
      token: admin,
      payload: {
        driverId: (
          await query<{ id: string }>(
            sql`select driver_id::text as id from order_receivables where tenant_id = ${tenantId} and status = 3 limit 1`,
          )
        )[0]?.id,
        amount: 12_345,
        paidOn: beijingDay(new Date()),
        channel: 5,
      },
    });
    await refreshRentTrends(ctx.database.db, tenantId);
    const answer = await get<DynamicRentTrend>(`/api/rent-trends/dynamic?months=${thisMonth},${thisMonth}`);
    const [month] = answer.data.months;
    const [allocated] = await query<{ n: string }>(sql`
      select coalesce(sum(a.amount), 0)::text as n from payment_allocations a join payments p on p.id = a.payment_id
      where a.tenant_id = ${tenantId} and not a.reversed and to_char(p.paid_on, 'YYYY-MM') = ${thisMonth}`);
    expect(month?.collected).toBe(Number(allocated?.n));
    expect(answer.data.byChannel.reduce((sum, row) => sum + row.collected, 0)).toBe(month?.collected);
    expect(answer.data.byCity.reduce((sum, row) => sum + row.collected, 0)).toBe(month?.collected);
    expect(answer.data.byChannel.find((row) => row.name === 'POS刷卡')?.collected).toBe(12_345);
    expect(month?.rate).toBeCloseTo((month?.collected ?? 0) / (month?.due ?? 1));
    const pos = await get<DynamicRentTrend>(`/api/rent-trends/dynamic?months=${thisMonth},${thisMonth}&channel=5`);
    expect(pos.data.months[0]?.collected).toBe(12_345);
  });

  it('refuses a range backwards or longer than 36 months, and users without the page', async () => {
    expect((await get('/api/rent-trends/static?months=2026-05,2026-01')).msg).toContain('开始月份不能晚于结束月份');
    expect((await get('/api/rent-trends/static?months=2020-01,2026-01')).msg).toContain('不能超过36个月');
    expect((await get('/api/rent-trends/dynamic?months=2026-1,2026-02')).msg).toContain('应为“开始月份,结束月份”');
    const ops = await ctx.login('ops', 'ops123');
    expect((await get('/api/rent-trends/static', ops)).code).toBe(403);
    expect((await get('/api/rent-trends/dynamic', ops)).code).toBe(403);
  });

  it('shows another branch company none of this one’s money', async () => {
    const shanghai = await ctx.loginToOtherTenant();
    const mine = await get<DynamicRentTrend>(`/api/rent-trends/dynamic?months=${thisMonth},${thisMonth}`);
    const theirs = await get<DynamicRentTrend>(`/api/rent-trends/dynamic?months=${thisMonth},${thisMonth}`, shanghai);
    expect(theirs.data.byChannel.find((row) => row.name === 'POS刷卡')).toBeUndefined();
    expect(mine.data.byChannel.find((row) => row.name === 'POS刷卡')).toBeTruthy();
  });
});
