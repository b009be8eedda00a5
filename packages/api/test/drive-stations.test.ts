import { driveStationResource, type PageResult } from '@cp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, grantRole } from './calls';
import { startTestApp, type TestContext } from './harness';

type Station = Record<string, unknown> & { id: string; version: number; status: number };

let ctx: TestContext;
let admin: string;
let cityIds: string[];
const { get, post, put, send } = callsAs<Station, Station>(() => ({ ctx, token: admin }));

let serial = 0;
/** A station with what the form requires, a name of its own, at a point far from every other (by `spot`). */
const station = (spot: number, fields: Record<string, unknown> = {}) => ({
  name: `测试驿站${++serial}`,
  type: 1,
  cityId: cityIds[0],
  district: '朝阳区',
  address: '测试路1号',
  coordinateSystem: 1,
  longitude: (116.1 + spot * 0.01).toFixed(6),
  latitude: '40.300000',
  allDay: true,
  displayOrder: 10,
  shownInApp: true,
  ...fields,
});
const remove = (id: string, token = admin) => send('DELETE', `/api/drive-stations/${id}`, undefined, token);

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
  cityIds = (
    await ctx.request<{ value: string }[]>({ method: 'GET', url: '/api/lookups/cities', token: admin })
  ).data.map((city) => city.value);
});
afterAll(() => ctx.close());

