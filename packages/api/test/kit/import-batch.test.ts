import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ImportBatchResult, PageResult } from '@cp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CellValue, XlsxWriter } from '../../src/xlsx/writer';
import { callsAs } from '../calls';
import { multipart } from '../files-support';
import type { TestContext } from '../harness';
import { batchFixtureTemplate, type Fixture, type KitRefs, loadRefs, startKitApp } from './fixture';

let ctx: TestContext;
let admin: string;
let shanghai: string;
let refs: KitRefs;
const folder = mkdtempSync(path.join(tmpdir(), 'cp-kit-batch-'));

beforeAll(async () => {
  ctx = await startKitApp();
  admin = await ctx.login('admin', 'admin123');
  shanghai = await ctx.loginToOtherTenant();
  refs = await loadRefs(ctx, admin, shanghai);
});
afterAll(async () => {
  await ctx.close();
  rmSync(folder, { recursive: true, force: true });
});

let sheets = 0;
async function workbook(rows: readonly CellValue[][], columns = batchFixtureTemplate.columns) {
  const file = path.join(folder, `sheet-${++sheets}.xlsx`);
  const writer = new XlsxWriter(file, columns);
  for (const row of rows) writer.addRow(row);
  await writer.finish();
  return readFileSync(file);
}
const { get, upload } = callsAs(() => ({ ctx, token: admin }));
const send = async (rows: readonly CellValue[][], token = admin, name = '批量条目.xlsx') =>
  upload<ImportBatchResult>('/api/kit-batch-fixtures/import', { name, content: await workbook(rows) }, token);
const resultsOf = async (batchId: string, token = admin) =>
  (
    await get<PageResult<Record<string, unknown>>>(`/api/kit-batch-imports-rows?batchId=${batchId}&limit=100`, token)
  ).data.list.map(({ rowNumber, outcome, message, recordId }) => ({ rowNumber, outcome, message, recordId }));
const saved = async (code: string) =>
  (await get<PageResult<Fixture>>(`/api/kit-batch-fixtures?code=${code}`)).data.list.find((row) => row.code === code);

/** 编号, 序列号, 数量, 单价（元）, 开始日期, 发生时间, 类别, 是否启用, 所属公司, 城市, 角色, 标签, 备注. */
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
    refs.roles[0]?.label,
    '新车',
    '',
  ];
  for (const [index, value] of Object.entries(changes)) cells[Number(index)] = value;
  return cells;
};

