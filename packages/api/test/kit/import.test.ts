import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/migrate';
import { type CellValue, XlsxWriter } from '../../src/xlsx/writer';
import { callsAs } from '../calls';
import { multipart } from '../files-support';
import { type TestContext, withdrawButton } from '../harness';
import { type Fixture, fixtureTemplate, type KitRefs, loadRefs, startKitApp } from './fixture';

interface Problem {
  row: number;
  field: string;
  message: string;
}

let ctx: TestContext;
let admin: string;
let refs: KitRefs;
const folder = mkdtempSync(path.join(tmpdir(), 'cp-kit-import-'));

beforeAll(async () => {
  ctx = await startKitApp();
  admin = await ctx.login('admin', 'admin123');
  refs = await loadRefs(ctx, admin, await ctx.loginToOtherTenant());
});
afterAll(async () => {
  await ctx.close();
  rmSync(folder, { recursive: true, force: true });
});

let sheets = 0;
async function workbook(rows: readonly CellValue[][], columns = fixtureTemplate.columns) {
  const file = path.join(folder, `sheet-${++sheets}.xlsx`);
  const writer = new XlsxWriter(file, columns);
  for (const row of rows) writer.addRow(row);
  await writer.finish();
  return readFileSync(file);
}
const { upload } = callsAs(() => ({ ctx, token: admin }));
const send = async (rows: readonly CellValue[][], token = admin) =>
  upload<{ imported: number; skipped: number; problems?: Problem[]; total?: number }>(
    '/api/kit-fixtures/import',
    { name: '条目.xlsx', content: await workbook(rows) },
    token,
  );
const detailOf = async (code: string) => {
  const { data } = await ctx.request<PageResult<Fixture>>({
    method: 'GET',
    url: `/api/kit-fixtures?code=${code}`,
    token: admin,
  });
  const id = data.list[0]?.id;
  return id ? (await ctx.request<Fixture>({ method: 'GET', url: `/api/kit-fixtures/${id}`, token: admin })).data : null;
};
const count = async () => {
  const result = await ctx.database.db.execute(sql`select count(*)::int as n from kit_fixtures`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n);
};

/** A row filling every column: 编号, 序列号, 数量, 单价（元）, 开始日期, 发生时间, 类别, 是否启用, 所属公司, 城市, 角色, 标签, 备注. */
const row = (code: string, changes: Partial<Record<number, CellValue>> = {}): CellValue[] => {
  const cells: CellValue[] = [
    code,
    `SN-${code}`,
    3,
    12.5,
    '2025-06-01',
    '2025-06-01 08:30',
    '加急',
    '是',
    refs.companies[0]?.label,
    refs.cities[0]?.label,
    `${refs.roles[0]?.label}、${refs.roles[1]?.label}`,
    '新车，长租',
    '导入的',
  ];
  for (const [index, value] of Object.entries(changes)) cells[Number(index)] = value;
  return cells;
};

describe('the import template', () => {
  it('has a column per imported field, an example row and a 说明 sheet', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/gateway/storage/templates/kitFixture',
      headers: { token: admin },
    });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-disposition'])).toContain(encodeURIComponent('测试条目导入模板.xlsx'));
    const entries = unzipSync(response.rawPayload);
    const cellsOf = (entry: string, line: number) => {
      const xml = new TextDecoder().decode(entries[entry]);
      const rowXml = new RegExp(`<row r="${line}">(.*?)</row>`).exec(xml)?.[1] ?? '';
      return [...rowXml.matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((match) => match[1]);
    };
    const headers = ['编号', '序列号', '数量', '单价（元）', '开始日期', '发生时间', '类别', '是否启用'];
    expect(cellsOf('xl/worksheets/sheet1.xml', 1)).toEqual([...headers, '所属公司', '城市', '角色', '标签', '备注']);
    expect(cellsOf('xl/worksheets/sheet1.xml', 2)).toEqual(['KF-0001']);
    const notes = Array.from({ length: 14 }, (_, i) => cellsOf('xl/worksheets/sheet2.xml', i + 2));
    expect(notes).toEqual(
      expect.arrayContaining([
        ['编号', '是'],
        ['所属公司', '是'],
        ['数量', '否', '整数'],
        ['单价（元）', '否', '金额（元），最多两位小数'],
        ['开始日期', '否', '日期，如2026-11-01'],
        ['发生时间', '否', '时间，如2026-11-01 08:30'],
        ['类别', '否', '可填：普通、加急'],
        ['是否启用', '否', '是或否'],
        ['角色', '否', '多个以、分隔'],
        ['标签', '否', '多个以、分隔'],
      ]),
    );
  });
});

