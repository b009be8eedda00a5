import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/migrate';
import { exportBatch } from '../../src/resource/read';
import { type CellValue, XlsxWriter } from '../../src/xlsx/writer';
import { callsAs } from '../calls';
import { multipart } from '../files-support';
import type { TestContext } from '../harness';
import { type Fixture, type KitRefs, loadRefs, startKitApp, urgentFamily, urgentTemplate } from './fixture';

let ctx: TestContext;
let admin: string;
let refs: KitRefs;
const folder = mkdtempSync(path.join(tmpdir(), 'cp-kit-slice-'));

beforeAll(async () => {
  ctx = await startKitApp();
  admin = await ctx.login('admin', 'admin123');
  refs = await loadRefs(ctx, admin, await ctx.loginToOtherTenant());
});
afterAll(async () => {
  await ctx.close();
  rmSync(folder, { recursive: true, force: true });
});

const all = '/api/kit-fixtures';
const urgent = '/api/kit-fixtures-urgent';
const company = () => refs.companies[0]?.value as string;
const create = (url: string, payload: object) =>
  ctx.request<Fixture>({ method: 'POST', url, token: admin, payload: { companyId: company(), ...payload } });
const { get } = callsAs<Fixture, unknown>(() => ({ ctx, token: admin }));
const list = async (url: string) => (await ctx.request<PageResult<Fixture>>({ method: 'GET', url, token: admin })).data;

describe('a family that is a slice of a shared table', () => {
  it('sets its slice on every row it creates, whatever the request says', async () => {
    const made = await create(urgent, { code: 'SL-001' });
    expect(made.code).toBe(0);
    expect((await get(`${all}/${made.data.id}`)).data.category).toBe(1);
    const forged = await create(urgent, { code: 'SL-002', category: 0 });
    expect(forged.code).not.toBe(0);
    expect(forged.msg).toContain('category');
  });

  it('never shows, changes, moves or deletes a row of another slice', async () => {
    const other = await create(all, { code: 'SL-OTHER', category: 0 });
    const id = other.data.id;
    const listed = await list(`${urgent}?code=SL-`);
    expect(listed.list.map((row) => row.code)).toEqual(['SL-001']);
    expect(listed.total).toBe(1);
    expect((await get(`${urgent}/${id}`)).msg).toBe('加急条目不存在');
    expect((await get(`${urgent}/${id}/history`)).msg).toBe('加急条目不存在');
    const edit = await ctx.request({
      method: 'PUT',
      url: `${urgent}/${id}`,
      token: admin,
      payload: { code: 'SL-HIJACK', companyId: company(), version: other.data.version },
    });
    expect(edit.msg).toBe('加急条目不存在');
    const moved = await ctx.request({ method: 'POST', url: `${urgent}/${id}/submit`, token: admin, payload: {} });
    expect(moved.msg).toBe('加急条目不存在');
    const removed = await ctx.request({ method: 'DELETE', url: `${urgent}/${id}`, token: admin });
    expect(removed.msg).toBe('加急条目不存在');
    const kept = (await get(`${all}/${id}`)).data;
    expect([kept.code, kept.status]).toEqual(['SL-OTHER', 0]);
  });

  it('answers 已存在 for a unique value another slice holds', async () => {
    const clash = await create(urgent, { code: 'SL-OTHER' });
    expect(clash.msg).toBe('编号 SL-OTHER 已存在');
  });

  it('exports only its slice', async () => {
    const tenant = rowsOf<{ tenant_id: number }>(
      await ctx.database.db.execute(sql`select tenant_id from kit_fixtures where code = 'SL-001'`),
    )[0]?.tenant_id;
    const rows = await exportBatch(
      ctx.database.db,
      urgentFamily,
      Number(tenant),
      {},
      null,
      100,
      urgentFamily.screens[0],
    );
    const codes = rows.map((row) => (row as Record<string, unknown>).code);
    expect(codes).toContain('SL-001');
    expect(codes).not.toContain('SL-OTHER');
  });

  it('imports into its slice and skips rows another slice already keeps', async () => {
    const file = path.join(folder, 'urgent.xlsx');
    const writer = new XlsxWriter(file, urgentTemplate.columns);
    const company = refs.companies[0]?.label ?? '';
    const rows: CellValue[][] = [
      ['SL-IMP', '', company, ''],
      ['SL-OTHER', '', company, ''],
    ];
    for (const row of rows) writer.addRow(row);
    await writer.finish();
    const answer = await ctx.request<{ imported: number; skipped: number }>({
      method: 'POST',
      url: `${urgent}/import`,
      token: admin,
      ...multipart([{ name: '加急.xlsx', content: readFileSync(file) }]),
    });
    expect(answer.data).toEqual({ imported: 1, skipped: 1 });
    const imported = (await list(`${all}?code=SL-IMP`)).list[0];
    expect(imported?.category).toBe(1);
  });
});
