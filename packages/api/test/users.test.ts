import type { PageResult } from '@cp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../src/audit/history';
import { declaredRoutes } from '../src/http/access';
import { startTestApp, type TestContext } from './harness';

type Account = Record<string, unknown> & { id: string; loginId: string; version: number; password?: string };
type Option = { value: string; label: string };

let ctx: TestContext;
let admin: string;
let shanghai: string;
let roles: { superAdmin: Option; ops: Option; shanghaiOps: Option };

const roleNamed = (options: Option[], label: string) => {
  const found = options.find((option) => option.label === label);
  if (!found) throw new Error(`no role ${label}`);
  return found;
};

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
  shanghai = await ctx.loginToOtherTenant();
  const options = async (token: string) =>
    (await ctx.request<Option[]>({ method: 'GET', url: '/api/lookups/roles', token })).data;
  const [beijingRoles, shanghaiRoles] = [await options(admin), await options(shanghai)];
  roles = {
    superAdmin: roleNamed(beijingRoles, '超级管理员'),
    ops: roleNamed(beijingRoles, '车辆订单专员'),
    shanghaiOps: roleNamed(shanghaiRoles, '车辆订单专员'),
  };
});
afterAll(() => ctx.close());

const list = async (query = '', token = admin) =>
  (await ctx.request<PageResult<Account>>({ method: 'GET', url: `/api/users?limit=100&${query}`, token })).data;
const byLogin = async (loginId: string, token = admin) =>
  (await list(`loginId=${loginId}`, token)).list.find((row) => row.loginId === loginId);
const create = (payload: object, token = admin) =>
  ctx.request<Account>({
    method: 'POST',
    url: '/api/users',
    token,
    payload: { roleIds: [roles.ops.value], ...payload },
  });
const update = (id: string, payload: object) =>
  ctx.request<Account>({ method: 'PUT', url: `/api/users/${id}`, token: admin, payload });

describe('the list of 用户管理', () => {
  it("shows the branch company's accounts with their roles and branch companies", async () => {
    const beijing = await list();
    expect(beijing.list.map((row) => row.loginId).sort()).toEqual([
      'admin',
      'chenjing',
      'finance',
      'manager',
      'ops',
      'zhangwei',
    ]);
    expect(beijing.list.find((row) => row.loginId === 'admin')).toMatchObject({
      userName: '系统管理员',
      code: 'CP0001',
      roleNames: ['超级管理员'],
      tenantNames: ['北京分公司', '上海分公司'],
      status: 1,
    });
    expect(beijing.list.find((row) => row.loginId === 'ops')).toMatchObject({
      roleNames: ['车辆订单专员'],
      tenantNames: ['北京分公司'],
    });
    expect(beijing.list.find((row) => row.loginId === 'manager')).toMatchObject({
      roleNames: ['运营经理'],
      tenantNames: ['北京分公司', '上海分公司'],
    });
    expect((await list('', shanghai)).list.map((row) => row.loginId).sort()).toEqual([
      'admin',
      'finance',
      'liuyang',
      'manager',
      'zhoumin',
    ]);
  });

  it('filters by status and by a piece of the login id', async () => {
    expect((await list('status=0')).list.map((row) => row.loginId)).toEqual(['chenjing']);
    expect((await list('loginId=ZHANG')).list.map((row) => row.loginId)).toEqual(['zhangwei']);
  });
});

describe('新增', () => {
  it('creates an account from the required fields alone and answers a one-time password that signs in', async () => {
    const created = await create({ loginId: 'Wang.Fang', userName: '王芳', code: 'CP0301' });
    expect(created.code).toBe(0);
    expect(created.data).toMatchObject({ loginId: 'wang.fang', status: 1, roleNames: ['车辆订单专员'] });
    expect(created.data.password).toMatch(/^\S{10}$/);
    const token = await ctx.login('Wang.Fang', created.data.password as string);
    const info = await ctx.request<{ userName: string }>({ method: 'GET', url: '/api/user/info', token });
    expect(info.data.userName).toBe('王芳');
    const detail = await ctx.request<Account>({ method: 'GET', url: `/api/users/${created.data.id}`, token: admin });
    expect(detail.data).toMatchObject({ tenantNames: ['北京分公司'], mobile: null });
    expect(detail.data).not.toHaveProperty('password');
  });

  it('refuses a 登录账号 or 工号 another user holds, in any branch company', async () => {
    expect(await create({ loginId: 'ops', userName: '重名', code: 'CP0302' })).toMatchObject({
      code: 1000,
      msg: '登录账号 ops 已存在',
    });
    expect((await create({ loginId: 'liuyang', userName: '重名', code: 'CP0302' })).msg).toBe(
      '登录账号 liuyang 已存在',
    );
    expect((await create({ loginId: 'Liuyang', userName: '重名', code: 'CP0302' })).msg).toBe(
      '登录账号 Liuyang 已存在',
    );
    expect((await create({ loginId: 'new.one', userName: '重号', code: 'CP0201' })).msg).toBe('工号 CP0201 已存在');
    expect(await byLogin('new.one')).toBeUndefined();
  });

  it('lets exactly one of several identical creates sent at once through', async () => {
    const payload = { loginId: 'race.user', userName: '并发', code: 'CP0399' };
    const answers = await Promise.all([create(payload), create(payload), create(payload)]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, 1000, 1000]);
    for (const refused of answers.filter((answer) => answer.code !== 0)) {
      expect(refused.msg).toBe('登录账号 race.user 已存在');
    }
    expect((await list('loginId=race.user')).total).toBe(1);
  });

  it('refuses a role of the other branch company, and saves nothing', async () => {
    const refused = await create({
      loginId: 'cross.role',
      userName: '跨',
      code: 'CP0303',
      roleIds: [roles.shanghaiOps.value],
    });
    expect(refused).toMatchObject({ code: 1000, msg: '角色不存在' });
    expect(await byLogin('cross.role')).toBeUndefined();
  });
});

