import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../src/audit/history';
import type { TestContext } from '../harness';
import { type Fixture, loadRefs, startKitApp } from './fixture';

let ctx: TestContext;
let admin: string;
let ops: string;
let shanghai: string;
let companyId: string;
const url = '/api/kit-fixtures';

beforeAll(async () => {
  ctx = await startKitApp();
  admin = await ctx.login('admin', 'admin123');
  ops = await ctx.login('ops', 'ops123');
  shanghai = await ctx.loginToOtherTenant();
  const refs = await loadRefs(ctx, admin, shanghai);
  companyId = refs.companies[0]?.value as string;
});
afterAll(() => ctx.close());

let serial = 0;
async function draft(): Promise<Fixture> {
  const created = await ctx.request<Fixture>({
    method: 'POST',
    url,
    token: admin,
    payload: { code: `LC-${++serial}`, companyId },
  });
  if (created.code !== 0) throw new Error(created.msg);
  return created.data;
}
const take = (id: string, action: string, token = admin) =>
  ctx.request({ method: 'POST', url: `${url}/${id}/${action}`, token });
const row = async (id: string) =>
  (await ctx.request<Fixture>({ method: 'GET', url: `${url}/${id}`, token: admin })).data;
const offered = async (id: string, token = admin) =>
  (await ctx.request<{ action: string }[]>({ method: 'GET', url: `${url}/${id}/actions`, token })).data.map(
    (entry) => entry.action,
  );
const moves = async (id: string) =>
  (await ctx.request<HistoryEntry[]>({ method: 'GET', url: `${url}/${id}/history`, token: admin })).data.filter(
    (entry) => entry.action !== 'create',
  );

describe('a lifecycle declared on an enumeration field', () => {
  it('offers the actions the state and the user’s buttons allow', async () => {
    const { id } = await draft();
    expect(await offered(id)).toEqual(['submit']);
    expect((await take(id, 'submit')).code).toBe(0);
    expect(await offered(id)).toEqual(['reopen', 'archive']);
    expect(await offered(id, ops)).toEqual(['reopen']);
  });

  it('moves the state and records the move in the history', async () => {
    const { id } = await draft();
    expect(await take(id, 'submit')).toMatchObject({ code: 0, data: null });
    expect(await row(id)).toMatchObject({ status: 1, version: 2 });
    const [move] = await moves(id);
    expect(move).toMatchObject({ action: 'submit', userName: '系统管理员', changes: { status: { from: 0, to: 1 } } });
  });

  it('refuses a move its state does not allow, saying why, and changes nothing', async () => {
    const { id } = await draft();
    expect(await take(id, 'archive')).toMatchObject({ code: 1000, msg: '测试条目当前为「草稿」，不能归档' });
    expect(await take(id, 'reopen')).toMatchObject({ code: 1000, msg: '测试条目当前为「草稿」，不能退回' });
    expect(await row(id)).toMatchObject({ status: 0, version: 1 });
    expect(await moves(id)).toEqual([]);
  });

  it('answers 403 to a user without the action’s button, even where the state allows it', async () => {
    const { id } = await draft();
    await take(id, 'submit');
    expect(await take(id, 'archive', ops)).toMatchObject({ code: 403, msg: '无权限' });
    expect((await row(id)).status).toBe(1);
    expect(await take(id, 'reopen', ops)).toMatchObject({ code: 0 });
  });

  it('lets exactly one of two identical moves sent at once through', async () => {
    const { id } = await draft();
    const answers = await Promise.all([take(id, 'submit'), take(id, 'submit')]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, 1000]);
    expect(answers.find((answer) => answer.code === 1000)?.msg).toBe('测试条目当前为「已提交」，不能提交');
    expect(await row(id)).toMatchObject({ status: 1, version: 2 });
    expect((await moves(id)).map((move) => move.action)).toEqual(['submit']);
  });

  it('keeps the state out of the edit form: only an action moves it', async () => {
    const { id } = await draft();
    const edit = await ctx.request({
      method: 'PUT',
      url: `${url}/${id}`,
      token: admin,
      payload: { code: 'LC-EDIT', companyId, status: 2, version: 1 },
    });
    expect(edit.code).toBe(400);
    expect((await row(id)).status).toBe(0);
  });

  it("does not find another branch company's row", async () => {
    const { id } = await draft();
    expect(await take(id, 'submit', shanghai)).toMatchObject({ code: 404, msg: '测试条目不存在' });
    expect((await row(id)).status).toBe(0);
  });
});
