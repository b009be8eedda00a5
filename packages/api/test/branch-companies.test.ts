import type { PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRequestHeaders } from '../src/appApi/keys';
import { companySettings } from '../src/branchCompanies/settings';
import { rowsOf } from '../src/db/migrate';
import { callsAs } from './calls';
import { startTestApp, type TestContext } from './harness';
import { leaseOrderTerms } from './task-support';

type Company = {
  id: string;
  shortName: string;
  version: number;
  status: number;
  billLeadDays: number;
  lateFeeRate: number;
  graceDays: number;
  permitStatus: number;
  cityIds: number[];
};
type AppKey = { id: string; name: string; keyId: string; status: number; header?: string };

let ctx: TestContext;
let admin: string;
let shanghai: string;
let tenantId: number;
let driverId: string;
let vehicle: { modelId: string; cityId: string };

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 12 });
  admin = await ctx.login('admin', 'admin123');
  shanghai = await ctx.loginToOtherTenant();
  const db = ctx.database.db;
  const [tenant] = rowsOf<{ id: number }>(await db.execute(sql`select id from tenants where code = 'BJ'`));
  tenantId = Number(tenant?.id);
  const [driver] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from drivers where tenant_id = ${tenantId} and status = 1 order by id limit 1`),
  );
  driverId = String(driver?.id);
  const [car] = rowsOf<{ model_id: number; city_id: number }>(
    await db.execute(sql`select model_id, city_id from vehicles where tenant_id = ${tenantId} order by id limit 1`),
  );
  vehicle = { modelId: String(car?.model_id), cityId: String(car?.city_id) };
});
afterAll(() => ctx.close());

const { get, post, put, send } = callsAs(() => ({ ctx, token: admin }));

async function own(token = admin) {
  const page = await get<PageResult<Company>>('/api/branch-companies', token);
  expect(page.data.list).toHaveLength(1);
  return (await get<Company>(`/api/branch-companies/${page.data.list[0]?.id}`, token)).data;
}

/** The token of admin's account in `tenant`, switched from `token` (which stops working). */
async function switchTo(token: string, tenant: number) {
  const switched = await post<{ access_token: string }>(
    '/api/user/switch-account',
    { appId: 'cp-console', loginId: 'admin', tenantId: String(tenant) },
    token,
  );
  expect(switched.code, switched.msg).toBe(0);
  return switched.data.access_token;
}

const edit = (company: Company, change: Partial<Company>, token = admin) =>
  put<Company>(
    `/api/branch-companies/${company.id}`,
    { ...editable(company), ...change, version: company.version },
    token,
  );

/** A company as its form sends it: the fields, without what the server shows beside them. */
function editable(company: Company): Partial<Company> {
  const rest: Record<string, unknown> = { ...company };
  for (const key of ['id', 'version', 'createdAt', 'permitStatus', 'cityNames']) delete rest[key];
  return rest as Partial<Company>;
}

describe('公司运营配置', () => {
  it("lists the session's own branch company, with its permit's standing", async () => {
    const beijing = await own();
    expect(beijing).toMatchObject({ shortName: '北京分公司', status: 1, permitStatus: 1 });
    expect(beijing.cityIds.length).toBeGreaterThan(0);
    const other = await own(shanghai);
    expect(other).toMatchObject({ shortName: '上海分公司', permitStatus: 2 });
    // Another company's row is not reachable by id.
    expect((await get(`/api/branch-companies/${other.id}`)).code).toBe(404);
    const soon = await get<PageResult<Company>>('/api/branch-companies?permitStatus=2', shanghai);
    expect(soon.data.list).toHaveLength(1);
    expect((await get<PageResult<Company>>('/api/branch-companies?permitStatus=2')).data.list).toHaveLength(0);
    expect((await get<PageResult<Company>>('/api/branch-companies?businessLines=2', shanghai)).data.list).toHaveLength(
      0,
    );
    expect((await get<PageResult<Company>>('/api/branch-companies?businessLines=2')).data.list).toHaveLength(1);
  });

  it('changes the lead days the billing reads at once, in its own company only, with a change log', async () => {
    const before = await own();
    const saved = await edit(before, { billLeadDays: 9 });
    expect(saved.msg).toBe('success');
    expect((await get<{ billLeadDays: number }>('/api/finance-settings')).data).toEqual({ billLeadDays: 9 });
    expect((await companySettings(ctx.database.db, tenantId)).billLeadDays).toBe(9);
    expect((await get<{ billLeadDays: number }>('/api/finance-settings', shanghai)).data).toEqual({ billLeadDays: 5 });
    // A stale version is refused: nothing lost.
    expect((await edit(before, { billLeadDays: 4 })).code).toBe(409);
    const history = await get<{ changes: Record<string, { from: unknown; to: unknown }>; userName: string }[]>(
      `/api/branch-companies/${before.id}/history`,
    );
    expect(history.data[0]?.changes.billLeadDays).toEqual({ from: 5, to: 9 });
    // The other door (坏账分级配置's 出账设置) writes the same value, and the same log.
    expect((await put('/api/finance-settings', { billLeadDays: 6 })).code).toBe(0);
    expect((await own()).billLeadDays).toBe(6);
  });

  it('gives new lease orders the default late-fee terms; orders already made keep theirs', async () => {
    const order = (extra: object = {}) =>
      post<{ id: string; graceDays: number; lateFeeRate: number }>(
        '/api/lease-orders',
        leaseOrderTerms({ driverId, ...vehicle, startDate: '2026-01-31', rent: 450_000, ...extra }),
      );
    const first = await order();
    expect(first.data).toMatchObject({ graceDays: 3, lateFeeRate: 5 });
    const company = await own();
    expect((await edit(company, { graceDays: 7, lateFeeRate: 12 })).code).toBe(0);
    expect((await get<{ lateFeeRate: number }>(`/api/lease-orders/${first.data.id}`)).data.lateFeeRate).toBe(5);
    expect((await order()).data).toMatchObject({ graceDays: 7, lateFeeRate: 12 });
    // Terms typed on the form are the order's own.
    expect((await order({ graceDays: 0, lateFeeRate: 2 })).data).toMatchObject({ graceDays: 0, lateFeeRate: 2 });
  });

  it('refuses to stop a company with open orders, and bad input in words', async () => {
    const company = await own();
    const stop = await edit(company, { status: 0 });
    expect(stop.code).not.toBe(0);
    expect(stop.msg).toMatch(/公司还有\d+笔未结束的订单，不能停用/);
    const bad = await edit(company, { creditCode: '91110108MA01A2B3C9' } as Partial<Company>);
    expect(bad.msg).toContain('统一社会信用代码：校验位不正确');
    expect((await edit(company, { lateFeeRate: 101 })).msg).toContain('滞纳金日费率');
    expect((await get('/api/branch-companies?businessLines=9')).code).toBe(400);
  });

  it('adds a branch company: its tenant, roles, approval processes and the creator as its 超级管理员', async () => {
    const made = await post<{ id: string; tenantName: string }>('/api/branch-companies', {
      shortName: '广州分公司',
      fullName: '广州畅行汽车租赁有限公司',
      cityIds: [vehicle.cityId],
      businessLines: [1, 3],
      status: 1,
      billLeadDays: 4,
      graceDays: 2,
      lateFeeRate: 6,
      powerOffSpeedKmh: 3,
    });
    expect(made.msg).toBe('success');
    const db = ctx.database.db;
    const [tenant] = rowsOf<{ id: number }>(await db.execute(sql`select id from tenants where name = '广州分公司'`));
    const newTenant = Number(tenant?.id);
    expect(await companySettings(db, newTenant)).toEqual({
      billLeadDays: 4,
      graceDays: 2,
      lateFeeRate: 6,
      powerOffSpeedKmh: 3,
    });
    const [processes] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from approval_processes where tenant_id = ${newTenant}`),
    );
    expect(processes?.n).toBeGreaterThan(0);
    const [cities] = rowsOf<{ tenant_id: number }>(
      await db.execute(sql`select tenant_id from branch_company_cities where company_id = ${made.data.id}`),
    );
    expect(Number(cities?.tenant_id)).toBe(newTenant);
    // The creator switches to it and finds it there, with its creation in its log; the old company does not list it.
    const token = await switchTo(admin, newTenant);
    const there = await own(token);
    expect(there).toMatchObject({ shortName: '广州分公司', lateFeeRate: 6 });
    const log = await get<{ action: string }[]>(`/api/branch-companies/${there.id}/history`, token);
    expect(log.data.map((entry) => entry.action)).toContain('create');
    // A short name another branch company holds is refused.
    const twice = await post('/api/branch-companies', { ...editable(there), shortName: '上海分公司' }, token);
    expect(twice.msg).toContain('已被其他公司使用');
    admin = await switchTo(token, tenantId);
  });

  it('is only for whoever holds its buttons', async () => {
    const ops = await ctx.login('ops', 'ops123');
    expect((await get('/api/branch-companies', ops)).code).toBe(403);
    expect((await post('/api/branch-companies', { shortName: 'x' }, ops)).code).toBe(403);
    expect((await post('/api/company-app-keys', { name: 'x' }, ops)).code).toBe(403);
  });
});