describe('司机驿站', () => {
  it('keeps a point in GCJ-02: WGS-84 and BD-09 converted on entry, what was typed kept beside it', async () => {
    const wgs = await post(
      '/api/drive-stations',
      station(1, { coordinateSystem: 2, longitude: '116.404', latitude: '39.915' }),
    );
    expect(wgs.data).toMatchObject({
      coordinateSystem: 1,
      longitude: '116.410244',
      latitude: '39.916404',
      sourcePoint: 'WGS-84（GPS）：116.404,39.915',
    });
    const bd = await post(
      '/api/drive-stations',
      station(2, { coordinateSystem: 3, longitude: '116.41036949', latitude: '39.92133699' }),
    );
    expect(bd.data).toMatchObject({ coordinateSystem: 1, longitude: '116.404000', latitude: '39.915000' });
    // Outside China nothing is offset.
    const abroad = await post(
      '/api/drive-stations',
      station(3, { coordinateSystem: 2, longitude: '139.767125', latitude: '35.681236' }),
    );
    expect(abroad.data).toMatchObject({ longitude: '139.767125', latitude: '35.681236' });
    // An edit of the other fields leaves the point alone; a new GCJ-02 point forgets what was typed before.
    const kept = await put(`/api/drive-stations/${wgs.data.id}`, { ...formOf(wgs.data), district: '东城区' });
    expect(kept.data).toMatchObject({ longitude: '116.410244', sourcePoint: 'WGS-84（GPS）：116.404,39.915' });
  });

  it('refuses bad coordinates, opening hours and amenities in words', async () => {
    expect((await post('/api/drive-stations', station(4, { longitude: '181' }))).msg).toBe('经度：应在-180到180之间');
    expect((await post('/api/drive-stations', station(4, { latitude: '北纬39' }))).msg).toMatch(
      /^纬度：应为纬度的十进制度数/,
    );
    expect((await post('/api/drive-stations', station(4, { allDay: false }))).msg).toBe(
      '营业时间：不是24小时营业时请填写营业时间',
    );
    expect((await post('/api/drive-stations', station(4, { allDay: false, openingHours: '8点-22点' }))).msg).toBe(
      '营业时间：应为“08:00-22:00”的时间段，多段用逗号分隔',
    );
    expect(
      (await post('/api/drive-stations', station(4, { allDay: false, openingHours: '14:00-22:00,08:00-12:00' }))).msg,
    ).toBe('营业时间：时间段应按时间先后填写且不能重叠');
    expect((await post('/api/drive-stations', station(4, { amenities: [99] }))).code).toBe(400);
    const open = await post(
      '/api/drive-stations',
      station(4, {
        allDay: false,
        openingHours: '08:00-12:00,14:00-22:00',
        amenities: [8, 2],
        chargerCount: 4,
        electricityPrice: 85,
      }),
    );
    expect(open.data).toMatchObject({
      openingHours: '08:00-12:00,14:00-22:00',
      amenities: [2, 8],
      electricityPrice: 85,
    });
    // 24小时 has no hours.
    const allDay = await put(`/api/drive-stations/${open.data.id}`, { ...formOf(open.data), allDay: true });
    expect(allDay.data).toMatchObject({ allDay: true, openingHours: null });
  });

  it('filters by amenity, type, city and status', async () => {
    const showers = await post('/api/drive-stations', station(5, { type: 3, amenities: [5, 1], cityId: cityIds[1] }));
    const list = await get<PageResult<Station>>(
      `/api/drive-stations?amenity=5&type=3&cityId=${cityIds[1]}&status=1&limit=50`,
    );
    expect(list.data.list.map((row) => row.id)).toEqual([showers.data.id]);
    expect(
      (await get<PageResult<Station>>(`/api/drive-stations?amenity=5&type=2&limit=50`)).data.list.map((r) => r.id),
    ).not.toContain(showers.data.id);
  });

  it('refuses the same site twice: one name in one city, or a point within 50 m', async () => {
    const first = await post('/api/drive-stations', station(6, { name: '西坝河驿站' }));
    expect(first.code).toBe(0);
    expect((await post('/api/drive-stations', station(7, { name: '西坝河驿站' }))).msg).toBe(
      '该城市已有名为「西坝河驿站」的驿站，请勿重复添加',
    );
    expect((await post('/api/drive-stations', station(7, { name: '西坝河驿站', cityId: cityIds[2] }))).code).toBe(0);
    // About 30 m north of the first; 80 m is another site.
    const near = await post('/api/drive-stations', station(6, { latitude: '40.300270' }));
    expect(near.msg).toBe('与驿站「西坝河驿站」相距约30米，视为同一地点，请勿重复添加');
    expect((await post('/api/drive-stations', station(6, { latitude: '40.300720' }))).code).toBe(0);
    // A station may be saved again where it is.
    expect((await put(`/api/drive-stations/${first.data.id}`, formOf(first.data))).code).toBe(0);
  });

  it('saves one of several stations sent at once for one spot', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('/api/drive-stations', station(8))));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(answers.filter((answer) => /视为同一地点/.test(answer.msg))).toHaveLength(4);
  });

  it('deletes a station nobody refers to, and only disables one a plan picks up at', async () => {
    const unused = await post('/api/drive-stations', station(9));
    expect((await remove(unused.data.id)).code).toBe(0);
    expect((await get(`/api/drive-stations/${unused.data.id}`)).code).toBe(404);
    const { data: plans } = await get<PageResult<Record<string, unknown>>>('/api/boarding-plans?limit=100');
    const used = plans.list.find((plan) => plan.stationId);
    const stationId = String(used?.stationId);
    const { msg } = await remove(stationId);
    expect(msg).toMatch(/^驿站「.+」已被\d+条上车计划选为提车地点，不能删除，请停用$/);
    expect((await post(`/api/drive-stations/${stationId}/disable`)).code).toBe(0);
    expect((await get(`/api/drive-stations/${stationId}`)).data.status).toBe(0);
    expect((await post(`/api/drive-stations/${stationId}/disable`)).msg).toBe('驿站当前为「停用」，不能停用');
    expect((await post(`/api/drive-stations/${stationId}/enable`)).code).toBe(0);
  });

  it('keeps each branch company to its own stations', async () => {
    const other = await ctx.loginToOtherTenant();
    const mine = await post('/api/drive-stations', station(10));
    expect((await send('GET', `/api/drive-stations/${mine.data.id}`, undefined, other)).code).toBe(404);
    expect((await send('PUT', `/api/drive-stations/${mine.data.id}`, formOf(mine.data), other)).code).toBe(404);
    expect((await remove(mine.data.id, other)).code).not.toBe(0);
    expect((await send('POST', `/api/drive-stations/${mine.data.id}/disable`, {}, other)).code).not.toBe(0);
    const theirs = await get<PageResult<Station>>('/api/drive-stations?limit=100', other);
    expect(theirs.data.list.length).toBeGreaterThan(0);
    expect(theirs.data.list.map((row) => row.id)).not.toContain(mine.data.id);
  });

  it('asks for each button: a role with the page and 新增 may add, not delete or disable', async () => {
    await grantRole(ctx, admin, 'vehicleOrderOps', ['driveStation'], ['driveStation:add']);
    const ops = await ctx.login('ops', 'ops123');
    expect((await get<PageResult<Station>>('/api/drive-stations?limit=5', ops)).code).toBe(0);
    const added = await post('/api/drive-stations', station(11), ops);
    expect(added.code).toBe(0);
    expect((await remove(added.data.id, ops)).code).toBe(403);
    expect((await post(`/api/drive-stations/${added.data.id}/disable`, {}, ops)).code).toBe(403);
    expect((await put(`/api/drive-stations/${added.data.id}`, formOf(added.data), ops)).code).toBe(403);
  });
});

/** What the edit form sends back of a saved station: its form fields, as the API answered them, and its version. */
function formOf(row: Record<string, unknown>) {
  const fields = Object.entries(driveStationResource.fields).filter(([, def]) => def.form);
  return { ...Object.fromEntries(fields.map(([name]) => [name, row[name] ?? undefined])), version: row.version };
}
