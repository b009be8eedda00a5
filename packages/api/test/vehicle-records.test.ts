import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs } from './calls';
import { activeDriver } from './driver-support';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
let admin: string;

type Row = Record<string, unknown> & { id: string; version: number };
interface Page {
  list: Row[];
  total: number;
}

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 40 });
  admin = await ctx.login('admin', 'admin123');
});
afterAll(() => ctx.close());

const { get, post } = callsAs<Page, Row>(() => ({ ctx, token: admin }));
const vehicleIn = async (stage: number) => (await get(`/api/vehicles?stage=${stage}&limit=1`)).data.list[0] as Row;
const checklist = [{ item: '外观', ok: true }];

describe('handovers', () => {
  it('delivers an in-stock vehicle temporarily and recalls it', async () => {
    const vehicle = await vehicleIn(7);
    const mileage = Number(vehicle.mileage);
    const delivered = await post(`/api/vehicles/${vehicle.id}/temporary-deliver`, {
      driverId: (await activeDriver(ctx, admin, '赵刚')).id,
      mileage,
      energyLevel: 80,
      checklist,
    });
    expect(delivered.code).toBe(0);
    expect((await get<Row>(`/api/vehicles/${vehicle.id}`)).data).toMatchObject({ stage: 8, rentStatus: 0 });
    const temporary = await get('/api/vehicle-deliveries/views/temporaryDelivery?driverName=赵刚');
    expect(temporary.data.list.map((row) => row.plateNo)).toEqual([vehicle.plateNo]);
    expect((await post(`/api/vehicles/${vehicle.id}/recall`, { mileage: mileage - 1, energyLevel: 70 })).msg).toBe(
      `收回里程不能小于车辆当前里程${mileage}公里`,
    );
    expect((await post(`/api/vehicles/${vehicle.id}/recall`, { mileage: mileage + 40, energyLevel: 70 })).code).toBe(0);
    expect((await get<Row>(`/api/vehicles/${vehicle.id}`)).data).toMatchObject({
      stage: 7,
      rentStatus: 2,
      mileage: mileage + 40,
    });
  });

  it('registers and accepts a return', async () => {
    const vehicle = await vehicleIn(5);
    const requested = await post(`/api/vehicles/${vehicle.id}/request-return`, { remark: '合同到期' });
    expect(requested.code).toBe(0);
    expect((await get<Row>(`/api/vehicles/${vehicle.id}`)).data).toMatchObject({ stage: 6, rentStatus: 1 });
    const returnId = (requested.data as unknown as { returnId: string }).returnId;
    const accepted = await post(`/api/vehicle-returns/${returnId}/accept`, {
      mileage: Number(vehicle.mileage) + 10,
      energyLevel: 50,
      damage: '左前门凹陷',
    });
    expect(accepted.code).toBe(0);
    expect((await get<Row>(`/api/vehicles/${vehicle.id}`)).data).toMatchObject({ stage: 7, rentStatus: 2 });
    expect((await post(`/api/vehicle-returns/${returnId}/accept`, { mileage: 1, energyLevel: 1 })).msg).toBe(
      '还车记录当前为「已验收」，不能还车验收',
    );
    const returns = await get(`/api/vehicle-returns?status=1&plateNo=${encodeURIComponent(String(vehicle.plateNo))}`);
    expect(returns.data.list[0]).toMatchObject({ damage: '左前门凹陷', status: 1 });
  });

  it('shunts a vehicle to another city and records it, but not a leased one', async () => {
    const vehicle = await vehicleIn(7);
    const cities = await get<{ value: string; label: string }[]>('/api/lookups/cities');
    const target = cities.data.find((city) => city.value !== vehicle.cityId);
    const shunted = await post(`/api/vehicles/${vehicle.id}/shunt`, {
      toCityId: target?.value,
      fromLocation: '朝阳停车场',
      toLocation: '浦东停车场',
      driver: '孙涛',
    });
    expect(shunted.code).toBe(0);
    expect((await get<Row>(`/api/vehicles/${vehicle.id}`)).data).toMatchObject({
      cityId: target?.value,
      cityName: target?.label,
      stage: 7,
    });
    const records = await get(`/api/vehicle-shunting?toCityId=${target?.value}`);
    expect(records.data.list[0]).toMatchObject({ toLocation: '浦东停车场', toCityName: target?.label });
    const leased = await vehicleIn(5);
    const refused = await post(`/api/vehicles/${leased.id}/shunt`, {
      toCityId: target?.value,
      fromLocation: 'a',
      toLocation: 'b',
      driver: 'c',
    });
    expect(refused.msg).toBe('车辆当前为「租赁中」，不能调车');
  });
});

