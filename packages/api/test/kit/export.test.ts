import type { Screen } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/migrate';
import { screenExport } from '../../src/resource/exports';
import type { TestContext } from '../harness';
import { type Fixture, fixtureFamily, fixtureScreens, type KitRefs, loadRefs, startKitApp } from './fixture';

let ctx: TestContext;
let admin: string;
let refs: KitRefs;
const tenantIds: Record<string, number> = {};

beforeAll(async () => {
  ctx = await startKitApp();
  admin = await ctx.login('admin', 'admin123');
  refs = await loadRefs(ctx, admin, await ctx.loginToOtherTenant());
  const tenants = await ctx.database.db.execute(sql`select id, code from tenants`);
  for (const { id, code } of rowsOf<{ id: number; code: string }>(tenants)) tenantIds[code] = Number(id);
});
afterAll(() => ctx.close());

const create = async (payload: object) => {
  const created = await ctx.request<Fixture>({
    method: 'POST',
    url: '/api/kit-fixtures',
    token: admin,
    payload: { companyId: refs.companies[0]?.value, ...payload },
  });
  if (created.code !== 0) throw new Error(created.msg);
  return created.data;
};

/** The cells an export of `screen` writes, as the export job would, two rows a batch. */
async function exported(screen: Screen, filters: object, tenant = 'BJ') {
  const definition = screenExport(fixtureFamily, screen);
  const scope = {
    tenantId: tenantIds[tenant] as number,
    // No fixture screen lists "mine": whose export it is does not change its rows.
    userId: 0,
    filters: definition.filters.parse(filters),
    batchSize: 2,
    signal: new AbortController().signal,
  };
  const cells: unknown[][] = [];
  for await (const batch of definition.rows(ctx.database.db, scope)) {
    for (const row of batch) cells.push(definition.columns.map((column) => column.value(row)));
  }
  return cells;
}

describe('the export of a screen', () => {
  it('writes every row its filters match, newest first, each cell as people read it', async () => {
    await create({ code: 'EX-1' });
    await create({
      code: 'EX-2',
      quantity: 4,
      price: 99_999,
      startDate: '2025-06-01',
      happenedAt: '2025-06-01T23:59:30+08:00',
      category: 1,
      active: true,
      cityId: refs.cities[0]?.value,
      roleIds: [refs.roles[1]?.value, refs.roles[0]?.value],
      labels: ['新车'],
    });
    await create({ code: 'EX-3', price: 5 });
    await create({ code: 'OTHER-1' });
    const cells = await exported(fixtureScreens.list, { code: 'EX-' });
    expect(cells.map((row) => row[0])).toEqual(['EX-3', 'EX-2', 'EX-1']);
    expect(cells[1]).toEqual([
      'EX-2',
      4,
      999.99,
      '2025-06-01',
      '2025-06-01 23:59:30',
      '加急',
      '草稿',
      '是',
      refs.companies[0]?.label,
      refs.cities[0]?.label,
      `${refs.roles[0]?.label}、${refs.roles[1]?.label}`,
      '新车',
    ]);
    expect(cells[0]?.slice(1, 3)).toEqual([null, 0.05]);
  });

  it('keeps to the fixed filter of a screen that lists part of the rows', async () => {
    const { id } = await create({ code: 'EX-SUBMITTED' });
    expect((await ctx.request({ method: 'POST', url: `/api/kit-fixtures/${id}/submit`, token: admin })).code).toBe(0);
    const cells = await exported(fixtureScreens.submitted, {});
    expect(cells.map((row) => [row[0], row[6]])).toEqual([['EX-SUBMITTED', '已提交']]);
  });

  it('keeps to the status tab the list shows', async () => {
    const { id } = await create({ code: 'EX-TAB-SUBMITTED' });
    await create({ code: 'EX-TAB-DRAFT' });
    expect((await ctx.request({ method: 'POST', url: `/api/kit-fixtures/${id}/submit`, token: admin })).code).toBe(0);
    const codes = async (filters: object) =>
      (await exported(fixtureScreens.tabbed, { code: 'EX-TAB', ...filters })).map((row) => row[0]);
    expect(await codes({ tab: 'done' })).toEqual(['EX-TAB-SUBMITTED']);
    expect(await codes({ tab: '0' })).toEqual(['EX-TAB-DRAFT']);
    expect(await codes({})).toEqual(['EX-TAB-DRAFT', 'EX-TAB-SUBMITTED']);
  });

  it("writes only the branch company's own rows", async () => {
    expect(await exported(fixtureScreens.list, { code: 'EX-' }, 'SH')).toEqual([]);
  });
});
