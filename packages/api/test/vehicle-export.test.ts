import type { DownloadLink, DownloadRecordDto, PageResult } from '@cp/contracts';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 18 });
  admin = await ctx.login('admin', 'admin123');
});
afterAll(() => ctx.close());

const cellTexts = (xlsx: Buffer) => {
  const sheet = new TextDecoder().decode(unzipSync(xlsx)['xl/worksheets/sheet1.xml']);
  return [...sheet.matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((match) => match[1] ?? '');
};

/**
 * Exports `kind` with `filters` through the download center as a user would: queued under a name matching
 * `name`, run, listed as 已完成 with `rows` rows, then downloaded; answers the sheet's cell texts.
 */
async function exportCells(kind: string, filters: Record<string, string>, name: RegExp, rows: number) {
  const queued = await ctx.request<DownloadRecordDto>({
    method: 'POST',
    url: '/api/exports',
    token: admin,
    payload: { kind, filters },
  });
  expect(queued.data.name).toMatch(name);
  await ctx.app.jobs.runUntilIdle();
  const records = await ctx.request<PageResult<DownloadRecordDto>>({
    method: 'GET',
    url: '/api/download-records',
    token: admin,
  });
  expect(records.data.list.find((row) => row.id === queued.data.id)).toMatchObject({
    statusLabel: '已完成',
    rowCount: rows,
  });
  const link = await ctx.request<DownloadLink>({
    method: 'GET',
    url: `/api/download-records/${queued.data.id}/url`,
    token: admin,
  });
  return cellTexts((await ctx.app.inject({ method: 'GET', url: link.data.url })).rawPayload);
}

describe('vehicle export', () => {
  it('writes the filtered vehicles with Chinese headers, names and labels', async () => {
    const list = await ctx.request<{ list: Record<string, string>[]; total: number }>({
      method: 'GET',
      url: '/api/vehicles?stage=5&limit=500',
      token: admin,
    });
    const texts = await exportCells('vehicleList', { stage: '5' }, /^车辆列表_\d{14}$/, list.data.total);
    expect(texts.slice(0, 4)).toEqual(['车牌号', '车架号', '车型', '能源类型']);
    const first = list.data.list[0] as Record<string, string>;
    expect(texts).toEqual(
      expect.arrayContaining([first.plateNo, first.vin, first.modelName, first.cityName, '租赁中']),
    );
    expect(texts).not.toContain('待验车');
  });

  it('exports a record list (violations) with the vehicle plate, labels and the list filters', async () => {
    const list = await ctx.request<{ list: Record<string, unknown>[]; total: number }>({
      method: 'GET',
      url: '/api/vehicle-violations?status=2&limit=500',
      token: admin,
    });
    const texts = await exportCells('violationManagement', { status: '2' }, /^违章管理_\d{14}$/, list.data.total);
    expect(texts.slice(0, 3)).toEqual(['车牌号', '违章时间', '违章地点']);
    expect(texts).toContain('已处理');
    expect(texts).not.toContain('未处理');
  });
});
