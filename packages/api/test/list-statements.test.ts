import { totalCap, vehicleResource, vehicleScreens, violationResource } from '@cp/contracts';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../src/identity/tables';
import type { Row, ServerResource } from '../src/resource/family';
import { present } from '../src/resource/names';
import { listOrder } from '../src/resource/query';
import { type ListQuery, listRows, screenSelection, whereOf } from '../src/resource/read';
import { vehicleFamily } from '../src/vehicles/family';
import { violationFamily } from '../src/vehicles/record-families';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
let tenantIds: number[];

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 150 });
  tenantIds = (await ctx.database.db.select({ id: tenants.id }).from(tenants)).map((row) => row.id);
});
afterAll(() => ctx.close());

function mainScreenOf(family: ServerResource) {
  const main = family.screens.find((screen) => screen.main);
  if (!main) throw new Error(`${family.resource.key} has no main screen`);
  return main;
}

/** The page and count as built afresh for every request (no prepared statement): what the list must match. */
async function reference(family: ServerResource, tenantId: number, query: ListQuery) {
  const { db } = ctx.database;
  const where = whereOf(family, tenantId, query);
  const base = db.select(screenSelection(family, mainScreenOf(family)) as never).from(family.table);
  const joined = family.parent
    ? base.innerJoin(family.parent.table, sql`${family.parent.id} = ${family.parent.via}`)
    : base;
  const rows = (await joined
    .where(where)
    .orderBy(...listOrder(family.columns, family.table.id, query.sort, query.order))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)) as Row[];
  const matches = db.select({ one: sql`1` }).from(family.table);
  const scoped = family.parent
    ? matches.innerJoin(family.parent.table, sql`${family.parent.id} = ${family.parent.via}`)
    : matches;
  const [counted] = await db.select({ n: count() }).from(
    scoped
      .where(where)
      .limit(totalCap + 1)
      .as('m'),
  );
  return { list: await present(db, tenantId, family, rows), total: Number(counted?.n) };
}

const vehicleQueries: Record<string, string>[] = [
  { stage: '5,7', cityId: '1', sort: 'mileage', order: 'desc' },
  { stage: '0,1,2,3', cityId: '2', sort: 'mileage', order: 'desc' },
  { stage: '4', sort: 'mileage', order: 'desc', limit: '5', page: '2' },
  { plateNo: 'A' },
  { plateNo: 'a1' },
  { plateNo: 'A12' },
  { plateNo: '%' },
  { vin: 'LGX' },
  { nextInspectionDate: '2025-01-01,2027-12-31', sort: 'nextInspectionDate', order: 'asc' },
  { nextInspectionDate: '2026-06-01,2026-12-31', sort: 'nextInspectionDate', order: 'asc' },
  { energyType: '1', rentStatus: '2' },
  { pendingPreparation: '1', stage: '2' },
  { pendingPreparation: '3', stage: '2' },
  {},
  { page: '3', limit: '7', sort: 'plateNo', order: 'asc' },
];

const violationQueries: Record<string, string>[] = [
  { status: '0', sort: 'occurredAt', order: 'desc' },
  { status: '1' },
  { plateNo: '京' },
  { plateNo: 'a', status: '2' },
  { driverName: '王' },
  { occurredAt: '2025-01-01,2026-12-31', sort: 'fine', order: 'asc' },
];

describe('list statements, built once per filter shape and order', () => {
  const cases: [ServerResource, (raw: Record<string, string>) => ListQuery, Record<string, string>[]][] = [
    [vehicleFamily, (raw) => vehicleResource.listQuery.parse(raw) as ListQuery, vehicleQueries],
    [violationFamily, (raw) => violationResource.listQuery.parse(raw) as ListQuery, violationQueries],
  ];
  for (const [family, parse, queries] of cases) {
    it(`answer every ${family.resource.title} query as a statement built afresh does, twice, in every tenant`, async () => {
      for (const tenantId of tenantIds) {
        // Each shape twice: the second run reuses the statement the first one built, with other values.
        for (const raw of [...queries, ...queries]) {
          const query = parse(raw);
          const page = await listRows(ctx.database.db, family, tenantId, query);
          const expected = await reference(family, tenantId, query);
          expect({ raw, list: page.list, total: page.total }).toEqual({ raw, ...expected });
        }
      }
    });
  }

  it('keeps a screen’s fixed filters whatever the query', async () => {
    const { data } = await ctx.request<{ list: Row[] }>({
      method: 'GET',
      url: `${vehicleScreens.vehicleInspected.endpoint}?limit=100`,
      token: await ctx.login('admin', 'admin123'),
    });
    expect(data.list.length).toBeGreaterThan(0);
    expect(data.list.every((row) => row.stage === 0)).toBe(true);
  });
});
