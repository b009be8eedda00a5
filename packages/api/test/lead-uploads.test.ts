import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ImportBatchResult, PageResult } from '@cp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocationRules } from '../src/channels/tables';
import { importTemplate } from '../src/files/templates';
import { invalidLeadRuleCities, invalidLeadRules } from '../src/leads/tables';
import { type CellValue, XlsxWriter } from '../src/xlsx/writer';
import { callsAs } from './calls';
import { multipart } from './files-support';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
let admin: string;
let adminId: string;
let allocatedCity: string;
const folder = mkdtempSync(path.join(tmpdir(), 'cp-lead-uploads-'));

type Row = Record<string, unknown> & { id: string; status: number };

const { get, post } = callsAs<PageResult<Row>, Row>(() => ({ ctx, token: admin }));

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
  const staff = await get<{ label: string; value: string }[]>('/api/lookups/tenant-users');
  adminId = String(staff.data.find((user) => user.label === '系统管理员')?.value);
  await ctx.database.db.update(allocationRules).set({ enabled: false });
  await ctx.database.db.delete(invalidLeadRuleCities);
  await ctx.database.db.delete(invalidLeadRules);
  const cities = await get<{ label: string; value: string }[]>('/api/lookups/cities');
  const city = cities.data[3];
  allocatedCity = String(city?.label);
  const rule = await post('/api/allocation-rules', {
    name: '上传测试城市',
    priority: 1,
    cityId: city?.value,
    salespersonIds: [adminId],
    enabled: true,
  });
  expect(rule.msg).toBe('success');
  const blocklist = await post('/api/invalid-lead-rules', {
    name: '黑名单',
    kind: 3,
    mobiles: ['13600000009'],
    enabled: true,
  });
  expect(blocklist.msg).toBe('success');
});
afterAll(async () => {
  await ctx.close();
  rmSync(folder, { recursive: true, force: true });
});

let sheets = 0;
async function upload(rows: readonly CellValue[][], token = admin, name = '线索导入.xlsx') {
  const file = path.join(folder, `sheet-${++sheets}.xlsx`);
  const writer = new XlsxWriter(file, importTemplate('lead')?.columns ?? []);
  for (const row of rows) writer.addRow(row);
  await writer.finish();
  return ctx.request<ImportBatchResult>({
    method: 'POST',
    url: '/api/leads/import',
    token,
    ...multipart([{ name, content: readFileSync(file) }]),
  });
}
/** 联系人, 手机号, 城市, 渠道, 意向业务, 意向客户类型, 备注. */
const row = (name: string, mobile: string, city: CellValue = null): CellValue[] => [
  name,
  mobile,
  city,
  null,
  '网约车租赁',
  '网约车司机',
  null,
];
const resultsOf = async (batchId: string, token = admin) =>
  (await get(`/api/lead-imports-rows/views/uploadLogDetail?batchId=${batchId}&limit=100`, token)).data.list.map(
    ({ rowNumber, outcome, message, recordId }) => ({ rowNumber, outcome, message, recordId }),
  );

