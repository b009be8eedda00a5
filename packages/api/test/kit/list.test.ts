import { type PageResult, searchTotalCap } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../src/db/migrate';
import type { TestContext } from '../harness';
import { type Fixture, type KitRefs, loadRefs, startKitApp } from './fixture';

let ctx: TestContext;
let admin: string;
let shanghai: string;
let refs: KitRefs;
const url = '/api/kit-fixtures';

const list = (query: string, token = admin) =>
  ctx.request<PageResult<Fixture>>({ method: 'GET', url: `${url}?${query}`, token });
const codes = async (query: string) => {
  const { code, data, msg } = await list(query);
  if (code !== 0) throw new Error(msg);
  return data.list.map((row) => row.code);
};

/** Five rows of 北京分公司, each differing in what the filters and sorts look at. */
const rows = () => [
  { code: 'L-01', quantity: 5, price: 100, startDate: '2025-05-31', happenedAt: '2025-06-01T15:30:00Z', category: 0 },
  { code: 'L-02', quantity: 2, price: 300, startDate: '2025-06-01', happenedAt: '2025-06-01T16:30:00Z', category: 1 },
  {
    code: 'L-03',
    quantity: 9,
    price: 200,
    startDate: '2025-06-30',
    happenedAt: '2025-06-02T15:59:00Z',
    category: 1,
    roleIds: [refs.roles[1]?.value],
  },
  {
    code: 'L-04',
    quantity: 2,
    price: 50,
    startDate: '2025-07-01',
    happenedAt: '2025-06-02T16:00:00Z',
    category: 0,
    roleIds: [refs.roles[0]?.value, refs.roles[1]?.value],
  },
  { code: 'L-5%_', quantity: 7, price: 400, category: 0, companyId: refs.companies[1]?.value },
];

beforeAll(async () => {
  ctx = await startKitApp();
  admin = await ctx.login('admin', 'admin123');
  shanghai = await ctx.loginToOtherTenant();
  refs = await loadRefs(ctx, admin, shanghai);
  for (const row of rows()) {
    const created = await ctx.request({
      method: 'POST',
      url,
      token: admin,
      payload: {
        companyId: refs.companies[0]?.value,
        cityId: refs.cities[0]?.value,
        remark: `备注${row.code}`,
        serial: `SN${row.code}`,
        roleIds: [refs.roles[0]?.value],
        labels: ['整租'],
        ...row,
      },
    });
    if (created.code !== 0) throw new Error(created.msg);
  }
});
afterAll(() => ctx.close());

describe('paging and sorting', () => {
  it('pages through the rows in the declared order, without overlap', async () => {
    expect(await codes('code=L-&limit=2&page=1')).toEqual(['L-01', 'L-02']);
    expect(await codes('code=L-&limit=2&page=2')).toEqual(['L-03', 'L-04']);
    expect(await codes('code=L-&limit=2&page=3')).toEqual(['L-5%_']);
    const { data } = await list('code=L-&limit=2&page=3');
    expect(data).toMatchObject({ total: 5, totalExact: true, page: 3, limit: 2 });
  });

  it('sorts by a sortable field either way, equal values in the order they were added', async () => {
    expect(await codes('code=L-&sort=quantity&order=asc')).toEqual(['L-02', 'L-04', 'L-01', 'L-5%_', 'L-03']);
    expect(await codes('code=L-&sort=quantity&order=desc')).toEqual(['L-03', 'L-5%_', 'L-01', 'L-04', 'L-02']);
    expect(await codes('code=L-&sort=price&order=desc')).toEqual(['L-5%_', 'L-02', 'L-03', 'L-01', 'L-04']);
  });

  it('refuses to sort by a field that is not sortable, and an unknown parameter', async () => {
    expect((await list('sort=remark')).msg).toMatch(/^排序字段：取值无效/);
    expect((await list('limit=501')).msg).toBe('每页条数：不能大于500');
    expect((await list('tenantId=2')).code).toBe(400);
  });
});

describe('filters', () => {
  it('searches text as typed: % and _ are characters, not patterns', async () => {
    expect(await codes('code=l-0')).toEqual(['L-01', 'L-02', 'L-03', 'L-04']);
    expect(await codes(`code=${encodeURIComponent('%')}`)).toEqual(['L-5%_']);
    expect(await codes(`code=${encodeURIComponent('L-_')}`)).toEqual([]);
  });

  it('matches an enumeration and a reference exactly', async () => {
    expect(await codes('code=L-&category=1')).toEqual(['L-02', 'L-03']);
    expect(await codes(`code=L-&companyId=${refs.companies[1]?.value}`)).toEqual(['L-5%_']);
  });

  it('finds the rows linked to one row of a link field, and refuses what is not an id', async () => {
    expect(await codes(`code=L-&roleIds=${refs.roles[1]?.value}`)).toEqual(['L-03', 'L-04']);
    expect(await codes(`code=L-&roleIds=${refs.roles[0]?.value}`)).toEqual(['L-01', 'L-02', 'L-04', 'L-5%_']);
    expect((await list('roleIds=1,2')).code).toBe(400);
  });

  it('takes a date range with both ends included', async () => {
    expect(await codes('startDate=2025-06-01,2025-06-30')).toEqual(['L-02', 'L-03']);
    expect((await list('startDate=2025-06-30,2025-06-01')).msg).toBe('开始日期不能晚于结束日期');
  });

  it('takes a moment range as whole days in China time', async () => {
    // 2025-06-02 in Beijing runs from 2025-06-01T16:00Z to 2025-06-02T16:00Z.
    expect(await codes('happenedAt=2025-06-02,2025-06-02')).toEqual(['L-02', 'L-03']);
    expect(await codes('happenedAt=2025-06-01,2025-06-01')).toEqual(['L-01']);
  });
});

