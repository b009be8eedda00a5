import { type PageResult, searchTotalCap, type TabCount } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/migrate';
import type { TestContext } from '../harness';
import { type Fixture, fixtureScreens, loadRefs, startKitApp } from './fixture';

let ctx: TestContext;
let admin: string;
let company: string;
const url = fixtureScreens.tabbed.endpoint;

const list = (query: string) =>
  ctx.request<PageResult<Fixture>>({ method: 'GET', url: `${url}?${query}`, token: admin });
const codes = async (query: string) => (await list(query)).data.list.map((row) => row.code);
const counts = (query: string, token = admin) =>
  ctx.request<TabCount[]>({ method: 'GET', url: `${url}/tab-counts?${query}`, token });

beforeAll(async () => {
  ctx = await startKitApp();
  admin = await ctx.login('admin', 'admin123');
  const refs = await loadRefs(ctx, admin, await ctx.loginToOtherTenant());
  company = refs.companies[0]?.value as string;
  for (const code of ['T-1', 'T-2', 'T-3']) {
    const created = await ctx.request<Fixture>({
      method: 'POST',
      url: '/api/kit-fixtures',
      token: admin,
      payload: { code, companyId: company, category: code === 'T-3' ? 1 : 0 },
    });
    if (code !== 'T-1')
      await ctx.request({ method: 'POST', url: `/api/kit-fixtures/${created.data.id}/submit`, token: admin });
  }
});
afterAll(() => ctx.close());

describe('status tabs of a screen', () => {
  it('lists the rows of the tab the query names, every row of the screen under 全部 and by default', async () => {
    expect(await codes('code=T-&tab=0')).toEqual(['T-1']);
    expect(await codes('code=T-&tab=done')).toEqual(['T-2', 'T-3']);
    expect(await codes('code=T-&tab=all')).toEqual(['T-1', 'T-2', 'T-3']);
    expect(await codes('code=T-')).toEqual(['T-1', 'T-2', 'T-3']);
  });

  it("keeps to both the tab and the search panel's filter of the same field", async () => {
    expect(await codes('code=T-&tab=done&status=1')).toEqual(['T-2', 'T-3']);
    expect(await codes('code=T-&tab=0&status=1')).toEqual([]);
  });

  it('counts every tab for the filters the list shows, in one answer', async () => {
    expect((await counts('code=T-')).data).toEqual([
      { key: 'all', total: 3, totalExact: true },
      { key: '0', total: 1, totalExact: true },
      { key: 'done', total: 2, totalExact: true },
    ]);
    expect((await counts('code=T-&category=1')).data.map((tab) => tab.total)).toEqual([1, 0, 1]);
    expect((await counts('code=T-', await ctx.loginToOtherTenant())).data.map((tab) => tab.total)).toEqual([0, 0, 0]);
  });

  it('refuses a tab the screen does not have, and paging parameters on the counts', async () => {
    expect((await list('tab=archived')).msg).toMatch(/^页签：/);
    expect((await counts('tab=0')).code).toBe(400);
    expect((await counts('page=2')).code).toBe(400);
  });

  it('caps each count as a list total is capped', async () => {
    const tenants = await ctx.database.db.execute(sql`select id from tenants where code = 'BJ'`);
    const tenantId = Number(rowsOf<{ id: number }>(tenants)[0]?.id);
    await ctx.database.db.execute(sql`
      insert into kit_fixtures (code, company_id, tenant_id)
      select 'BULK-' || n, ${Number(company)}, ${tenantId} from generate_series(1, 10050) as n`);
    expect((await counts('code=BULK')).data).toEqual([
      { key: 'all', total: searchTotalCap, totalExact: false },
      { key: '0', total: searchTotalCap, totalExact: false },
      { key: 'done', total: 0, totalExact: true },
    ]);
    const unfiltered = (await counts('')).data;
    expect(unfiltered.slice(0, 2)).toEqual([
      { key: 'all', total: 10_000, totalExact: false },
      { key: '0', total: 10_000, totalExact: false },
    ]);
  });
});
