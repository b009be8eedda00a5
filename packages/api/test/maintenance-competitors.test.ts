import { addDays, beijingDay, type PageResult } from '@cp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs } from './calls';
import { citiesByName, userWithButtons } from './competitor-support';
import { startTestApp, type TestContext } from './harness';

type Row = Record<string, unknown> & { id: string; version: number };

let ctx: TestContext;
let admin: string;
let city: Map<string, string>;
const { get, post, put, send } = callsAs<Row, Row>(() => ({ ctx, token: admin }));

const base = { newEnergy: '/api/maintenance-competitors/new-energy', fuel: '/api/maintenance-competitors/fuel' };
const survey = { surveyDate: addDays(beijingDay(new Date()), -2), source: '到店询价' };
let serial = 0;
const shop = (fields: Record<string, unknown> = {}) => ({
  name: `测试养车中心${++serial}`,
  shopType: 2,
  cityId: city.get('北京市'),
  address: '北京市朝阳区建国路88号',
  partnership: 1,
  ...survey,
  ...fields,
});
const price = (shopId: string, fields: Record<string, unknown> = {}) => ({
  model: '比亚迪秦PLUS EV',
  shopId,
  serviceItem: 2,
  price: 19_900,
  taxBasis: 1,
  ...survey,
  ...fields,
});

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
  city = await citiesByName(ctx, admin);
});
afterAll(() => ctx.close());

describe('维保竞品 shops', () => {
  it('refuses a shop twice on its page (name and city), even sent at once; the other energy type’s page is apart', async () => {
    const name = '测试比亚迪4S店';
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => post(`${base.newEnergy}/shops`, shop({ name, shopType: 1 }))),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(answers.find((answer) => answer.code !== 0)?.msg).toBe(
      `新能源维保门店「${name}」在北京市已登记，请勿重复录入`,
    );
    expect((await post(`${base.fuel}/shops`, shop({ name, shopType: 1 }))).code).toBe(0);
    expect((await post(`${base.newEnergy}/shops`, shop({ name, cityId: city.get('天津市') }))).code).toBe(0);
  });

  it('keeps a shop with prices: deleting it says so, and works once they are gone', async () => {
    const { data: saved } = await post(`${base.newEnergy}/shops`, shop({ name: '测试有价目门店' }));
    const item = await post(`${base.newEnergy}/prices`, price(saved.id));
    expect(item.code).toBe(0);
    expect((await send('DELETE', `${base.newEnergy}/shops/${saved.id}`)).msg).toBe(
      '「测试有价目门店」还有1条保养价目，请先删除后再删除',
    );
    expect((await send('DELETE', `${base.newEnergy}/prices/${item.data.id}`)).code).toBe(0);
    expect((await send('DELETE', `${base.newEnergy}/shops/${saved.id}`)).code).toBe(0);
  });
});

describe('维保竞品 price lists', () => {
  it('takes each energy type’s own catalogue, for a shop of the page', async () => {
    const { data: electric } = await post(`${base.newEnergy}/shops`, shop());
    const { data: fuel } = await post(`${base.fuel}/shops`, shop());
    // 火花塞更换 (燃油车 5) is 制动液更换 on the 新能源 list; 8 is on neither.
    expect((await post(`${base.newEnergy}/prices`, price(electric.id, { serviceItem: 8 }))).msg).toMatch(/^保养项目：/);
    expect((await post(`${base.fuel}/prices`, price(fuel.id, { serviceItem: 5, model: '丰田卡罗拉' }))).code).toBe(0);
    // A shop that is not on the page (none such, or deleted) takes no prices.
    const missing = await post(`${base.newEnergy}/prices`, price('999999'));
    expect(missing.code).not.toBe(0);
    expect(missing.msg).toMatch(/维保门店/);
    expect(await post(`${base.fuel}/prices`, price(fuel.id, { price: 0 }))).toMatchObject({
      code: 400,
      msg: '价格：应大于0',
    });
  });

  it('lists a page’s prices on its /prices child page, by shop and item', async () => {
    const { data: saved } = await post(`${base.fuel}/shops`, shop());
    await post(`${base.fuel}/prices`, price(saved.id, { serviceItem: 1, model: '日产轩逸', price: 38_000 }));
    await post(`${base.fuel}/prices`, price(saved.id, { serviceItem: 3, model: '日产轩逸', price: 32_000 }));
    const view = `${base.fuel}/prices/views/maintenance-competition-management.oil-trucks.type`;
    const answer = await get<PageResult<Row>>(`${view}?shopId=${saved.id}&serviceItem=3`);
    expect(answer.data.list.map((row) => [row.model, row.price, row.shopName])).toEqual([
      ['日产轩逸', 32_000, `${saved.name}（北京市）`],
    ]);
    // The demo's price lists are in both branch companies' pages.
    const demo = await get<PageResult<Row>>(`${view}?limit=5`);
    expect(demo.data.total).toBeGreaterThan(0);
  });
});

describe('branch companies and buttons', () => {
  it('keeps another branch company’s shops out of reach by id', async () => {
    const other = await ctx.loginToOtherTenant();
    const { data: mine } = await post(`${base.newEnergy}/shops`, shop());
    expect((await get(`${base.newEnergy}/shops/${mine.id}`, other)).code).not.toBe(0);
    expect((await send('DELETE', `${base.newEnergy}/shops/${mine.id}`, undefined, other)).code).not.toBe(0);
    expect((await post(`${base.newEnergy}/prices`, price(mine.id), other)).code).not.toBe(0);
    expect((await get(`${base.newEnergy}/shops/${mine.id}`)).code).toBe(0);
  });

  it('refuses what the role’s buttons do not give, page by page', async () => {
    const page = 'maintenance-competition-management.new-energy';
    const clerk = await userWithButtons(ctx, admin, page, ['add', 'edit', 'export']);
    const { data: made } = await post(`${base.newEnergy}/shops`, shop(), clerk);
    const { cityId: _fixed, ...edit } = shop({ name: made.name, partnership: 2 });
    expect((await put(`${base.newEnergy}/shops/${made.id}`, { ...edit, version: 1 }, clerk)).code).toBe(0);
    expect(await send('DELETE', `${base.newEnergy}/shops/${made.id}`, undefined, clerk)).toMatchObject({ code: 403 });
    // 燃油车 is another page: its menu and buttons are not the clerk's.
    expect((await post(`${base.fuel}/shops`, shop(), clerk)).code).toBe(403);
  });
});
