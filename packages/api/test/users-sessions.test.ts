import type { PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { startTestApp, type TestContext } from './harness';

type Account = Record<string, unknown> & { id: string; loginId: string; status: number; password?: string };
type Option = { value: string; label: string };

let ctx: TestContext;
let admin: string;
let roleIds: { superAdmin: string; ops: string };

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
  const { data } = await ctx.request<Option[]>({ method: 'GET', url: '/api/lookups/roles', token: admin });
  const role = (label: string) => data.find((option) => option.label === label)?.value as string;
  roleIds = { superAdmin: role('超级管理员'), ops: role('车辆订单专员') };
});
afterAll(() => ctx.close());

let serial = 0;
/** A new account of 北京分公司 and the one-time password 新增 answered for it. */
async function newUser(role = roleIds.ops) {
  serial += 1;
  const { code, msg, data } = await ctx.request<Account>({
    method: 'POST',
    url: '/api/users',
    token: admin,
    payload: { loginId: `staff${serial}`, userName: `员工${serial}`, code: `T${serial}`, roleIds: [role] },
  });
  if (code !== 0) throw new Error(msg);
  return { account: data, password: data.password as string };
}
const act = (id: string, action: string, token = admin) =>
  ctx.request<{ password?: string }>({ method: 'POST', url: `/api/users/${id}/${action}`, token });
const userInfo = (token: string) => ctx.request({ method: 'GET', url: '/api/user/info', token });
const tryLogin = (loginId: string, password: string) =>
  ctx.request({ method: 'POST', url: '/api/auth/login', payload: { loginId, password } });
const statusOf = async (loginId: string) =>
  (
    await ctx.request<PageResult<Account>>({ method: 'GET', url: `/api/users?loginId=${loginId}`, token: admin })
  ).data.list.find((row) => row.loginId === loginId)?.status;

describe('停用 and 启用', () => {
  it("ends the user's sessions at once, and keeps them out until 启用", async () => {
    const { account, password } = await newUser();
    const token = await ctx.login(account.loginId, password);
    expect((await userInfo(token)).code).toBe(0);
    expect((await act(account.id, 'disable')).code).toBe(0);
    expect((await userInfo(token)).code).toBe(1002);
    expect(await tryLogin(account.loginId, password)).toMatchObject({ code: 1000, msg: '账号已停用，请联系管理员' });
    expect(await statusOf(account.loginId)).toBe(0);
    expect((await act(account.id, 'enable')).code).toBe(0);
    expect((await userInfo(await ctx.login(account.loginId, password))).code).toBe(0);
    expect((await userInfo(token)).code).toBe(1002);
  });

  it('refuses to stop the built-in administrator, and one’s own account', async () => {
    const { account, password } = await newUser(roleIds.superAdmin);
    const other = await ctx.login(account.loginId, password);
    const adminAccount = (
      await ctx.request<PageResult<Account>>({ method: 'GET', url: '/api/users?loginId=admin', token: admin })
    ).data.list[0] as Account;
    expect(await act(adminAccount.id, 'disable', other)).toMatchObject({ code: 1000, msg: '内置超级管理员不能停用' });
    expect(await act(account.id, 'disable', other)).toMatchObject({ code: 1000, msg: '不能停用自己的账号' });
    expect(await act(adminAccount.id, 'disable')).toMatchObject({ code: 1000, msg: '不能停用自己的账号' });
    expect([await statusOf('admin'), await statusOf(account.loginId)]).toEqual([1, 1]);
    expect([(await userInfo(admin)).code, (await userInfo(other)).code]).toEqual([0, 0]);
  });

  it('says why a stopped account cannot be stopped again', async () => {
    const { account } = await newUser();
    await act(account.id, 'disable');
    expect(await act(account.id, 'disable')).toMatchObject({ code: 1000, msg: '用户当前为「停用」，不能停用' });
  });
});

describe('重置密码', () => {
  it('answers a new password once; the old one and every session stop working', async () => {
    const { account, password } = await newUser();
    const token = await ctx.login(account.loginId, password);
    const reset = await act(account.id, 'reset-password');
    expect(reset.code).toBe(0);
    const fresh = reset.data.password as string;
    expect(fresh).toMatch(/^\S{10}$/);
    expect(fresh).not.toBe(password);
    expect((await userInfo(token)).code).toBe(1002);
    expect(await tryLogin(account.loginId, password)).toMatchObject({ code: 1000, msg: '账号或密码错误' });
    expect((await userInfo(await ctx.login(account.loginId, fresh))).code).toBe(0);
    const again = await act(account.id, 'reset-password');
    expect(again.data.password).not.toBe(fresh);
    const detail = await ctx.request<Account>({ method: 'GET', url: `/api/users/${account.id}`, token: admin });
    expect(JSON.stringify(detail.data)).not.toMatch(/password/i);
  });

  it('leaves no password, nor its hash, in the audit log', async () => {
    const { account, password } = await newUser();
    const reset = await act(account.id, 'reset-password');
    const result = await ctx.database.db.execute(
      sql`select action, changes from audit_log where entity = 'userAccount' and entity_id = ${account.id}`,
    );
    const records = rowsOf<{ action: string; changes: unknown }>(result);
    expect(records.map((record) => record.action).sort()).toEqual(['create', 'resetPassword']);
    const written = JSON.stringify(records);
    for (const secret of [password, reset.data.password as string, '$argon2']) expect(written).not.toContain(secret);
    const calls = await ctx.database.db.execute(sql`select changes::text as text from audit_log`);
    for (const { text } of rowsOf<{ text: string | null }>(calls)) {
      expect(text ?? '').not.toContain(password);
    }
  });
});
