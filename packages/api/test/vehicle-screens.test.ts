import { type PageResult, type TabCount, vehicleScreens } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { callsAs } from './calls';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
let admin: string;

type Vehicle = Record<string, unknown> & { id: string; vin: string; stage: number };

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 40 });
  admin = await ctx.login('admin', 'admin123');
});
afterAll(() => ctx.close());

const { get } = callsAs(() => ({ ctx, token: admin }));
const rowsOn = async (url: string) => (await get<PageResult<Vehicle>>(url)).data.list;

/** Demo vehicles of 北京分公司 in a stage, by id. */
async function vehicleIn(stage: number): Promise<{ id: string; vin: string }> {
  const result = await ctx.database.db.execute(sql`
    select v.id, v.vin from vehicles v join tenants t on t.id = v.tenant_id
    where t.code = 'BJ' and v.stage = ${stage} and not v.deleted order by v.id limit 1`);
  const row = rowsOf<{ id: number; vin: string }>(result)[0];
  if (!row) throw new Error(`no demo vehicle in stage ${stage}`);
  return { id: String(row.id), vin: row.vin };
}

describe('the columns a vehicle screen exists for', () => {
  it("sends GPS管理's device number and last fix, which the vehicle list leaves out", async () => {
    const [row] = await rowsOn(`${vehicleScreens.gpsList.endpoint}?limit=1`);
    expect(row).toHaveProperty('gpsDeviceNo');
    expect(row).toHaveProperty('gpsLastSeenAt');
    const [listed] = await rowsOn('/api/vehicles?limit=1');
    expect(listed).not.toHaveProperty('gpsDeviceNo');
  });
});

describe('待出库: vehicles to take out and vehicles out waiting for 交车, in two tabs', () => {
  const url = vehicleScreens.waitingOut.endpoint;

  it('shows 待出库 first, 待交车 on its tab, and counts both in one answer', async () => {
    const waiting = await vehicleIn(3);
    const out = await vehicleIn(4);
    expect((await rowsOn(`${url}?limit=500`)).every((row) => row.stage === 3)).toBe(true);
    expect((await rowsOn(`${url}?tab=delivery&limit=500`)).every((row) => row.stage === 4)).toBe(true);
    expect((await rowsOn(`${url}?tab=outbound&vin=${waiting.vin}`)).map((row) => row.id)).toEqual([waiting.id]);
    expect(await rowsOn(`${url}?tab=delivery&vin=${waiting.vin}`)).toEqual([]);
    const counts = await get<TabCount[]>(`${url}/tab-counts?vin=${out.vin}`);
    expect(counts.data).toEqual([
      { key: 'outbound', total: 0, totalExact: true },
      { key: 'delivery', total: 1, totalExact: true },
    ]);
  });
});

describe('deleting a vehicle', () => {
  it('is refused while the vehicle is out, saying its stage, and allowed once it is back in stock', async () => {
    const { id } = await vehicleIn(5);
    const removed = await ctx.request({ method: 'DELETE', url: `/api/vehicles/${id}`, token: admin });
    expect(removed).toMatchObject({ code: 1000, msg: '车辆当前为「租赁中」，不能删除' });
    expect((await get<Vehicle>(`/api/vehicles/${id}`)).data.stage).toBe(5);
    await ctx.database.db.execute(sql`update vehicles set stage = 7 where id = ${Number(id)}`);
    expect((await ctx.request({ method: 'DELETE', url: `/api/vehicles/${id}`, token: admin })).code).toBe(0);
    expect((await get(`/api/vehicles/${id}`)).code).toBe(404);
  });
});
