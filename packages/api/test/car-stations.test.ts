import type { PageResult } from '@cp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appClient, type TestAppClient } from './app-support';
import { callsAs, grantRole } from './calls';
import { startTestApp, type TestContext } from './harness';

type Station = Record<string, unknown> & { id: string; version: number; longitude: string; latitude: string };
type Near = { id: string; name: string; distanceMetres: number; amenities: string[]; kindName: string };

let ctx: TestContext;
let admin: string;
let app: TestAppClient;
let cityId: string;
const { get, post, put, send } = callsAs<Station, Station>(() => ({ ctx, token: admin }));

let serial = 0;
/** A site near 国贸 unless told otherwise, typed in GCJ-02. */
const station = (fields: Record<string, unknown> = {}) => ({
  name: `测试站点${++serial}`,
  kind: 1,
  cityId,
  district: '朝阳区',
  address: '建国门外大街1号',
  coordinateSystem: 1,
  longitude: '116.459000',
  latitude: '39.909000',
  allDay: false,
  openingHours: '09:00-18:00',
  amenities: [1, 4],
  displayOrder: 10,
  shownInApp: true,
  ...fields,
});
let address = 0;
const nearby = (query: string) =>
  app.send<Near[]>({
    method: 'GET',
    url: `/api/app/car-stations/nearby?${query}`,
    remoteAddress: `10.8.0.${++address}`,
  });

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
  cityId = (await get<{ value: string }[]>('/api/lookups/cities')).data[0]?.value ?? '';
  app = await appClient(ctx, '北京分公司');
});
afterAll(() => ctx.close());

describe('车站管理', () => {
  it('keeps a point typed in WGS-84 in GCJ-02, with what was typed beside it, as 司机驿站 do', async () => {
    const made = await post(
      '/api/car-stations',
      station({ coordinateSystem: 2, longitude: '116.452800', latitude: '39.907600' }),
    );
    expect(made.code).toBe(0);
    const row = (await get(`/api/car-stations/${made.data.id}`)).data;
    expect(row).toMatchObject({ coordinateSystem: 1, sourcePoint: 'WGS-84（GPS）：116.452800,39.907600' });
    // GCJ-02 is offset a few hundred metres east and north of GPS around Beijing.
    expect(Number(row.longitude)).toBeGreaterThan(116.4585);
    expect(Number(row.latitude)).toBeGreaterThan(39.9088);
  });

  it('asks for hours unless open all day, and refuses a bad point or hours under the field', async () => {
    expect((await post('/api/car-stations', station({ openingHours: null }))).msg).toBe(
      '营业时间：不是24小时营业时请填写营业时间',
    );
    expect((await post('/api/car-stations', station({ latitude: '91' }))).msg).toBe('纬度：应在-90到90之间');
    expect((await post('/api/car-stations', station({ openingHours: '18:00-09:00' }))).msg).toBe(
      '营业时间：时间段18:00-09:00的结束应晚于开始',
    );
    const allDay = await post('/api/car-stations', station({ allDay: true, openingHours: '09:00-18:00' }));
    expect((await get(`/api/car-stations/${allDay.data.id}`)).data.openingHours).toBeNull();
  });

  it('filters by amenity and by APP展示', async () => {
    const shower = await post('/api/car-stations', station({ amenities: [5], shownInApp: false }));
    const listed = await get<PageResult<Station>>('/api/car-stations?amenity=5&shownInApp=0&limit=100');
    expect(listed.data.list.map((row) => row.id)).toContain(shower.data.id);
    expect(listed.data.list.every((row) => (row.amenities as number[]).includes(5) && row.shownInApp === false)).toBe(
      true,
    );
  });

  it('keeps each branch company to its own sites, and asks for each button', async () => {
    const made = await post('/api/car-stations', station());
    const other = await ctx.loginToOtherTenant();
    expect((await send('GET', `/api/car-stations/${made.data.id}`, undefined, other)).code).toBe(404);
    expect((await send('DELETE', `/api/car-stations/${made.data.id}`, undefined, other)).code).toBe(404);
    await grantRole(ctx, admin, 'vehicleOrderOps', ['carStationIndex'], ['carStationIndex:add']);
    const ops = await ctx.login('ops', 'ops123');
    expect((await post('/api/car-stations', station(), ops)).code).toBe(0);
    const row = (await get(`/api/car-stations/${made.data.id}`)).data;
    expect((await put(`/api/car-stations/${made.data.id}`, { ...station(), version: row.version }, ops)).code).toBe(
      403,
    );
    expect((await send('DELETE', `/api/car-stations/${made.data.id}`, undefined, ops)).code).toBe(403);
  });
});

describe('the app’s station map', () => {
  it('lists the shown sites near a point, nearest first, within the radius, of the caller’s branch company only', async () => {
    const base = { longitude: '121.000000', latitude: '30.000000' };
    const near = await post('/api/car-stations', station({ name: '近点站', ...base, longitude: '121.001000' }));
    const far = await post('/api/car-stations', station({ name: '远点站', ...base, longitude: '121.030000', kind: 4 }));
    await post('/api/car-stations', station({ name: '隐藏站', ...base, longitude: '121.000500', shownInApp: false }));
    await post('/api/car-stations', station({ name: '界外站', ...base, longitude: '121.200000' }));
    const found = await nearby('longitude=121&latitude=30&radiusKm=5');
    expect(found.code).toBe(0);
    expect(found.data.map((site) => site.name)).toEqual(['近点站', '远点站']);
    expect(found.data[0]).toMatchObject({ id: near.data.id, kindName: '门店', amenities: ['空调休息区', '卫生间'] });
    expect(found.data[0]?.distanceMetres).toBeGreaterThan(80);
    expect(found.data[0]?.distanceMetres).toBeLessThan(110);
    expect((await nearby('longitude=121&latitude=30&radiusKm=5&kind=4')).data.map((site) => site.id)).toEqual([
      far.data.id,
    ]);
    const shanghai = await appClient(ctx, '上海分公司');
    const theirs = await shanghai.send<Near[]>({
      method: 'GET',
      url: '/api/app/car-stations/nearby?longitude=121&latitude=30&radiusKm=5',
      remoteAddress: '10.8.1.1',
    });
    expect(theirs.data).toEqual([]);
  });

  it('converts a BD-09 point before measuring', async () => {
    await post('/api/car-stations', station({ name: '百度换算站', longitude: '110.000000', latitude: '25.000000' }));
    // The same place as Baidu names it: about 0.0065° east and 0.006° north of GCJ-02.
    const found = await nearby('longitude=110.0065&latitude=25.006&coordinateSystem=3&radiusKm=1');
    expect(found.data[0]?.name).toBe('百度换算站');
    expect(found.data[0]?.distanceMetres).toBeLessThan(30);
  });

  it('refuses junk queries in words', async () => {
    expect((await nearby('longitude=abc&latitude=30')).msg).toMatch(/^经度：/);
    expect((await nearby('longitude=121&latitude=95')).msg).toBe('纬度：应在-90到90之间');
    expect((await nearby('longitude=121&latitude=30&radiusKm=500')).msg).toBe('范围（公里）：不能大于50');
    expect((await nearby('longitude=121&latitude=30&coordinateSystem=9')).msg).toMatch(/^坐标系：/);
    expect((await nearby('longitude=121&latitude=30&drop=1')).code).toBe(400);
    expect((await nearby('latitude=30')).code).toBe(400);
  });
});
