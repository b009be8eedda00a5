import type { ListColumnsPreference } from '@cp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
let admin: string;
const url = '/api/preferences/list-columns/gpsList';

const read = (token = admin, path = url) =>
  ctx.request<ListColumnsPreference | null>({ method: 'GET', url: path, token });
const save = (payload: object, token = admin, path = url) =>
  ctx.request<ListColumnsPreference>({ method: 'PUT', url: path, token, payload });

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
});
afterAll(() => ctx.close());

describe('列设置 of a list, kept per user and screen', () => {
  it('answers null until set, then what was saved, to every session of the user', async () => {
    expect((await read()).data).toBeNull();
    const arranged = { order: ['plateNo', 'gpsLastSeenAt', 'gpsDeviceNo', 'vin'], hidden: ['cityId'] };
    expect((await save(arranged)).data).toEqual(arranged);
    const elsewhere = await ctx.login('admin', 'admin123');
    expect((await read(elsewhere)).data).toEqual(arranged);
    expect((await read(admin, '/api/preferences/list-columns/vehicleList')).data).toBeNull();
    expect((await save({ order: [], hidden: ['vin'] })).data).toEqual({ order: [], hidden: ['vin'] });
    expect((await read()).data).toEqual({ order: [], hidden: ['vin'] });
  });

  it("keeps another user's and another branch company's settings apart", async () => {
    await save({ order: [], hidden: ['modelId'] });
    const ops = await ctx.login('ops', 'ops123');
    expect((await read(ops)).data).toBeNull();
    expect((await read(await ctx.loginToOtherTenant())).data).toBeNull();
  });

  it('goes back to the default on 重置', async () => {
    await save({ order: [], hidden: ['modelId'] });
    expect((await ctx.request({ method: 'DELETE', url, token: admin })).code).toBe(0);
    expect((await read()).data).toBeNull();
  });

  it('refuses columns the screen does not have, the identity hidden, and screens that are not lists', async () => {
    expect(await save({ order: [], hidden: ['engineNo'] })).toMatchObject({
      code: 400,
      msg: '隐藏的列：GPS管理没有列 engineNo',
    });
    expect(await save({ order: [], hidden: ['plateNo'] })).toMatchObject({
      code: 400,
      msg: '隐藏的列：车牌号不能隐藏',
    });
    expect((await save({ order: ['vin', 'vin'], hidden: [] })).msg).toBe('列顺序：列不能重复');
    expect((await save({ order: [], hidden: [], extra: 1 })).code).toBe(400);
    expect((await read(admin, '/api/preferences/list-columns/roleManagement')).code).toBe(404);
    expect((await ctx.request({ method: 'GET', url })).code).toBe(1001);
  });
});
