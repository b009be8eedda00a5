import { type RoleDto, vinCheckDigit } from '@cp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
let token: string;
let refs: { modelId: string; cityId: string; companyId: string };

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 12 });
  token = await ctx.login('admin', 'admin123');
  const catalog = await ctx.request<{ children: { children: { value: string }[] }[] }[]>({
    method: 'GET',
    url: '/api/lookups/vehicle-catalog',
    token,
  });
  const companies = await ctx.request<{ value: string }[]>({ method: 'GET', url: '/api/lookups/companies', token });
  const cities = await ctx.request<{ value: string }[]>({ method: 'GET', url: '/api/lookups/cities', token });
  refs = {
    modelId: catalog.data[0]?.children[0]?.children[0]?.value ?? '',
    cityId: cities.data[0]?.value ?? '',
    companyId: companies.data[0]?.value ?? '',
  };
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.request({ method: 'GET', url, token });
/** A JSON body sent as typed: `\ud800` stays a lone surrogate escape. */
const send = (method: 'POST' | 'PUT', url: string, json: string) =>
  ctx.request({ method, url, token, payload: json, headers: { 'content-type': 'application/json' } });

const vin = (serial: number) => {
  const draft = `LJUNK0CB0P${String(serial).padStart(7, '0')}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
};

describe('the schemas refuse what the database would, naming the field', () => {
  it('an id filter that is not a positive integer the column holds', async () => {
    expect(await get('/api/vehicles?cityId=abc')).toMatchObject({
      status: 200,
      code: 400,
      msg: '城市：必须是有效的编号',
    });
    for (const url of [
      '/api/vehicles?brandId=-1',
      '/api/vehicles?companyId=9007199254740993',
      '/api/vehicle-shunting?fromCityId=abc',
      '/api/vehicle-shunting?toCityId=99999999999999999999',
    ]) {
      expect((await get(url)).msg, url).toMatch(/^(品牌|所属公司|调出城市|调入城市)：必须是有效的编号$/);
    }
  });

  it('a NUL byte in a text filter or a text field', async () => {
    expect(await get('/api/vehicles?plateNo=%00')).toMatchObject({
      status: 200,
      code: 400,
      msg: '车牌号：不能包含空字符',
    });
    expect(await get('/api/roles?keyword=a%00')).toMatchObject({ code: 400, msg: '关键字：不能包含空字符' });
    expect(await get('/api/vehicle-deliveries?driverName=%00')).toMatchObject({
      code: 400,
      msg: '司机姓名：不能包含空字符',
    });
    const label = await send('POST', '/api/lookups/labels', '{"name":"a\\u0000b"}');
    expect(label).toMatchObject({ status: 200, code: 400, msg: '标签名称：不能包含空字符' });
  });

  it('a lone surrogate (not valid UTF-8) in a text field', async () => {
    const label = await send('POST', '/api/lookups/labels', '{"name":"\\ud800"}');
    expect(label).toMatchObject({ status: 200, code: 400, msg: '标签名称：包含无效字符' });
    const role = await send('POST', '/api/roles', '{"code":"xy","name":"a\\udfffb","menuKeys":[],"buttonKeys":[]}');
    expect(role).toMatchObject({ code: 400, msg: '角色名称：包含无效字符' });
  });

  it("a malformed percent-encoding or an absurdly long path parameter, in the console's own words", async () => {
    for (const url of ['/api/vehicles/%zz', '/api/vehicles/%FF', `/api/vehicles/${'9'.repeat(500)}`]) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { token } });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
      expect(response.json()).toMatchObject({ code: 400, msg: '请求地址无效', isSuccess: false });
    }
  });

  it('an enumeration filter past its values (and past smallint)', async () => {
    expect(await get('/api/vehicles?stage=9999999999')).toMatchObject({
      status: 200,
      code: 400,
      msg: '车辆阶段：取值无效，可选值：0、1、2、3、4、5、6、7、8、9',
    });
    expect(await get('/api/vehicles?stage=0,40000')).toMatchObject({ code: 400 });
    expect(await get('/api/vehicles?energyType=99999999999')).toMatchObject({
      code: 400,
      msg: '能源类型：取值无效，可选值：0、1、2、3、4',
    });
    expect(await get('/api/vehicles?energyType=40000')).toMatchObject({ status: 200, code: 400 });
    expect(await get('/api/vehicle-risks?rule=32768')).toMatchObject({ status: 200, code: 400 });
    expect(await get('/api/lookups/vehicles?stage=99999')).toMatchObject({ status: 200, code: 400 });
  });

  it('an impossible calendar date in a date range', async () => {
    expect(await get('/api/vehicles?registrationDate=2026-02-30,2026-03-01')).toMatchObject({
      status: 200,
      code: 400,
      msg: '注册日期：2026-02-30 不是有效的日期',
    });
    expect(await get('/api/vehicle-returns?requestedAt=0000-00-00,0000-00-00')).toMatchObject({
      status: 200,
      code: 400,
    });
    expect(await get('/api/vehicle-maintenance?serviceDate=2025-01-01,2025-13-01')).toMatchObject({ code: 400 });
  });

  it('a year the database has no day of', async () => {
    const role = await get('/api/vehicles?registrationDate=0000-01-01,2026-01-01');
    expect(role).toMatchObject({ status: 200, code: 400, msg: '注册日期：0000-01-01 不是有效的日期' });
  });

  it('a version past int4', async () => {
    const [vehicle] = (await ctx.request<{ list: { id: string }[] }>({ method: 'GET', url: '/api/vehicles', token }))
      .data.list;
    const full = await ctx.request<Record<string, unknown>>({
      method: 'GET',
      url: `/api/vehicles/${vehicle?.id}`,
      token,
    });
    const { vin: ownVin, modelId, energyType, cityId, companyId, mileage } = full.data;
    const put = await ctx.request({
      method: 'PUT',
      url: `/api/vehicles/${vehicle?.id}`,
      token,
      payload: { vin: ownVin, modelId, energyType, cityId, companyId, mileage, version: 2147483648 },
    });
    expect(put).toMatchObject({ status: 200, code: 400, msg: '版本号：不能大于2147483647' });
    const roles = await ctx.request<{ list: RoleDto[] }>({ method: 'GET', url: '/api/roles', token });
    const role = roles.data.list.find((row) => row.code !== 'superAdmin');
    const rolePut = await ctx.request({
      method: 'PUT',
      url: `/api/roles/${role?.id}`,
      token,
      payload: { code: role?.code, name: role?.name, menuKeys: [], buttonKeys: [], version: 2147483648 },
    });
    expect(rolePut).toMatchObject({ status: 200, code: 400, msg: '版本号：不能大于2147483647' });
  });

  it('a page past what a list pages through', async () => {
    expect(await get('/api/roles?page=99999999999999999')).toMatchObject({
      status: 200,
      code: 400,
      msg: '页码：不能大于100000',
    });
    expect(await get('/api/download-records?page=9007199254740991')).toMatchObject({ status: 200, code: 400 });
  });
});

describe('twenty creates of the same key at once: one is saved, the others are told it exists', () => {
  const race = async (count: number, create: () => Promise<{ status: number; code: number; msg: string }>) => {
    const answers = await Promise.all(Array.from({ length: count }, create));
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    return answers.filter((answer) => answer.code !== 0).map((answer) => answer.msg);
  };

  it('a vehicle by VIN', async () => {
    const raced = vin(4242);
    const refused = await race(20, () =>
      ctx.request({
        method: 'POST',
        url: '/api/vehicles',
        token,
        payload: { vin: raced, energyType: 1, mileage: 12, ...refs },
      }),
    );
    expect(new Set(refused)).toEqual(new Set([`车架号 ${raced} 已存在`]));
  });

  it('a label by name', async () => {
    const refused = await race(20, () =>
      ctx.request({ method: 'POST', url: '/api/lookups/labels', token, payload: { name: '竞速标签' } }),
    );
    expect(new Set(refused)).toEqual(new Set(['标签「竞速标签」已存在']));
  });

  it('a role by code', async () => {
    const refused = await race(20, () =>
      ctx.request({
        method: 'POST',
        url: '/api/roles',
        token,
        payload: { code: 'racer', name: '竞速角色', menuKeys: [], buttonKeys: [] },
      }),
    );
    expect(new Set(refused)).toEqual(new Set(['角色编码 racer 已存在']));
  });

  it('a role renamed to a code another role is taking', async () => {
    const others: RoleDto[] = [];
    for (const code of ['renameA', 'renameB', 'renameC', 'renameD', 'renameE', 'renameF', 'renameG', 'renameH']) {
      const created = await ctx.request<RoleDto>({
        method: 'POST',
        url: '/api/roles',
        token,
        payload: { code, name: code, menuKeys: [], buttonKeys: [] },
      });
      others.push(created.data);
    }
    const answers = await Promise.all(
      others.map((role) =>
        ctx.request({
          method: 'PUT',
          url: `/api/roles/${role.id}`,
          token,
          payload: {
            code: 'sameCode',
            name: role.name,
            menuKeys: role.menuKeys,
            buttonKeys: role.buttonKeys,
            version: role.version,
          },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(new Set(answers.filter((answer) => answer.code !== 0).map((answer) => answer.msg))).toEqual(
      new Set(['角色编码 sameCode 已存在']),
    );
  });
});