describe('an import checked row by row and kept as a batch', () => {
  it('saves the good rows, skips duplicates, refuses bad rows with why, and keeps every row’s result', async () => {
    expect((await send([row('BT-OLD')])).data).toMatchObject({ imported: 1 });
    const answer = await send([
      row('BT-1'),
      row('BT-2', { 2: 0 }),
      row('BT-1', { 2: 9 }),
      row('BT-OLD'),
      row('BT-3', { 1: 'SN-BT-OLD' }),
      row('BT-4', { 12: '拒收' }),
      row('BT-5', { 12: '作废' }),
      row('', { 8: '' }),
      row('BT-6', { 12: '挂起' }),
    ]);
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({ rows: 9, imported: 2, duplicates: 3, refused: 4 });
    const results = await resultsOf(answer.data.batchId);
    const first = await saved('BT-1');
    const fifth = await saved('BT-5');
    expect(results).toEqual([
      { rowNumber: 2, outcome: 1, message: '', recordId: Number(first?.id) },
      { rowNumber: 3, outcome: 3, message: '数量应为1到999的整数', recordId: null },
      { rowNumber: 4, outcome: 2, message: '与第2行重复', recordId: null },
      { rowNumber: 5, outcome: 2, message: '与已有数据重复', recordId: null },
      { rowNumber: 6, outcome: 3, message: '序列号「SN-BT-OLD」已存在', recordId: null },
      { rowNumber: 7, outcome: 3, message: '备注为拒收，不导入', recordId: null },
      { rowNumber: 8, outcome: 1, message: '已标记为已归档', recordId: Number(fifth?.id) },
      { rowNumber: 9, outcome: 3, message: '编号不能为空；所属公司不能为空', recordId: null },
      { rowNumber: 10, outcome: 2, message: '备注为挂起，视同已有', recordId: null },
    ]);
    expect(first).toMatchObject({ quantity: 3, status: 0 });
    expect(fifth?.status).toBe(2);
    expect(await saved('BT-2')).toBeUndefined();
    expect(await saved('BT-4')).toBeUndefined();
    expect(await saved('BT-6')).toBeUndefined();
  });

  it('lists the batches newest first with file, who, counts and status, readable by id', async () => {
    const answer = await send([row('BL-1'), row('BL-1')], admin, '第二批.xlsx');
    const { data } = await get<PageResult<Record<string, unknown>>>('/api/kit-batch-imports');
    expect(data.list[0]).toMatchObject({
      id: answer.data.batchId,
      fileName: '第二批.xlsx',
      createdByName: '系统管理员',
      rows: 2,
      imported: 1,
      duplicates: 1,
      refused: 0,
      status: 1,
    });
    const one = await get<Record<string, unknown>>(`/api/kit-batch-imports/${answer.data.batchId}`);
    expect(one.data).toMatchObject({ fileName: '第二批.xlsx', status: 1 });
    expect(typeof one.data.finishedAt).toBe('string');
  });

  it("keeps each branch company's batches and rows its own", async () => {
    const ours = await send([row('TN-1')]);
    const theirs = await get<PageResult<Record<string, unknown>>>('/api/kit-batch-imports', shanghai);
    expect(theirs.data.list.map((batch) => batch.id)).not.toContain(ours.data.batchId);
    expect(await get(`/api/kit-batch-imports/${ours.data.batchId}`, shanghai)).toMatchObject({ code: 404 });
    expect(await resultsOf(ours.data.batchId, shanghai)).toEqual([]);
    // The same 编号 is new in the other branch company.
    const foreign = await send([row('TN-1', { 8: refs.foreignCompany.label, 9: '', 10: '' })], shanghai);
    expect(foreign.data).toMatchObject({ imported: 1, duplicates: 0 });
  });

  it('refuses a file that is not the template as a whole, keeping no batch', async () => {
    const before = (await get<PageResult<unknown>>('/api/kit-batch-imports')).data.total;
    const wrong = await ctx.request({
      method: 'POST',
      url: '/api/kit-batch-fixtures/import',
      token: admin,
      ...multipart([{ name: 'x.xlsx', content: await workbook([['A-1']], [{ header: '代码' }]) }]),
    });
    expect(wrong).toMatchObject({ code: 400, msg: '模板表头不符：第1列应为「编号」，实际为「代码」，请下载最新模板' });
    const notExcel = await ctx.request({
      method: 'POST',
      url: '/api/kit-batch-fixtures/import',
      token: admin,
      ...multipart([{ name: 'x.xlsx', content: Buffer.from('PK\u0003\u0004 not a workbook') }]),
    });
    expect(notExcel.code).toBe(400);
    expect((await get<PageResult<unknown>>('/api/kit-batch-imports')).data.total).toBe(before);
  });

  it('imports a file sent twice at once once: the second finds every row a duplicate', async () => {
    const rows = [row('RC-1'), row('RC-2'), row('RC-3')];
    const answers = await Promise.all([send(rows), send(rows)]);
    expect(answers.map((answer) => answer.data.imported).sort()).toEqual([0, 3]);
    expect(answers.map((answer) => answer.data.duplicates).sort()).toEqual([0, 3]);
  });

  it('answers 403 to a user without the 上传日志 menu, to the batches and to their rows', async () => {
    const ops = await ctx.login('ops', 'ops123');
    expect(await get('/api/kit-batch-imports', ops)).toMatchObject({ code: 403 });
    expect(await get('/api/kit-batch-imports-rows?batchId=1', ops)).toMatchObject({ code: 403 });
  });
});
