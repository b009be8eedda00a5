import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  beijingDay,
  type DownloadLink,
  type DownloadRecordDto,
  type DynamicRentTrend,
  type PageResult,
} from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './harness';
import { columnOf, readCells, type SheetCell } from './xlsx-cells';

let ctx: TestContext;
let admin: string;
const folder = mkdtempSync(path.join(tmpdir(), 'cp-export-money-'));
const year = Number(beijingDay(new Date()).slice(0, 4));
/** Last year and this one: the demo's lease books fall due in them. */
const months = `${year - 1}-01,${year}-12`;

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 12 });
  admin = await ctx.login('admin', 'admin123');
});
afterAll(async () => {
  await ctx.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Exports `kind` with `filters` as the console asks for it, and reads the produced file's cells. */
async function exported(kind: string, filters: Record<string, unknown> = {}): Promise<Map<string, SheetCell>> {
  const queued = await ctx.request<DownloadRecordDto>({
    method: 'POST',
    url: '/api/exports',
    token: admin,
    payload: { kind, filters },
  });
  expect(queued.code, queued.msg).toBe(0);
  await ctx.app.jobs.runUntilIdle();
  const link = await ctx.request<DownloadLink>({
    method: 'GET',
    url: `/api/download-records/${queued.data.id}/url`,
    token: admin,
  });
  expect(link.code, link.msg).toBe(0);
  const response = await ctx.app.inject({ method: 'GET', url: link.data.url });
  const file = path.join(folder, `${kind}.xlsx`);
  writeFileSync(file, response.rawPayload);
  return readCells(file);
}

const yuanFormat = '"¥"#,##0.00';

describe('money in exports', () => {
  it('writes a family’s money field as a number in yuan with the ¥ format, and its moment as a date', async () => {
    const vehicles = await ctx.request<PageResult<{ id: string; plateNo: string }>>({
      method: 'GET',
      url: '/api/vehicles?page=1&limit=50',
      token: admin,
    });
    // A plated car: the export is filtered by its plate (a car still being prepared has none).
    const vehicle = vehicles.data.list.find((candidate) => candidate.plateNo);
    const created = await ctx.request({
      method: 'POST',
      url: '/api/vehicle-violations',
      token: admin,
      payload: {
        vehicleId: vehicle?.id,
        occurredAt: new Date().toISOString(),
        place: '建国路双井桥东',
        item: '违停',
        fine: 12_345,
      },
    });
    expect(created.code, created.msg).toBe(0);

    const cells = await exported('violationManagement', { plateNo: vehicle?.plateNo });
    const fine = columnOf(cells, '罚款（元）');
    expect(cells.get(`${fine}2`)).toEqual({ number: true, value: '123.45', format: yuanFormat });
    expect(cells.get(`${columnOf(cells, '违章时间')}2`)).toMatchObject({ number: true, format: 'yyyy-mm-dd hh:mm:ss' });
    // Text stays text, without a number format.
    expect(cells.get(`${columnOf(cells, '车牌号')}2`)).toEqual({
      number: false,
      value: vehicle?.plateNo,
      format: 'General',
    });
  });

  it('writes 动态租金趋势’s money as numbers in yuan with the ¥ format, as the page shows them, month by month', async () => {
    // What the hourly job adds up (rent_month_dues / _collections), for a month of this year in 北京.
    const month = `${year}-03`;
    await ctx.database.db.execute(sql`
      insert into rent_month_dues (tenant_id, month, city_id, scheduled, due, overdue, orders)
      select t.id, ${month}, c.id, 1000000, 1234567, 20050, 3 from tenants t, cities c
      where t.code = 'BJ' and c.name = '北京市'
      on conflict (tenant_id, month, city_id) do update set due = excluded.due, overdue = excluded.overdue`);
    await ctx.database.db.execute(sql`
      insert into rent_month_collections (tenant_id, month, city_id, channel, collected)
      select t.id, ${month}, c.id, 1, 800001 from tenants t, cities c where t.code = 'BJ' and c.name = '北京市'
      on conflict (tenant_id, month, city_id, channel) do update set collected = excluded.collected`);
    const trend = await ctx.request<DynamicRentTrend>({
      method: 'GET',
      url: `/api/rent-trends/dynamic?months=${months}`,
      token: admin,
    });
    expect(trend.code, trend.msg).toBe(0);
    expect(trend.data.months.find((row) => row.month === month)).toMatchObject({ due: 1_234_567, collected: 800_001 });
    const cells = await exported('dynamicRentTrend', { months });
    const [monthColumn, due, collected, overdue] = ['月份', '应收（元）', '实收（元）', '逾期未收（元）'].map((title) =>
      columnOf(cells, title),
    );
    for (const [index, expected] of trend.data.months.entries()) {
      const row = index + 2;
      expect(cells.get(`${monthColumn}${row}`)?.value).toBe(expected.month);
      for (const [column, fen] of [
        [due, expected.due],
        [collected, expected.collected],
        [overdue, expected.overdue],
      ] as const) {
        const cell = cells.get(`${column}${row}`);
        expect(cell, `${expected.month} ${column}`).toMatchObject({ number: true, format: yuanFormat });
        expect(Number(cell?.value)).toBe(fen / 100);
      }
    }
    const march = trend.data.months.findIndex((row) => row.month === month) + 2;
    expect(cells.get(`${due}${march}`)?.value).toBe('12345.67');
  });
});
