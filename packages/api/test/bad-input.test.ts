import type { RoleDto } from '@cp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await startTestApp({ bodyLimitBytes: 64 * 1024 });
  token = await ctx.login('admin', 'admin123');
});
afterAll(() => ctx.close());

const validRole = { code: 'checker', name: '验车员', menuKeys: ['vehicleInspected'], buttonKeys: [] };

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  ctx.request({
    method: 'POST',
    url: '/api/roles',
    token,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('bad input gets a clear answer, never a 500', () => {
  it('malformed JSON', async () => {
    expect(await post('{"code": "x",')).toMatchObject({ status: 200, code: 400, msg: '请求体不是有效的JSON' });
  });

  it('a body of the wrong shape', async () => {
    expect(await post('[1,2]')).toMatchObject({ code: 400, msg: '请求体类型错误，应为对象' });
  });

  it('a wrong type names the field', async () => {
    expect(await post({ ...validRole, name: 42 })).toMatchObject({ code: 400, msg: '角色名称：类型错误，应为文本' });
  });

  it('an unknown field is named', async () => {
    expect(await post({ ...validRole, tenantId: '2' })).toMatchObject({ code: 400, msg: '不支持的字段：tenantId' });
  });

  it('an unknown permission key is named', async () => {
    expect(await post({ ...validRole, menuKeys: ['nope'] })).toMatchObject({
      code: 400,
      msg: '菜单权限：菜单 nope 不存在',
    });
  });

  it('a button without its menu is refused', async () => {
    const response = await post({ ...validRole, buttonKeys: ['vehicleList:export'] });
    expect(response).toMatchObject({
      code: 400,
      msg: '按钮权限：按钮 vehicleList:export 所在的菜单「车辆列表」未授权',
    });
  });

  it('an oversized body', async () => {
    const response = await post({ ...validRole, remark: 'x'.repeat(70 * 1024) });
    expect(response).toMatchObject({ status: 200, code: 413, msg: '请求内容过大，不能超过64KB' });
  });

  it('an unsupported content type', async () => {
    expect(await post('code=x', { 'content-type': 'text/csv' })).toMatchObject({
      code: 400,
      msg: '不支持的请求内容类型',
    });
  });

  it('a page size past the maximum', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/roles?limit=501', token });
    expect(response).toMatchObject({ code: 400, msg: '每页条数：不能大于500' });
    expect((await ctx.request({ method: 'GET', url: '/api/roles?page=abc', token })).msg).toBe(
      '页码：类型错误，应为数字',
    );
  });

  it('an unknown filter', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/roles?order=1;drop', token });
    expect(response).toMatchObject({ code: 400, msg: '不支持的字段：order' });
  });

  it('an id that is not a number', async () => {
    expect(await ctx.request({ method: 'GET', url: "/api/roles/1'or'1", token })).toMatchObject({
      code: 400,
      msg: '编号：必须是有效的编号',
    });
    expect((await ctx.request({ method: 'GET', url: '/api/roles/99999999999999999999', token })).code).toBe(400);
  });

  it('SQL metacharacters in a filter are just text', async () => {
    for (const keyword of ["'; drop table roles; --", '%', '_', '\\', "超级' or '1'='1"]) {
      const response = await ctx.request<{ list: RoleDto[] }>({
        method: 'GET',
        url: `/api/roles?keyword=${encodeURIComponent(keyword)}`,
        token,
      });
      expect({ keyword, code: response.code, rows: response.data.list.length }).toEqual({ keyword, code: 0, rows: 0 });
    }
    const all = await ctx.request<{ list: RoleDto[] }>({ method: 'GET', url: '/api/roles?keyword=超级', token });
    expect(all.data.list.map((role) => role.code)).toEqual(['superAdmin']);
  });

  it('a stale version is a conflict, and the saved row is kept', async () => {
    const created = await post(validRole);
    const role = created.data as RoleDto;
    const update = (name: string) =>
      ctx.request({ method: 'PUT', url: `/api/roles/${role.id}`, token, payload: { ...validRole, name, version: 1 } });
    expect((await update('验车主管')).code).toBe(0);
    expect(await update('过期的修改')).toMatchObject({ code: 409, msg: '数据已被他人修改，请刷新后重试' });
    const after = await ctx.request<RoleDto>({ method: 'GET', url: `/api/roles/${role.id}`, token });
    expect(after.data).toMatchObject({ name: '验车主管', version: 2 });
  });

  it('an unknown API path', async () => {
    expect(await ctx.request({ method: 'GET', url: '/api/nope', token })).toMatchObject({
      status: 404,
      code: 404,
      msg: '接口不存在',
    });
  });
});
