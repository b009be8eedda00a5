import type { AccountRow, RoleDto } from '@cp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
let beijing: string;
let shanghai: string;
let roleId: string;

beforeAll(async () => {
  ctx = await startTestApp();
  beijing = await ctx.login('admin', 'admin123');
  const { data: rows } = await ctx.request<AccountRow[]>({ method: 'GET', url: '/api/user/accounts', token: beijing });
  const other = await ctx.login('admin', 'admin123');
  const switched = await ctx.request<{ access_token: string }>({
    method: 'POST',
    url: '/api/user/switch-account',
    token: other,
    payload: { appId: 'cp-console', loginId: 'admin', tenantId: rows.find((row) => !row.currentUser)?.tenantId },
  });
  shanghai = switched.data.access_token;
  const created = await ctx.request<RoleDto>({
    method: 'POST',
    url: '/api/roles',
    token: beijing,
    payload: { code: 'fleetAuditor', name: '车队稽核', menuKeys: ['vehicleList'], buttonKeys: ['vehicleList:export'] },
  });
  expect(created.code).toBe(0);
  roleId = created.data.id;
});
afterAll(() => ctx.close());

describe('tenant isolation', () => {
  it('shows the role to its own tenant', async () => {
    const response = await ctx.request<RoleDto>({ method: 'GET', url: `/api/roles/${roleId}`, token: beijing });
    expect(response.data.name).toBe('车队稽核');
  });

  it('hides it from another tenant by id, in lists and in history', async () => {
    expect(await ctx.request({ method: 'GET', url: `/api/roles/${roleId}`, token: shanghai })).toMatchObject({
      code: 404,
      msg: '角色不存在',
    });
    expect((await ctx.request({ method: 'GET', url: `/api/roles/${roleId}/history`, token: shanghai })).code).toBe(404);
    const list = await ctx.request<{ list: RoleDto[] }>({
      method: 'GET',
      url: '/api/roles?keyword=车队',
      token: shanghai,
    });
    expect(list.data.list).toEqual([]);
  });

  it('refuses another tenant changing or deleting it, and leaves it as it was', async () => {
    const update = await ctx.request({
      method: 'PUT',
      url: `/api/roles/${roleId}`,
      token: shanghai,
      payload: { code: 'fleetAuditor', name: '被篡改', menuKeys: [], buttonKeys: [], version: 1 },
    });
    expect(update.code).toBe(404);
    expect((await ctx.request({ method: 'DELETE', url: `/api/roles/${roleId}`, token: shanghai })).code).toBe(404);
    const after = await ctx.request<RoleDto>({ method: 'GET', url: `/api/roles/${roleId}`, token: beijing });
    expect(after.data).toMatchObject({ name: '车队稽核', version: 1 });
  });
});

describe('built-in role', () => {
  it('refuses to edit or delete the super-admin role', async () => {
    const list = await ctx.request<{ list: RoleDto[] }>({
      method: 'GET',
      url: '/api/roles?keyword=superAdmin',
      token: beijing,
    });
    const role = list.data.list[0] as RoleDto;
    const update = await ctx.request({
      method: 'PUT',
      url: `/api/roles/${role.id}`,
      token: beijing,
      payload: { code: 'superAdmin', name: '改名', menuKeys: [], buttonKeys: [], version: role.version },
    });
    expect(update).toMatchObject({ code: 1000, msg: '系统内置角色不能修改或删除' });
    expect((await ctx.request({ method: 'DELETE', url: `/api/roles/${role.id}`, token: beijing })).msg).toBe(
      '系统内置角色不能修改或删除',
    );
  });
});
