import {
  type AccountRow,
  type FleetByStage,
  type HomeQueues,
  queuesByKey,
  type RoleDto,
  vehicleEnums,
  vehicleQueues,
} from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext, withdrawButton } from './harness';

let ctx: TestContext;
let beijing: string;
let shanghai: string;

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 40 });
  beijing = await ctx.login('admin', 'admin123');
  shanghai = await ctx.loginToOtherTenant();
});
afterAll(() => ctx.close());

type Row = Record<string, unknown> & { id: string };
const get = async <T>(url: string, token: string) => {
  const response = await ctx.request<T>({ method: 'GET', url, token });
  expect(response.code, `${url}: ${response.msg}`).toBe(0);
  return response.data;
};
const homeQueues = (token: string) => get<HomeQueues>('/api/home/queues', token);
const countsOf = (answer: HomeQueues) => Object.fromEntries(answer.queues.map((queue) => [queue.key, queue.total]));

/** What the list a queue links to shows: its screen's endpoint with the queue's filter. */
async function listTotal(key: string, token: string): Promise<number> {
  const queue = queuesByKey.get(key);
  if (!queue) throw new Error(`no queue ${key}`);
  const search = new URLSearchParams({ ...queue.filter, limit: '1' });
  return (await get<{ total: number }>(`${queue.screen.endpoint}?${search}`, token)).total;
}

async function changeRole(token: string, code: string, change: (role: RoleDto) => Partial<RoleDto>) {
  const roles = await get<{ list: RoleDto[] }>(`/api/roles?keyword=${code}`, token);
  const role = roles.list.find((row) => row.code === code) as RoleDto;
  const { menuKeys, buttonKeys } = { ...role, ...change(role) };
  const payload = { code: role.code, name: role.name, menuKeys, buttonKeys, version: role.version };
  const saved = await ctx.request({ method: 'PUT', url: `/api/roles/${role.id}`, token, payload });
  expect(saved.code, saved.msg).toBe(0);
}

describe('the queues of the home page', () => {
  it('counts each queue as the list it links to shows, and sums them into 我的待办', async () => {
    const answer = await homeQueues(beijing);
    expect(answer.queues.map((queue) => queue.key)).toEqual([...queuesByKey.keys()]);
    for (const queue of answer.queues) {
      expect(queue.total, queue.key).toBe(await listTotal(queue.key, beijing));
      expect(queue.totalExact).toBe(true);
    }
    const counts = countsOf(answer);
    expect(counts.risksToHandle).toBeGreaterThan(0);
    expect(counts.returnsToAccept).toBeGreaterThan(0);
    const sum = answer.queues.reduce((total, queue) => total + queue.total, 0);
    expect(answer.pendingNum).toBe(sum);
    expect((await get<{ pendingNum: number }>('/api/user/info', beijing)).pendingNum).toBe(sum);
  });

  it('counts the session’s branch company only', async () => {
    const before = countsOf(await homeQueues(beijing));
    const other = await homeQueues(shanghai);
    for (const queue of other.queues) expect(queue.total, queue.key).toBe(await listTotal(queue.key, shanghai));

    const [risk] = (await get<{ list: Row[] }>('/api/vehicle-risks?status=0&limit=1', beijing)).list;
    const handled = await ctx.request({
      method: 'POST',
      url: `/api/vehicle-risks/${risk?.id}/handle`,
      token: beijing,
      payload: { note: '已联系司机' },
    });
    expect(handled.code).toBe(0);
    expect(countsOf(await homeQueues(beijing)).risksToHandle).toBe((before.risksToHandle ?? 0) - 1);
    expect(countsOf(await homeQueues(shanghai))).toEqual(countsOf(other));
  });

  it('shows a user only the queues they may act on', async () => {
    // ops works vehicles and orders: it sees their queues as admin does, and none of drivers or leads.
    const vehicleKeys = new Set(Object.keys(vehicleQueues));
    const all = countsOf(await homeQueues(beijing));
    const vehicles = Object.fromEntries(Object.entries(all).filter(([key]) => vehicleKeys.has(key)));
    expect(all.rideHailingDriversToReview).toBeGreaterThan(0);
    const ops = await ctx.login('ops', 'ops123');
    expect(countsOf(await homeQueues(ops))).toEqual(vehicles);

    await withdrawButton(ctx, beijing, 'vehicleOrderOps', 'riskManagement:handle');
    const withoutRisks = await homeQueues(ops);
    expect(withoutRisks.queues.map((queue) => queue.key)).not.toContain('risksToHandle');
    const { risksToHandle = 0, ...others } = vehicles;
    expect(countsOf(withoutRisks)).toEqual(others);
    expect(withoutRisks.pendingNum).toBe(Object.values(others).reduce((sum, n) => sum + n, 0));
    expect(risksToHandle).toBeGreaterThan(0);
  });
});

