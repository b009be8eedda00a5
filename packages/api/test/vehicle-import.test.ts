import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type PageResult, vinCheckDigit } from '@cp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTemplate } from '../src/files/templates';
import { type CellValue, XlsxWriter } from '../src/xlsx/writer';
import { callsAs } from './calls';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
let admin: string;
const folder = mkdtempSync(path.join(tmpdir(), 'cp-vehicle-import-'));

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 12 });
  admin = await ctx.login('admin', 'admin123');
});
afterAll(async () => {
  await ctx.close();
  rmSync(folder, { recursive: true, force: true });
});

const vin = (serial: number) => {
  const draft = `lgxce4cb0p${String(serial).padStart(7, '0')}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft.toUpperCase()).toLowerCase()}${draft.slice(9)}`;
};

let sheets = 0;
/** A filled-in 车辆导入模板: its header, then `rows` by header (columns not given stay empty). */
async function sheet(rows: Record<string, CellValue>[]) {
  const columns = importTemplate('vehicle')?.columns ?? [];
  const file = path.join(folder, `vehicles-${++sheets}.xlsx`);
  const writer = new XlsxWriter(file, columns);
  for (const row of rows) writer.addRow(columns.map((column) => row[column.header] ?? ''));
  await writer.finish();
  return readFileSync(file);
}

const { upload } = callsAs(() => ({ ctx, token: admin }));
const send = async (rows: Record<string, CellValue>[]) =>
  upload<{ imported: number; skipped: number; problems?: { row: number; field: string; message: string }[] }>(
    '/api/vehicles/import',
    { name: '车辆.xlsx', content: await sheet(rows) },
  );

const row = (serial: number, extra: Record<string, CellValue> = {}) => ({
  车牌号: `京ad${String(serial).padStart(5, '0')}`,
  车架号: vin(serial),
  车型: '秦PLUS EV 2023款 510km',
  能源类型: '纯电动',
  城市: '北京市',
  所属公司: '北京CP汽车租赁有限公司',
  '采购价（元）': '129800.5',
  注册日期: '2024/3/1',
  '里程（公里）': '12',
  标签: '网约车、新能源',
  ...extra,
});

describe('vehicle import (车辆列表 → 导入)', () => {
  it('takes the list’s fields by their titles, names for the model, city and company, in capitals', async () => {
    const headers = importTemplate('vehicle')?.columns.map((column) => column.header) ?? [];
    expect(headers.slice(0, 6)).toEqual(['车牌号', '车架号', '发动机号', '车型', '颜色', '能源类型']);
    expect(headers).toContain('采购价（元）');
    expect(await send([row(1), row(2, { 车牌号: '' })])).toMatchObject({ code: 0, data: { imported: 2, skipped: 0 } });
    const found = await ctx.request<PageResult<Record<string, unknown>>>({
      method: 'GET',
      url: `/api/vehicles?vin=${vin(1).toUpperCase()}`,
      token: admin,
    });
    const [imported] = found.data.list;
    expect(imported).toMatchObject({
      plateNo: '京AD00001',
      vin: vin(1).toUpperCase(),
      modelName: '秦PLUS EV 2023款 510km',
      cityName: '北京市',
      companyName: '北京CP汽车租赁有限公司',
      stage: 0,
      labels: ['网约车', '新能源'],
    });
    const detail = await ctx.request<Record<string, unknown>>({
      method: 'GET',
      url: `/api/vehicles/${imported?.id}`,
      token: admin,
    });
    expect(detail.data).toMatchObject({ purchasePrice: 12980050, registrationDate: '2024-03-01', brandName: '比亚迪' });
  });

  it('skips a VIN already kept, so importing a sheet again adds nothing', async () => {
    expect(await send([row(1), row(3)])).toMatchObject({ code: 0, data: { imported: 1, skipped: 1 } });
    expect(await send([row(3)])).toMatchObject({ code: 0, data: { imported: 0, skipped: 1 } });
  });

  it('names each row a plate already taken, a model or a company it does not know, and saves nothing', async () => {
    const response = await send([
      row(10, { 车牌号: '京AD00001' }),
      row(11, { 车型: '不存在的车型' }),
      row(12, { 所属公司: '上海CP汽车租赁有限公司' }),
      row(13, { 车牌号: '京AD00013' }),
      row(14, { 车牌号: '京ad00013' }),
    ]);
    expect(response.code).toBe(1000);
    expect(response.data.problems).toEqual([
      { row: 3, field: '车型', message: '「不存在的车型」不存在' },
      { row: 4, field: '所属公司', message: '「上海CP汽车租赁有限公司」不存在' },
    ]);
    const unique = await send([
      row(10, { 车牌号: '京AD00001' }),
      row(13, { 车牌号: '京AD00013' }),
      row(14, { 车牌号: '京ad00013' }),
    ]);
    expect(unique.data.problems).toEqual([
      { row: 2, field: '车牌号', message: '「京AD00001」已存在' },
      { row: 4, field: '车牌号', message: '与第3行重复' },
    ]);
    const kept = await ctx.request<PageResult<unknown>>({
      method: 'GET',
      url: `/api/vehicles?vin=${vin(13).toUpperCase()}`,
      token: admin,
    });
    expect(kept.data.total).toBe(0);
  });
});