describe('上传 of leads', () => {
  let batchId: string;

  it('admits each row as a lead: allocated, duplicates skipped (open leads, earlier rows), bad rows refused, rules marking 无效', async () => {
    const open = await post('/api/leads', { contactName: '已有线索', mobile: '13600000001', business: 0 });
    expect(open.msg).toBe('success');
    const answer = await upload([
      row('张伟', '13600000002', allocatedCity),
      row('重复已有', '13600000001'),
      row('文件内重复', '13600000002'),
      row('黑名单', '13600000009'),
      row('号码错', '123'),
      row('李娜', '13600000003'),
    ]);
    expect(answer.msg).toBe('success');
    expect(answer.data).toMatchObject({ rows: 6, imported: 3, duplicates: 2, refused: 1 });
    batchId = answer.data.batchId;
    const leads = (await get(`/api/leads?batchId=${batchId}&limit=50`)).data.list;
    const byMobile = new Map(leads.map((lead) => [lead.mobile, lead]));
    expect(leads).toHaveLength(3);
    expect(byMobile.get('13600000002')).toMatchObject({ status: 1, source: 1, salespersonId: adminId });
    expect(byMobile.get('13600000009')).toMatchObject({ status: 4, source: 1 });
    expect(byMobile.get('13600000003')).toMatchObject({ status: 0, source: 1, salespersonId: null });
    const id = (mobile: string) => Number(byMobile.get(mobile)?.id);
    expect(await resultsOf(batchId)).toEqual([
      { rowNumber: 2, outcome: 1, message: '按分配规则分配给系统管理员', recordId: id('13600000002') },
      {
        rowNumber: 3,
        outcome: 2,
        message: '手机号13600000001已有未结束的线索（已有线索，待分配）',
        recordId: null,
      },
      { rowNumber: 4, outcome: 2, message: '与本次上传的手机号13600000002重复', recordId: null },
      {
        rowNumber: 5,
        outcome: 1,
        message: '已标记为无效：手机号黑名单（规则「黑名单」）：手机号在黑名单中',
        recordId: id('13600000009'),
      },
      { rowNumber: 6, outcome: 3, message: expect.stringContaining('手机号'), recordId: null },
      { rowNumber: 7, outcome: 1, message: '未匹配分配规则，待分配', recordId: id('13600000003') },
    ]);
    const log = await get<PageResult<{ summary: string }>>(
      `/api/lead-events/views/threadDetailsLog?leadId=${id('13600000002')}`,
    );
    expect(log.data.list.map((event) => event.summary)).toEqual(['按分配规则分配给系统管理员', '上传新增线索']);
  });

  it('lists the batch on 上传日志 with its file, counts and who uploaded it', async () => {
    const batches = (await get('/api/lead-imports')).data.list;
    expect(batches[0]).toMatchObject({
      id: batchId,
      fileName: '线索导入.xlsx',
      rows: 6,
      imported: 3,
      duplicates: 2,
      refused: 1,
      status: 1,
      createdBy: adminId,
    });
    expect((await get<Row>(`/api/lead-imports/${batchId}`)).data).toMatchObject({ fileName: '线索导入.xlsx' });
  });

  it('a second upload of the same file finds every lead already open', async () => {
    const again = await upload([row('张伟', '13600000002'), row('李娜', '13600000003')]);
    expect(again.data).toMatchObject({ rows: 2, imported: 0, duplicates: 2, refused: 0 });
  });

  it('counts the 待分配 leads, the uploaded among them, on /home for those who may 分配', async () => {
    type Queues = { queues: { key: string; total: number }[] };
    const waiting = (await get('/api/leads?tab=0&limit=1')).data.total;
    expect(waiting).toBeGreaterThan(0);
    const home = (await get<Queues>('/api/home/queues')).data.queues;
    expect(home.find((queue) => queue.key === 'leadsToAllocate')?.total).toBe(waiting);
    const ops = await ctx.login('ops', 'ops123');
    const theirs = (await get<Queues>('/api/home/queues', ops)).data.queues;
    expect(theirs.map((queue) => queue.key)).not.toContain('leadsToAllocate');
  });

  it('admits a file of many chunks: the rule takes its turns across them, a mobile repeated in a chunk once', async () => {
    const staff = (await get<{ label: string; value: string }[]>('/api/lookups/tenant-users')).data.slice(0, 3);
    const city = (await get<{ label: string; value: string }[]>('/api/lookups/cities')).data[5];
    const rule = await post('/api/allocation-rules', {
      name: '大批上传',
      priority: 2,
      cityId: city?.value,
      salespersonIds: staff.map((user) => user.value),
      enabled: true,
    });
    expect(rule.msg).toBe('success');
    const mobile = (i: number) => `1370${String(i).padStart(7, '0')}`;
    const rows = Array.from({ length: 1200 }, (_, i) => row(`批量${i}`, mobile(i), city?.label ?? null));
    // Row 701 (in the second chunk of 500) repeats row 700's mobile twice over; row 1100 is on the blocklist.
    rows.splice(701, 2, row('同块重复一', mobile(700), city?.label ?? null), row('同块重复二', mobile(700)));
    rows[1100] = row('黑名单', '13600000009', city?.label ?? null);
    const answer = await upload(rows);
    expect(answer.data).toMatchObject({ rows: 1200, imported: 1198, duplicates: 2, refused: 0 });
    const leads = await get(`/api/leads?batchId=${answer.data.batchId}&limit=1`);
    expect(leads.data.total).toBe(1198);
    // Every admitted lead took a turn (the blocklisted one too, before a rule made it 无效): 1,198 turns.
    const turns = await Promise.all(
      staff.map(
        async (user) =>
          (await get(`/api/leads?batchId=${answer.data.batchId}&salespersonId=${user.value}&limit=1`)).data.total,
      ),
    );
    expect(turns.sort()).toEqual([399, 399, 400]);
    const results = (
      await get(`/api/lead-imports-rows/views/uploadLogDetail?batchId=${answer.data.batchId}&outcome=2&limit=10`)
    ).data.list.map(({ rowNumber, message }) => ({ rowNumber, message }));
    expect(results).toEqual([
      { rowNumber: 703, message: `与本次上传的手机号${mobile(700)}重复` },
      { rowNumber: 704, message: `与本次上传的手机号${mobile(700)}重复` },
    ]);
    const invalid = await get(`/api/leads?batchId=${answer.data.batchId}&status=4&limit=5`);
    expect(invalid.data.list.map((lead) => lead.mobile)).toEqual(['13600000009']);
  });

  it('finds a lead by its whole mobile or its last digits', async () => {
    const found = async (mobile: string) =>
      (await get(`/api/leads?mobile=${mobile}&limit=50`)).data.list.map((lead) => lead.mobile).sort();
    expect(await found('13700000042')).toEqual(['13700000042']);
    expect(await found('1042')).toEqual(['13700001042']);
    expect(await found('0042')).toEqual(['13700000042']);
    expect(await found('70000004')).toEqual([]);
  });

  it('keeps batches to their branch company, and refuses ops the upload', async () => {
    const other = await ctx.loginToOtherTenant();
    expect((await get(`/api/lead-imports/${batchId}`, other)).msg).toBe('上传日志不存在');
    expect((await get('/api/lead-imports', other)).data.list.map((batch) => batch.id)).not.toContain(batchId);
    expect(await resultsOf(batchId, other)).toEqual([]);
    const theirs = await upload([row('上海线索', '13600000002')], other, '上海.xlsx');
    expect(theirs.data).toMatchObject({ rows: 1, imported: 1, duplicates: 0 });
    expect((await get(`/api/lead-imports/${theirs.data.batchId}`)).msg).toBe('上传日志不存在');
    const ops = await ctx.login('ops', 'ops123');
    expect((await upload([row('运营', '13600000004')], ops)).code).toBe(403);
    expect((await get('/api/lead-imports', ops)).code).toBe(403);
  });
});
