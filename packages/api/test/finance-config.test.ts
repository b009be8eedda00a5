import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ImportBatchResult, PageResult } from '@cp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTemplate } from '../src/files/templates';
import { type CellValue, XlsxWriter } from '../src/xlsx/writer';
import { callsAs } from './calls';
import { multipart } from './files-support';
import { startTestApp, type TestContext } from './harness';

type Row = Record<string, unknown> & { id: string; version: number };
type Option = { label: string; value: string };

let ctx: TestContext;
let admin: string;
let ops: string;
let codes: Map<string, string>;
let roleId: string;
const folder = mkdtempSync(path.join(tmpdir(), 'cp-finance-config-'));

const { get, send } = callsAs<PageResult<Row>, Row>(() => ({ ctx, token: admin }));

let sheets = 0;
async function upload(rows: readonly CellValue[][], token = admin) {
  const file = path.join(folder, `codes-${++sheets}.xlsx`);
  const writer = new XlsxWriter(file, importTemplate('financialCode')?.columns ?? []);
  for (const row of rows) writer.addRow(row);
  await writer.finish();
  return ctx.request<ImportBatchResult>({
    method: 'POST',
    url: '/api/financial-codes/import',
    token,
    ...multipart([{ name: '科目表.xlsx', content: readFileSync(file) }]),
  });
}

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
  ops = await ctx.login('ops', 'ops123');
  const options = await get<Option[]>('/api/lookups/financial-codes');
  codes = new Map(options.data.map((option) => [option.label.split(' ')[0] as string, option.value]));
  const roles = await get<Option[]>('/api/lookups/roles');
  roleId = String(roles.data[0]?.value);
});
afterAll(async () => {
  await ctx.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('财务编码导入', () => {
  it('keeps the good rows of an upload, skips codes already kept and says why a row is refused', async () => {
    const result = await upload([
      ['112206', '应收账款-保险理赔', '资产', '借', '是', null],
      ['1002', '银行存款', '资产', '借', '是', null],
      ['11A2', '坏编码', '资产', '借', '是', null],
      ['112207', '应收账款-其他', '收入', '借', '是', null],
      ['112206', '重复的行', '资产', '借', '是', null],
    ]);
    expect(result.msg).toBe('success');
    expect(result.data).toMatchObject({ rows: 5, imported: 1, duplicates: 2, refused: 2 });
    const rows = await get(
      `/api/financial-code-imports-rows/views/financialCodeImportRows?batchId=${result.data.batchId}&limit=10`,
    );
    const outcome = Object.fromEntries(rows.data.list.map((row) => [row.rowNumber, [row.outcome, row.message]]));
    expect(outcome[2]?.[0]).toBe(1);
    expect(outcome[3]?.[0]).toBe(2);
    expect(outcome[4]).toEqual([3, '科目编码应为4位一级科目编码，每下一级加2位，如“112201”']);
    expect(outcome[5]).toEqual([3, expect.stringContaining('科目类别')]);
    expect(outcome[6]?.[0]).toBe(2);
    const saved = await get('/api/financial-codes?code=112206');
    expect(saved.data.list).toMatchObject([{ code: '112206', name: '应收账款-保险理赔', category: 1, direction: 1 }]);
    // 导入记录 lists the upload, newest first.
    const batches = await get('/api/financial-code-imports?limit=1');
    expect(batches.data.list[0]).toMatchObject({ id: result.data.batchId, imported: 1, refused: 2, status: 1 });
  });

  it('has no create, edit or delete, and ops may not upload', async () => {
    const created = await send('POST', '/api/financial-codes', {
      code: '9999',
      name: '手工',
      category: 1,
      direction: 1,
      enabled: true,
    });
    expect(created.code).toBe(404);
    const refused = await upload([['112208', '应收账款-x', '资产', '借', '是', null]], ops);
    expect(refused.code).toBe(403);
  });
});

describe('交易名称配置', () => {
  const posting = () => ({
    name: '保险理赔收款',
    direction: 2,
    receivableKind: 11,
    debitCodeId: codes.get('100202'),
    creditCodeId: codes.get('112205'),
    enabled: true,
  });

  it('saves a posting with its required fields and names its codes', async () => {
    const saved = await send('POST', '/api/transaction-names', posting());
    expect(saved.msg).toBe('success');
    const listed = await get(`/api/transaction-names?name=${encodeURIComponent('保险理赔')}`);
    expect(listed.data.list[0]).toMatchObject({
      debitCodeName: '100202 银行存款-收款专户',
      creditCodeName: '112205 应收账款-代垫费用',
    });
  });

  it('refuses a second posting of one transaction type and kind, the same code twice, a stopped code', async () => {
    const again = await send('POST', '/api/transaction-names', { ...posting(), name: '另一个名称' });
    expect(again.msg).toBe('收款的该应收类型已配置为「保险理赔收款」');
    const same = await send('POST', '/api/transaction-names', {
      ...posting(),
      name: '同科目',
      direction: 3,
      creditCodeId: codes.get('100202'),
    });
    expect(same.msg).toBe('贷方科目：不能与借方科目相同');
    const stopped = await upload([['112299', '应收账款-停用', '资产', '借', '否', null]]);
    expect(stopped.data.imported).toBe(1);
    const list = await get('/api/financial-codes?code=112299');
    const code = list.data.list[0]?.id as string;
    const refused = await send('POST', '/api/transaction-names', {
      ...posting(),
      name: '停用科目',
      direction: 3,
      debitCodeId: code,
    });
    expect(refused.msg).toBe('借方科目：科目 112299 已停用');
    // Nothing of the refused saves was kept.
    const all = await get(`/api/transaction-names?name=${encodeURIComponent('科目')}`);
    expect(all.data.list).toEqual([]);
  });

  it('two saves racing for one type and kind keep one', async () => {
    const body = (name: string) => ({ ...posting(), name, direction: 4, receivableKind: 10 });
    const answers = await Promise.all([
      send('POST', '/api/transaction-names', body('并发一')),
      send('POST', '/api/transaction-names', body('并发二')),
    ]);
    expect(answers.filter((answer) => answer.msg === 'success')).toHaveLength(1);
    // The loser is told the kind is taken, by the check or by the unique index it raced past.
    expect(answers.find((answer) => answer.msg !== 'success')?.msg).toMatch(/已配置为「并发[一二]」|应收类型.*已存在/);
  });
});

describe('坏账分级配置', () => {
  it('refuses a range overlapping another level, naming it, and an end before its start', async () => {
    const overlap = await send('POST', '/api/bad-debt-levels', {
      name: 'M2a',
      minDays: 45,
      maxDays: 50,
      badDebt: false,
      lateFeeRate: 5,
      collectorRoleId: roleId,
    });
    expect(overlap.msg).toBe('逾期天数与等级「M2」（31–60天）重叠');
    const open = await send('POST', '/api/bad-debt-levels', {
      name: 'M9',
      minDays: 900,
      badDebt: true,
      lateFeeRate: 0,
      collectorRoleId: roleId,
    });
    expect(open.msg).toBe('逾期天数与等级「M3+」（91天以上）重叠');
    const levels = await get('/api/bad-debt-levels?limit=10');
    const first = levels.data.list[0] as Row;
    const backwards = await send('PUT', `/api/bad-debt-levels/${first.id}`, {
      name: 'x',
      minDays: 20,
      maxDays: 10,
      badDebt: false,
      lateFeeRate: 0,
      collectorRoleId: roleId,
      version: first.version,
    });
    expect(backwards.msg).toBe('逾期天数止：应不小于逾期天数起');
  });

  it('moves a level’s range when nothing else holds those days', async () => {
    const list = await get('/api/bad-debt-levels?limit=10');
    const top = list.data.list.find((row) => row.name === 'M3+') as Row;
    const shrunk = await send('PUT', `/api/bad-debt-levels/${top.id}`, {
      name: 'M3+',
      minDays: 91,
      maxDays: 180,
      badDebt: true,
      lateFeeRate: 10,
      collectorRoleId: top.collectorRoleId,
      version: top.version,
    });
    expect(shrunk.msg).toBe('success');
    const answers = await Promise.all(
      ['M4', 'M5'].map((name) =>
        send('POST', '/api/bad-debt-levels', {
          name,
          minDays: 181,
          badDebt: true,
          lateFeeRate: 10,
          collectorRoleId: roleId,
        }),
      ),
    );
    // Two saves racing for the free days: one keeps them, the other is told whose they are.
    expect(answers.map((answer) => answer.msg).sort()).toEqual([
      'success',
      expect.stringMatching(/^逾期天数与等级「M[45]」（181天以上）重叠$/),
    ]);
  });

  it('is refused to a user without the page', async () => {
    const refused = await get('/api/bad-debt-levels', ops);
    expect(refused.code).toBe(403);
  });
});
