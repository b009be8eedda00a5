import type { AccountRow, UserInfo } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const multipart = (fields: Record<string, string>) => {
  const boundary = '----cpform';
  const body = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  return {
    payload: `${body}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

describe('login', () => {
  it('accepts the multipart form and answers an access token', async () => {
    const response = await ctx.request<{ access_token: string; token_type: string }>({
      method: 'POST',
      url: '/api/auth/login',
      ...multipart({ loginId: 'admin', password: 'admin123' }),
    });
    expect(response).toMatchObject({ code: 0, msg: 'success', isSuccess: true, data: { token_type: 'bearer' } });
    expect(response.data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('accepts JSON and ignores the case of the login id', async () => {
    expect(await ctx.login('ADMIN', 'admin123')).toBeTruthy();
  });

  it('says the same for a wrong password and an unknown account', async () => {
    const wrong = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { loginId: 'admin', password: 'x' },
    });
    const unknown = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { loginId: 'nobody', password: 'x' },
    });
    expect(wrong).toMatchObject({ status: 200, code: 1000, msg: '账号或密码错误', isSuccess: false });
    expect(unknown.msg).toBe(wrong.msg);
    expect(unknown.code).toBe(wrong.code);
  });

  it('names the missing field', async () => {
    const response = await ctx.request({ method: 'POST', url: '/api/auth/login', payload: { loginId: 'admin' } });
    expect(response).toMatchObject({ code: 400, msg: '密码：不能为空' });
  });

  it('stores only a hash of the token', async () => {
    const token = await ctx.login('admin', 'admin123');
    const rows = await ctx.database.db.execute(
      sql`select count(*)::int as n from sessions where token_hash = ${token}`,
    );
    const n = Array.isArray(rows) ? rows[0].n : (rows as { rows: { n: number }[] }).rows[0]?.n;
    expect(n).toBe(0);
  });

  it('refuses messaging-platform login while no provider is configured', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/auth/im-login',
      ...multipart({ code: 'abc', state: 'ok' }),
    });
    expect(response).toMatchObject({ code: 1000, msg: '未配置企业消息平台登录' });
  });
});

describe('session', () => {
  it('answers 1001 without a token and with an unknown one', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/user/info' })).code).toBe(1001);
    expect((await ctx.request({ method: 'GET', url: '/api/user/info', token: 'forged' })).code).toBe(1001);
  });

  it('gives user info with exactly the fields of the spec', async () => {
    const token = await ctx.login('admin', 'admin123');
    const { data } = await ctx.request<UserInfo>({ method: 'GET', url: '/api/user/info', token });
    expect(Object.keys(data).sort()).toEqual(
      [
        'id',
        'userName',
        'name',
        'code',
        'loginId',
        'roleCodes',
        'mobile',
        'companyName',
        'email',
        'avatar',
        'menuData',
        'authBtnData',
        'pendingNum',
      ].sort(),
    );
    expect(data).toMatchObject({
      loginId: 'admin',
      userName: '系统管理员',
      code: 'CP0001',
      companyName: '北京分公司',
    });
    // The work waiting: the sum of the user's /home queues (demo drivers to review, leads to allocate…).
    const home = await ctx.request<{ queues: { total: number }[] }>({ method: 'GET', url: '/api/home/queues', token });
    expect(data.pendingNum).toBe(home.data.queues.reduce((sum, queue) => sum + queue.total, 0));
    expect(typeof data.id).toBe('string');
    expect(data.roleCodes).toEqual([{ code: 'superAdmin', name: '超级管理员' }]);
    expect(data.menuData.map((node) => node.title)).toEqual([
      '车辆管理',
      '客户管理',
      '订单管理',
      '运营管理',
      '财务管理',
      'B端运营',
      '审批管理',
      'APP管理',
      '配置管理',
    ]);
    expect(data.authBtnData).toContain('vehicleList:export');
  });

  it('gives ops the vehicle and order sections, without export or delete, and 我发起的 to withdraw its own requests', async () => {
    const token = await ctx.login('ops', 'ops123');
    const { data } = await ctx.request<UserInfo>({ method: 'GET', url: '/api/user/role-menu?appId=cp-console', token });
    expect(data.menuData.map((node) => node.title)).toEqual(['车辆管理', '订单管理', '审批管理']);
    const approvals = data.menuData.find((node) => node.title === '审批管理');
    expect(JSON.stringify(approvals)).toContain('我发起的');
    expect(JSON.stringify(approvals)).not.toContain('待办事项');
    expect(data.authBtnData).not.toContain('initiated:add');
    expect(data.authBtnData).toContain('vehicleList:add');
    expect(data.authBtnData.filter((key) => /:(export|delete)$/.test(key))).toEqual([]);
  });

  it('revokes the session on logout', async () => {
    const token = await ctx.login('admin', 'admin123');
    expect((await ctx.request({ method: 'POST', url: '/api/auth/logout', token })).code).toBe(0);
    const after = await ctx.request({ method: 'GET', url: '/api/user/info', token });
    expect(after).toMatchObject({ code: 1002, isSuccess: false });
  });

  it('expires an idle session', async () => {
    const token = await ctx.login('admin', 'admin123');
    await ctx.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '3 hours' where revoked_at is null`,
    );
    expect((await ctx.request({ method: 'GET', url: '/api/user/info', token })).code).toBe(1002);
  });

  it('exchanges a valid token for a new one through token login', async () => {
    const token = await ctx.login('admin', 'admin123');
    const response = await ctx.request<{ access_token: string }>({
      method: 'POST',
      url: '/api/auth/token-login',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.code).toBe(0);
    expect(response.data.access_token).not.toBe(token);
    const info = await ctx.request<UserInfo>({
      method: 'GET',
      url: '/api/user/info',
      token: response.data.access_token,
    });
    expect(info.data.loginId).toBe('admin');
  });
});