describe('importing a sheet', () => {
  it('imports every kind of cell as the form would save it, skipping the example row', async () => {
    const excelDate = (Date.UTC(2025, 5, 1) - Date.UTC(1899, 11, 30)) / 86_400_000;
    const response = await send([['KF-0001'], row('IM-1'), row('IM-2', { 4: excelDate, 7: '否', 10: '', 11: '' })]);
    expect(response).toMatchObject({ code: 0, data: { imported: 2, skipped: 0 } });
    expect(await detailOf('IM-1')).toMatchObject({
      serial: 'SN-IM-1',
      quantity: 3,
      price: 1250,
      startDate: '2025-06-01',
      happenedAt: '2025-06-01T00:30:00.000Z',
      category: 1,
      status: 0,
      active: true,
      companyId: refs.companies[0]?.value,
      cityId: refs.cities[0]?.value,
      roleNames: [refs.roles[0]?.label, refs.roles[1]?.label],
      labels: ['新车', '长租'],
      remark: '导入的',
    });
    expect(await detailOf('IM-2')).toMatchObject({ startDate: '2025-06-01', active: false, roleIds: [], labels: [] });
    expect(await detailOf('KF-0001')).toBeNull();
    const audit = await ctx.database.db.execute(
      sql`select changes from audit_log where entity = 'kitFixture' and action = 'import' order by id desc limit 1`,
    );
    expect(rowsOf<{ changes: object }>(audit)[0]?.changes).toMatchObject({
      fileName: { to: '条目.xlsx' },
      imported: { to: 2 },
      skipped: { to: 0 },
    });
  });

  it('skips rows whose 编号 is kept or earlier in the sheet, so a second import adds nothing', async () => {
    const rows = [row('DUP-1'), row('DUP-2'), row('DUP-1', { 2: 9 })];
    expect((await send(rows)).data).toEqual({ imported: 2, skipped: 1 });
    const before = await count();
    expect((await send(rows)).data).toEqual({ imported: 0, skipped: 3 });
    expect(await count()).toBe(before);
    expect((await detailOf('DUP-1'))?.quantity).toBe(3);
  });

  it('imports a sheet sent twice at once only once', async () => {
    const rows = [row('TWICE-1'), row('TWICE-2')];
    const answers = await Promise.all([send(rows), send(rows)]);
    expect(answers.map((answer) => answer.data).sort((a, b) => a.imported - b.imported)).toEqual([
      { imported: 0, skipped: 2 },
      { imported: 2, skipped: 0 },
    ]);
  });

  it('names each row whose unique 序列号 another row holds, and saves none', async () => {
    const before = await count();
    const response = await send([
      row('UQ-1', { 1: 'SN-IM-1' }),
      row('UQ-2', { 1: 'SN-9' }),
      row('UQ-3', { 1: 'SN-9' }),
    ]);
    expect(response).toMatchObject({ code: 1000 });
    expect(response.data.problems).toEqual([
      { row: 2, field: '序列号', message: '「SN-IM-1」已存在' },
      { row: 4, field: '序列号', message: '与第3行重复' },
    ]);
    expect(await count()).toBe(before);
  });

  it('names every bad cell by row and column, and saves nothing when any is bad', async () => {
    const before = await count();
    const response = await send([
      row('BAD-1'),
      row('BAD-2', { 2: 0, 3: 1.234, 4: '6月1日', 5: '昨天' }),
      row('BAD-3', { 6: '特急', 7: 'Y', 8: refs.foreignCompany.label, 10: `${refs.roles[0]?.label}、保洁` }),
      row('', { 8: '' }),
    ]);
    expect(response.code).toBe(1000);
    expect(response.msg).toBe(
      '导入失败：共10处错误，第3行 数量应为1到999的整数；第3行 单价（元）应为不小于0、最多两位小数的金额；' +
        '第3行 开始日期格式不正确，应如2026-11-01；第3行 发生时间格式不正确，应如2026-11-01 08:30；第4行 类别应为普通或加急；…',
    );
    expect(response.data.total).toBe(10);
    expect(response.data.problems?.slice(5)).toEqual([
      { row: 4, field: '是否启用', message: '应为是或否' },
      { row: 4, field: '所属公司', message: `「${refs.foreignCompany.label}」不存在` },
      { row: 4, field: '角色', message: '「保洁」不存在' },
      { row: 5, field: '编号', message: '不能为空' },
      { row: 5, field: '所属公司', message: '不能为空' },
    ]);
    expect(await count()).toBe(before);
    expect(await detailOf('BAD-1')).toBeNull();
  });

  it('refuses a sheet whose headers are not the template’s', async () => {
    const wrong = await ctx.request({
      method: 'POST',
      url: '/api/kit-fixtures/import',
      token: admin,
      ...multipart([{ name: 'x.xlsx', content: await workbook([['A-1']], [{ header: '代码' }]) }]),
    });
    expect(wrong).toMatchObject({ code: 400, msg: '模板表头不符：第1列应为「编号」，实际为「代码」，请下载最新模板' });
  });

  it('answers 403 to a user without the 导入 button', async () => {
    const ops = await ctx.login('ops', 'ops123');
    await withdrawButton(ctx, admin, 'vehicleOrderOps', 'vehicleList:import');
    expect(await send([row('OPS-1')], ops)).toMatchObject({ code: 403, msg: '无权限' });
    expect(await detailOf('OPS-1')).toBeNull();
  });
});