describe('APP凭证', () => {
  const call = (header: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/app/caller',
      headers: { ...appRequestHeaders({ id: 0, tenantId, keyId: '', header }) },
      remoteAddress: '10.9.0.1',
    });

  it('issues a key shown once, rotates it with the old one still working, and stops one for good', async () => {
    const issued = await post<AppKey>('/api/company-app-keys', { name: '司机APP（新）' });
    expect(issued.msg).toBe('success');
    const header = issued.data.header ?? '';
    expect(header).toMatch(/^ak_[0-9a-f]{16}\./);
    expect((await call(header)).json()).toMatchObject({ code: 0, data: { tenantName: '北京分公司' } });
    const listed = await get<PageResult<AppKey & { lastUsedAt: string | null }>>(
      '/api/company-app-keys/views/companyAppKeys',
    );
    const row = listed.data.list.find((key) => key.id === issued.data.id);
    expect(row).toMatchObject({ name: '司机APP（新）', status: 1 });
    expect(row?.lastUsedAt).toBeTruthy();
    expect(JSON.stringify(listed.data)).not.toContain(header.split('.')[1]);
    expect(JSON.stringify((await get(`/api/company-app-keys/${issued.data.id}`)).data)).not.toContain('secret');

    const rotated = await post<AppKey>(`/api/company-app-keys/${issued.data.id}/rotate`);
    const next = rotated.data.header ?? '';
    expect(next).not.toBe(header);
    expect((await call(next)).json()).toMatchObject({ code: 0 });
    expect((await call(header)).json()).toMatchObject({ code: 0 });

    expect((await post(`/api/company-app-keys/${issued.data.id}/disable`)).code).toBe(0);
    expect((await call(header)).json()).toMatchObject({ code: 1001, msg: 'X-App-Key：APP 凭证已停用' });
    expect((await call(next)).json()).toMatchObject({ code: 0 });
    expect((await post(`/api/company-app-keys/${issued.data.id}/disable`)).code).not.toBe(0);
    const history = await get<{ action: string }[]>(`/api/company-app-keys/${issued.data.id}/history`);
    expect(history.data.map((entry) => entry.action)).toEqual(expect.arrayContaining(['create', 'rotate', 'disable']));
  });

  it("never reaches another company's keys", async () => {
    const theirs = await get<PageResult<AppKey>>('/api/company-app-keys/views/companyAppKeys', shanghai);
    const id = theirs.data.list[0]?.id;
    expect(id).toBeDefined();
    expect((await post(`/api/company-app-keys/${id}/disable`)).code).toBe(404);
    expect((await send('POST', `/api/company-app-keys/${id}/rotate`)).code).toBe(404);
    expect(
      (await get<PageResult<AppKey>>('/api/company-app-keys/views/companyAppKeys')).data.list.map((key) => key.id),
    ).not.toContain(id);
  });
});
