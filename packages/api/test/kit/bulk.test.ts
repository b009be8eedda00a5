import type { BulkResult } from '@cp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../src/audit/history';
import type { TestContext } from '../harness';
import { type Fixture, loadRefs, startKitApp } from './fixture';

let ctx: TestContext;
let admin: string;
let ops: string;
let shanghai: string;
let companyId: string;
let foreignCompanyId: string;
const url = '/api/kit-fixtures';

beforeAll(async () => {
  ctx = await startKitApp();
  admin = await ctx.login('admin', 'admin123');
  ops = await ctx.login('ops', 'ops123');
  shanghai = await ctx.loginToOtherTenant();
  const refs = await loadRefs(ctx, admin, shanghai);
  companyId = refs.companies[0]?.value as string;
  foreignCompanyId = refs.foreignCompany.value;
});
afterAll(() => ctx.close());

let serial = 0;
async function draft(token = admin, company = companyId): Promise<Fixture> {
  const created = await ctx.request<Fixture>({
    method: 'POST',
    url,
    token,
    payload: { code: `BK-${++serial}`, companyId: company },
  });
  if (created.code !== 0) throw new Error(created.msg);
  return created.data;
}
const take = (id: string, action: string) =>
  ctx.request({ method: 'POST', url: `${url}/${id}/${action}`, token: admin });
const bulk = (action: string, payload: Record<string, unknown>, token = admin) =>
  ctx.request<BulkResult>({ method: 'POST', url: `${url}/bulk/${action}`, token, payload });
const row = async (id: string) =>
  (await ctx.request<Fixture>({ method: 'GET', url: `${url}/${id}`, token: admin })).data;
const moves = async (id: string, action: string) =>
  (await ctx.request<HistoryEntry[]>({ method: 'GET', url: `${url}/${id}/history`, token: admin })).data.filter(
    (entry) => entry.action === action,
  );

describe('a lifecycle action taken on many rows at once', () => {
  it('moves the rows whose state allows it and reports each other row by name with why', async () => {
    const [first, second, done] = [await draft(), await draft(), await draft()];
    await take(done.id, 'submit');
    const answer = await bulk('submit', { ids: [first.id, done.id, second.id] });
    expect(answer.code).toBe(0);
    expect(answer.data).toEqual({
      done: 2,
      doneIds: [first.id, second.id].sort((a, b) => Number(a) - Number(b)),
      refused: [{ id: done.id, name: done.code, message: `${done.code}：测试条目当前为「已提交」，不能提交` }],
    });
    expect((await row(first.id)).status).toBe(1);
    expect((await row(second.id)).status).toBe(1);
    expect(await row(done.id)).toMatchObject({ status: 1, version: 2 });
    // Each row's move is in its own history, as a single action's is.
    expect(await moves(first.id, 'submit')).toHaveLength(1);
    expect(await moves(done.id, 'submit')).toHaveLength(1);
  });

  it("refuses another branch company's row as not found, without naming it, and leaves it alone", async () => {
    const own = await draft();
    const foreign = await draft(shanghai, foreignCompanyId);
    const answer = await bulk('submit', { ids: [own.id, foreign.id] });
    expect(answer.data.done).toBe(1);
    expect(answer.data.refused).toEqual([
      { id: foreign.id, name: `#${foreign.id}`, message: `#${foreign.id}：测试条目不存在` },
    ]);
    const theirs = await ctx.request<Fixture>({ method: 'GET', url: `${url}/${foreign.id}`, token: shanghai });
    expect(theirs.data.status).toBe(0);
  });

  it('asks the body once and gives it to each row', async () => {
    const rows = [await draft(), await draft()];
    for (const { id } of rows) {
      await take(id, 'submit');
      await take(id, 'archive');
    }
    const answer = await bulk('annotate', { ids: rows.map((entry) => entry.id), body: { remark: '年底统一归档' } });
    expect(answer.data.done).toBe(2);
    for (const { id } of rows) expect(await row(id)).toMatchObject({ status: 2, remark: '年底统一归档' });
    expect(await bulk('annotate', { ids: [rows[0]?.id] })).toMatchObject({ code: 400 });
    expect(await bulk('annotate', { ids: [rows[0]?.id], body: { remark: '' } })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('批注'),
    });
  });

  it('refuses more than 500 rows, an empty selection and a row named twice, before moving any', async () => {
    const { id } = await draft();
    const tooMany = Array.from({ length: 501 }, (_, index) => String(index + 1));
    expect(await bulk('submit', { ids: tooMany })).toMatchObject({ code: 400, msg: '所选数据：一次最多500项' });
    expect(await bulk('submit', { ids: [] })).toMatchObject({ code: 400, msg: '所选数据：请至少选择一项' });
    expect(await bulk('submit', { ids: [id, id] })).toMatchObject({ code: 400, msg: '所选数据：不能重复' });
    expect((await row(id)).status).toBe(0);
  });

  it('answers 403 to a user without the action’s button and moves nothing', async () => {
    const { id } = await draft();
    await take(id, 'submit');
    expect(await bulk('archive', { ids: [id] }, ops)).toMatchObject({ code: 403, msg: '无权限' });
    expect((await row(id)).status).toBe(1);
  });

  it('has no bulk route for an action not declared bulk', async () => {
    const { id } = await draft();
    await take(id, 'submit');
    // `bulk` is read as a row's id of the single action's path, which is no id.
    expect(await bulk('reopen', { ids: [id] })).toMatchObject({ code: 400, msg: '编号：必须是有效的编号' });
    expect((await row(id)).status).toBe(1);
  });

  it('moves each row once when two bulk calls race for the same rows', async () => {
    const rows = await Promise.all(Array.from({ length: 12 }, () => draft()));
    const ids = rows.map((entry) => entry.id);
    const reversed = [...ids].reverse();
    const [one, two] = await Promise.all([bulk('submit', { ids }), bulk('submit', { ids: reversed })]);
    expect((one.data.done ?? 0) + (two.data.done ?? 0)).toBe(12);
    expect(one.data.refused.length + two.data.refused.length).toBe(12);
    const moved = new Set([...one.data.doneIds, ...two.data.doneIds]);
    expect(moved.size).toBe(12);
    for (const id of ids) {
      expect(await row(id)).toMatchObject({ status: 1, version: 2 });
      expect(await moves(id, 'submit')).toHaveLength(1);
    }
  });
});