describe('the fleet by stage', () => {
  it('counts the branch company’s vehicles in every stage, as 车辆列表 filtered by stage shows them', async () => {
    for (const token of [beijing, shanghai]) {
      const { stages } = await get<FleetByStage>('/api/home/fleet', token);
      expect(stages.map((entry) => entry.stage)).toEqual(vehicleEnums.stage.values);
      for (const { stage, count } of stages) {
        expect(count, `stage ${stage}`).toBe(
          (await get<{ total: number }>(`/api/vehicles?stage=${stage}`, token)).total,
        );
      }
      const all = (await get<{ total: number }>('/api/vehicles', token)).total;
      expect(stages.reduce((sum, entry) => sum + entry.count, 0)).toBe(all);
    }
  });

  it('leaves deleted vehicles out', async () => {
    const before = (await get<FleetByStage>('/api/home/fleet', beijing)).stages[0]?.count ?? 0;
    const [vehicle] = (await get<{ list: Row[] }>('/api/vehicles?stage=0&limit=1', beijing)).list;
    expect((await ctx.request({ method: 'DELETE', url: `/api/vehicles/${vehicle?.id}`, token: beijing })).code).toBe(0);
    expect((await get<FleetByStage>('/api/home/fleet', beijing)).stages[0]?.count).toBe(before - 1);
  });

  it('is refused without 车辆列表; the queues of other screens stay, those of a screen taken away go', async () => {
    await changeRole(beijing, 'vehicleOrderOps', (role) => ({
      menuKeys: role.menuKeys.filter((key) => key !== 'vehicleList' && key !== 'waitingOut'),
      buttonKeys: role.buttonKeys.filter((key) => !key.startsWith('vehicleList:') && !key.startsWith('waitingOut:')),
    }));
    const ops = await ctx.login('ops', 'ops123');
    expect(await ctx.request({ method: 'GET', url: '/api/home/fleet', token: ops })).toMatchObject({ code: 403 });
    const keys = (await homeQueues(ops)).queues.map((queue) => queue.key);
    expect(keys).not.toContain('awaitingOutbound');
    expect(keys).not.toContain('awaitingDelivery');
    expect(keys).toContain('pendingInspection');
  });
});

describe('a queue past the cap', () => {
  it('counts no further than a list does, and says so', async () => {
    const accounts = await get<AccountRow[]>('/api/user/accounts', beijing);
    const tenantId = Number(accounts.find((row) => row.currentUser)?.tenantId);
    await ctx.database.db.execute(sql`
      insert into vehicle_risks (tenant_id, vehicle_id, rule, detail)
      select ${tenantId}, (select id from vehicles where tenant_id = ${tenantId} limit 1), 5, '批量'
      from generate_series(1, 10001)`);
    const answer = await homeQueues(beijing);
    expect(answer.queues.find((queue) => queue.key === 'risksToHandle')).toEqual({
      key: 'risksToHandle',
      total: 10_000,
      totalExact: false,
    });
    const others = answer.queues.filter((queue) => queue.key !== 'risksToHandle');
    expect(answer.pendingNum).toBe(others.reduce((sum, queue) => sum + queue.total, 10_000));
  });
});