describe('violations and maintenance', () => {
  it('attributes a violation to the driver who had the vehicle then, and edits it with a version', async () => {
    const vehicle = await vehicleIn(5);
    const deliveries = await get(`/api/vehicle-deliveries?plateNo=${encodeURIComponent(String(vehicle.plateNo))}`);
    const delivery = deliveries.data.list[0] as Row;
    const created = await post('/api/vehicle-violations', {
      vehicleId: vehicle.id,
      occurredAt: new Date().toISOString(),
      place: '建国路双井桥东',
      item: '机动车违反禁止标线指示的',
      points: 3,
      fine: 20000,
    });
    expect(created.code).toBe(0);
    const list = await get(
      `/api/vehicle-violations?plateNo=${encodeURIComponent(String(vehicle.plateNo))}&sort=occurredAt&order=desc`,
    );
    const row = list.data.list[0] as Row;
    expect(row).toMatchObject({ driverName: delivery.driverName, points: 3, fine: 20000, status: 0, handledAt: null });
    const payload = {
      vehicleId: vehicle.id,
      occurredAt: row.occurredAt,
      place: row.place,
      item: row.item,
      points: 3,
      fine: 20000,
      status: 2,
    };
    expect(
      (
        await ctx.request({
          method: 'PUT',
          url: `/api/vehicle-violations/${row.id}`,
          token: admin,
          payload: { ...payload, version: 1 },
        })
      ).code,
    ).toBe(0);
    expect(
      (
        await ctx.request({
          method: 'PUT',
          url: `/api/vehicle-violations/${row.id}`,
          token: admin,
          payload: { ...payload, version: 1 },
        })
      ).code,
    ).toBe(409);
    const handled = (await get(`/api/vehicle-violations?plateNo=${encodeURIComponent(String(vehicle.plateNo))}`)).data
      .list[0] as Row;
    expect(handled).toMatchObject({ id: row.id, status: 2, handledAt: expect.any(String) });
    expect((await ctx.request({ method: 'DELETE', url: `/api/vehicle-violations/${row.id}`, token: admin })).code).toBe(
      0,
    );
    expect((await ctx.request({ method: 'DELETE', url: `/api/vehicle-violations/${row.id}`, token: admin })).msg).toBe(
      '违章记录不存在',
    );
  });

  it('records maintenance and filters by type and date', async () => {
    const vehicle = await vehicleIn(7);
    const created = await post('/api/vehicle-maintenance', {
      vehicleId: vehicle.id,
      type: 0,
      serviceDate: '2026-11-20',
      mileage: Number(vehicle.mileage),
      vendor: '途虎养车工场店',
      cost: 45000,
    });
    expect(created.code).toBe(0);
    const list = await get('/api/vehicle-maintenance?type=0&serviceDate=2026-11-20,2026-11-20&vendor=途虎');
    expect(list.data.list.some((row) => row.vehicleId === vehicle.id && row.cost === 45000)).toBe(true);
    expect(
      (
        await post('/api/vehicle-maintenance', {
          vehicleId: vehicle.id,
          type: 9,
          serviceDate: '2026-11-20',
          mileage: 1,
          vendor: 'x',
        })
      ).msg,
    ).toBe('维保类型取值无效');
  });

  it('does not let ops delete or export, and keeps tenants apart', async () => {
    const ops = await ctx.login('ops', 'ops123');
    const list = await get('/api/vehicle-maintenance?limit=1', ops);
    expect(list.code).toBe(0);
    const id = list.data.list[0]?.id;
    expect((await ctx.request({ method: 'DELETE', url: `/api/vehicle-maintenance/${id}`, token: ops })).code).toBe(403);
  });
});

describe('risks', () => {
  it('flags expiring papers once, and lets a handler close a flag with a note', async () => {
    const risks = await get('/api/vehicle-risks?status=0&limit=500');
    expect(risks.data.total).toBeGreaterThan(0);
    const again = await post('/api/vehicle-risks/scan');
    expect((again.data as unknown as { flagged: number }).flagged).toBe(0);
    const risk = risks.data.list[0] as Row;
    expect((await post(`/api/vehicle-risks/${risk.id}/handle`, { note: '已联系保险公司续保' })).code).toBe(0);
    expect((await post(`/api/vehicle-risks/${risk.id}/handle`, { note: '再次处理' })).msg).toBe(
      '车辆风险当前为「已处理」，不能处理',
    );
    const handled = await get('/api/vehicle-risks?status=1');
    expect(handled.data.list[0]).toMatchObject({ id: risk.id, handledBy: '系统管理员', note: '已联系保险公司续保' });
  });

  it('says what a scan found: the flags it added and how many wait for 处理, in the branch company only', async () => {
    const pending = async (token = admin) => (await get('/api/vehicle-risks?status=0&limit=1', token)).data.total;
    const scan = async (token = admin) =>
      (await post('/api/vehicle-risks/scan', {}, token)).data as unknown as { flagged: number; pending: number };
    // A flag handled before this test whose rule still holds is flagged anew by the first scan.
    const settled = await scan();
    const before = await pending();
    expect(settled.pending).toBe(before);
    expect(before).toBeGreaterThan(0);
    expect(await scan()).toEqual({ flagged: 0, pending: before });
    const risk = (await get('/api/vehicle-risks?status=0&limit=1')).data.list[0] as Row;
    expect((await post(`/api/vehicle-risks/${risk.id}/handle`, { note: '已提醒续保' })).code).toBe(0);
    expect(await pending()).toBe(before - 1);
    // Handled, but the vehicle still meets the rule: the scan flags it anew.
    expect(await scan()).toEqual({ flagged: 1, pending: before });
    const shanghai = await ctx.loginToOtherTenant();
    expect(await scan(shanghai)).toEqual({ flagged: 0, pending: await pending(shanghai) });
  });
});