describe('what a row carries', () => {
  it('reads only the list columns for a page, with the names of what they refer to', async () => {
    const [row] = (await list('code=L-01')).data.list;
    expect(row).toMatchObject({
      code: 'L-01',
      quantity: 5,
      price: 100,
      companyName: refs.companies[0]?.label,
      cityName: refs.cities[0]?.label,
      labels: ['整租'],
      status: 0,
      version: 1,
    });
    for (const notListed of ['remark', 'serial', 'roleIds', 'roleNames', 'attachments']) {
      expect(row).not.toHaveProperty(notListed);
    }
  });

  it('answers the whole row in the detail, roles named', async () => {
    const [listed] = (await list('code=L-01')).data.list;
    const { data } = await ctx.request<Fixture>({ method: 'GET', url: `${url}/${listed?.id}`, token: admin });
    expect(data).toMatchObject({
      remark: '备注L-01',
      serial: 'SNL-01',
      roleIds: [refs.roles[0]?.value],
      roleNames: [refs.roles[0]?.label],
      attachments: [],
    });
  });

  it("lists only the branch company's own rows", async () => {
    expect((await list('code=L-', shanghai)).data).toMatchObject({ list: [], total: 0 });
  });
});

describe('a screen with a fixed filter', () => {
  const view = (query = '') =>
    ctx.request<PageResult<Fixture>>({ method: 'GET', url: `${url}/views/vehicleInspected?${query}`, token: admin });

  it('lists only the rows its filter keeps, and does not let the URL change it', async () => {
    const [first] = (await list('code=L-01')).data.list;
    const submitted = await ctx.request({ method: 'POST', url: `${url}/${first?.id}/submit`, token: admin });
    expect(submitted.code).toBe(0);
    const { data } = await view('code=L-');
    expect(data.list.map((row) => [row.code, row.status])).toEqual([['L-01', 1]]);
    expect((await view('status=0')).code).toBe(400);
  });
});

describe('counting a large match', () => {
  const bulk = 10_050;
  let now = Date.now();

  beforeAll(async () => {
    const tenants = await ctx.database.db.execute(sql`select id from tenants where code = 'BJ'`);
    const tenantId = Number(rowsOf<{ id: number }>(tenants)[0]?.id);
    await ctx.database.db.execute(sql`
      insert into kit_fixtures (code, quantity, category, company_id, tenant_id)
      select 'BULK-' || n, n % 999 + 1, case when n <= 100 then 1 else 0 end, ${Number(refs.companies[0]?.value)}, ${tenantId}
      from generate_series(1, ${bulk}) as n`);
  });
  afterEach(() => vi.restoreAllMocks());

  it('stops counting at 10000 and says the total is not exact — at 1000 for a search', async () => {
    expect((await list('')).data).toMatchObject({ total: 10_000, totalExact: false });
    expect((await list('code=BULK')).data).toMatchObject({ total: searchTotalCap, totalExact: false });
    expect((await list('code=BULK-1000')).data).toMatchObject({ total: 11, totalExact: true });
    expect((await list('code=BULK', shanghai)).data).toMatchObject({ total: 0, totalExact: true });
  });

  it('does not count a capped filter again while paging through it, for half a minute', async () => {
    now = Date.now();
    expect((await list('code=BULK&page=1')).data.totalExact).toBe(false);
    await ctx.database.db.execute(sql`delete from kit_fixtures where code like 'BULK-%' and category = 0`);
    const paged = await list('code=BULK&page=2&sort=quantity&order=desc');
    expect(paged.data).toMatchObject({ total: searchTotalCap, totalExact: false });
    expect((await list('code=BULK&category=1')).data).toMatchObject({ total: 100, totalExact: true });
    vi.spyOn(Date, 'now').mockReturnValue(now + 31_000);
    expect((await list('code=BULK&page=3')).data).toMatchObject({ total: 100, totalExact: true });
  });
});

describe('counting thousands exactly', () => {
  afterEach(() => vi.restoreAllMocks());

  it('remembers an exact count of thousands a few seconds, and forgets it when the kit writes', async () => {
    const tenants = await ctx.database.db.execute(sql`select id from tenants where code = 'BJ'`);
    const tenantId = Number(rowsOf<{ id: number }>(tenants)[0]?.id);
    const company = Number(refs.companies[1]?.value);
    const insert = (from: number, to: number) =>
      ctx.database.db.execute(sql`
        insert into kit_fixtures (code, quantity, category, company_id, tenant_id)
        select 'MID-' || n, 1, 0, ${company}, ${tenantId} from generate_series(${from}::int, ${to}::int) as n`);
    await insert(1, 2000);
    const query = `companyId=${company}`;
    const first = (await list(query)).data.total;
    expect(first).toBeGreaterThanOrEqual(2000);
    // Rows written behind the kit's back are not counted until the count is forgotten…
    await insert(2001, 2005);
    expect((await list(`${query}&page=2`)).data).toMatchObject({ total: first, totalExact: true });
    // …which any write of the kit does at once,
    const created = await ctx.request({
      method: 'POST',
      url,
      token: admin,
      payload: {
        ...rows()[0],
        code: 'MID-KIT',
        companyId: refs.companies[1]?.value,
        cityId: refs.cities[0]?.value,
        serial: 'SNMID-KIT',
        roleIds: [refs.roles[0]?.value],
        labels: [],
      },
    });
    expect(created.code).toBe(0);
    expect((await list(query)).data.total).toBe(first + 6);
    // …and time does after ten seconds.
    await insert(2006, 2010);
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 11_000);
    expect((await list(query)).data.total).toBe(first + 11);
  });
});