describe('switch account', () => {
  it('lists both branch companies for admin and marks the current one', async () => {
    const token = await ctx.login('admin', 'admin123');
    const { data } = await ctx.request<AccountRow[]>({ method: 'GET', url: '/api/user/accounts', token });
    expect(data.map((row) => [row.tenantName, row.currentUser, row.roleName])).toEqual([
      ['北京分公司', true, '超级管理员'],
      ['上海分公司', false, '超级管理员'],
    ]);
  });

  it('issues a token for the other tenant and revokes the old session', async () => {
    const token = await ctx.login('admin', 'admin123');
    const { data: rows } = await ctx.request<AccountRow[]>({ method: 'GET', url: '/api/user/accounts', token });
    const shanghai = rows.find((row) => row.tenantName === '上海分公司');
    const switched = await ctx.request<{ access_token: string }>({
      method: 'POST',
      url: '/api/user/switch-account',
      token,
      payload: { appId: 'cp-console', loginId: 'admin', tenantId: shanghai?.tenantId },
    });
    expect(switched.code).toBe(0);
    const info = await ctx.request<UserInfo>({
      method: 'GET',
      url: '/api/user/info',
      token: switched.data.access_token,
    });
    expect(info.data.companyName).toBe('上海分公司');
    expect((await ctx.request({ method: 'GET', url: '/api/user/info', token })).code).toBe(1002);
  });

  it('refuses a tenant the user is not a member of', async () => {
    const adminToken = await ctx.login('admin', 'admin123');
    const { data: rows } = await ctx.request<AccountRow[]>({
      method: 'GET',
      url: '/api/user/accounts',
      token: adminToken,
    });
    const shanghai = rows.find((row) => row.tenantName === '上海分公司');
    const token = await ctx.login('ops', 'ops123');
    const response = await ctx.request({
      method: 'POST',
      url: '/api/user/switch-account',
      token,
      payload: { appId: 'cp-console', loginId: 'ops', tenantId: shanghai?.tenantId },
    });
    expect(response).toMatchObject({ code: 1000, msg: '无权切换到该分公司' });
    expect((await ctx.request({ method: 'GET', url: '/api/user/info', token })).code).toBe(0);
  });

  it('refuses to switch into another user', async () => {
    const token = await ctx.login('ops', 'ops123');
    const response = await ctx.request({
      method: 'POST',
      url: '/api/user/switch-account',
      token,
      payload: { appId: 'cp-console', loginId: 'admin', tenantId: '1' },
    });
    expect(response).toMatchObject({ code: 403, msg: '无权限' });
  });
});

describe('tokens opened from tokens', () => {
  const exchange = (token: string, how: 'bearer' | 'url') =>
    ctx.request<{ access_token: string; expires_in: number }>({
      method: 'POST',
      url: '/api/auth/token-login',
      ...(how === 'bearer' ? { headers: { authorization: `Bearer ${token}` } } : multipart({ token })),
    });
  const works = async (token: string) =>
    (await ctx.request({ method: 'GET', url: '/api/auth/base-user', token })).code === 0;

  it('end with the session they were opened from, at any depth', async () => {
    const parent = await ctx.login('admin', 'admin123');
    const child = (await exchange(parent, 'bearer')).data.access_token;
    const grandchild = (await exchange(child, 'bearer')).data.access_token;
    expect([await works(parent), await works(child), await works(grandchild)]).toEqual([true, true, true]);
    expect((await ctx.request({ method: 'POST', url: '/api/auth/logout', token: parent })).code).toBe(0);
    expect([await works(child), await works(grandchild)]).toEqual([false, false]);
  });

  it('never outlive the login they came from', async () => {
    const parent = await ctx.login('admin', 'admin123');
    await ctx.database.db.execute(
      sql`update sessions set expires_at = now() + interval '10 minutes' where revoked_at is null`,
    );
    const child = await exchange(parent, 'bearer');
    expect(child.data.expires_in).toBeLessThanOrEqual(600);
    const renewed = await exchange(child.data.access_token, 'url');
    expect(renewed.data.expires_in).toBeLessThanOrEqual(600);
    const switched = await ctx.request<{ access_token: string; expires_in: number }>({
      method: 'POST',
      url: '/api/user/switch-account',
      token: renewed.data.access_token,
      payload: { appId: 'cp-console', loginId: 'admin', tenantId: await otherTenantId(renewed.data.access_token) },
    });
    expect(switched.data.expires_in).toBeLessThanOrEqual(600);
    // At the login's end every token of the chain ends.
    await ctx.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`);
    expect([await works(renewed.data.access_token), await works(switched.data.access_token)]).toEqual([false, false]);
  });

  it('consume the token a page was opened with', async () => {
    const fromLink = await ctx.login('admin', 'admin123');
    const mine = (await exchange(fromLink, 'url')).data.access_token;
    expect(await works(fromLink)).toBe(false);
    expect(await works(mine)).toBe(true);
    expect((await exchange(fromLink, 'url')).code).toBe(1002);
  });
});

async function otherTenantId(token: string): Promise<string | undefined> {
  const { data: rows } = await ctx.request<AccountRow[]>({ method: 'GET', url: '/api/user/accounts', token });
  return rows.find((row) => !row.currentUser)?.tenantId;
}