describe('编辑', () => {
  it('changes the profile and roles, records them, and never the 登录账号', async () => {
    const created = await create({ loginId: 'edit.me', userName: '改前', code: 'CP0304' });
    const form = { userName: '改后', code: 'CP0304', roleIds: [roles.superAdmin.value], version: 1 };
    expect((await update(created.data.id, { ...form, loginId: 'renamed' })).code).toBe(400);
    const edited = await update(created.data.id, form);
    expect(edited.data).toMatchObject({ loginId: 'edit.me', userName: '改后', roleNames: ['超级管理员'], version: 2 });
    const history = await ctx.request<HistoryEntry[]>({
      method: 'GET',
      url: `/api/users/${created.data.id}/history`,
      token: admin,
    });
    expect(history.data[0]?.changes).toEqual({
      userName: { from: '改前', to: '改后' },
      roleIds: {
        from: [Number(roles.ops.value)],
        to: [Number(roles.superAdmin.value)],
        fromName: [roles.ops.label],
        toName: ['超级管理员'],
      },
    });
  });

  it('refuses an edit to a 工号 another user holds', async () => {
    const created = await create({ loginId: 'edit.code', userName: '工号', code: 'CP0305' });
    const form = { userName: '工号', code: 'CP0002', roleIds: [roles.ops.value], version: 1 };
    expect(await update(created.data.id, form)).toMatchObject({ code: 1000, msg: '工号 CP0002 已存在' });
    expect((await byLogin('edit.code'))?.code).toBe('CP0305');
  });

  it('keeps the super-admin role on the built-in administrator', async () => {
    const account = (await byLogin('admin')) as Account;
    const form = { userName: '系统管理员', code: 'CP0001', roleIds: [roles.ops.value], version: account.version };
    expect(await update(account.id, form)).toMatchObject({ code: 1000, msg: '内置超级管理员不能移除超级管理员角色' });
    expect((await byLogin('admin'))?.roleNames).toEqual(['超级管理员']);
  });
});

describe('who may see and change accounts', () => {
  it('answers 403 to ops, who has no 用户管理 menu, on every route of it', async () => {
    const ops = await ctx.login('ops', 'ops123');
    const routes = declaredRoutes(ctx.app).filter(
      (route) => route.url.startsWith('/api/users') && route.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThanOrEqual(9);
    const target = (await byLogin('zhangwei')) as Account;
    for (const route of routes) {
      const response = await ctx.request({
        method: route.method as 'GET',
        url: route.url.replace(':id', target.id),
        token: ops,
        payload: {},
      });
      expect({ route: `${route.method} ${route.url}`, code: response.code }).toEqual({
        route: `${route.method} ${route.url}`,
        code: 403,
      });
    }
    expect((await byLogin('zhangwei'))?.version).toBe(target.version);
  });

  it("does not find another branch company's account by its id", async () => {
    const theirs = (await byLogin('liuyang', shanghai)) as Account;
    const at = (path = '') => `/api/users/${theirs.id}${path}`;
    expect(await ctx.request({ method: 'GET', url: at(), token: admin })).toMatchObject({
      code: 404,
      msg: '用户不存在',
    });
    expect((await ctx.request({ method: 'GET', url: at('/history'), token: admin })).code).toBe(404);
    const form = { userName: '改', code: 'CP0201', roleIds: [roles.ops.value], version: theirs.version };
    expect((await update(theirs.id, form)).code).toBe(404);
    for (const action of ['/disable', '/reset-password']) {
      expect((await ctx.request({ method: 'POST', url: at(action), token: admin })).code).toBe(404);
    }
    expect(await byLogin('liuyang', shanghai)).toMatchObject({ status: 1, userName: '刘洋', version: theirs.version });
  });
});
