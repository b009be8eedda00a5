import {
  bankCardProblem,
  birthDateOfId,
  driverIdProblem,
  driverScreens,
  genderOfId,
  mobileProblem,
  type PageResult,
  searchTotalCap,
  type TabCount,
} from '@cp/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { drivers as driverTable } from '../src/drivers/tables';
import { generateDriverScaleData } from '../src/seed/scale-drivers';
import { startTestApp, type TestContext } from './harness';

interface Generated {
  id: string;
  kind: number;
  name: string;
  mobile: string;
  national_id: string;
  gender: number;
  birth_date: string;
  bank_card_no: string;
  status: number;
  license_expiry: string;
  permit_expiry: string;
  papers_expiry: string;
}

let ctx: TestContext;
let admin: string;
let drivers: Generated[];
let tenantId: number;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
  const { db } = ctx.database;
  const [tenant] = rowsOf<{ id: number }>(await db.execute(sql`select min(id) as id from tenants`));
  tenantId = Number(tenant?.id);
  await generateDriverScaleData(db, { tenantId, drivers: 300 });
  drivers = rowsOf<Generated>(
    await db.execute(sql`select id::text, kind, name, mobile, national_id, gender, to_char(birth_date, 'YYYY-MM-DD') as birth_date,
      bank_card_no, status, license_expiry::text, permit_expiry::text, papers_expiry::text
      from drivers where tenant_id = ${tenantId}`),
  );
});
afterAll(() => ctx.close());

type Listed = Record<string, unknown> & { id: string; name: string; mobile: string; nationalId: string };
const list = async (query: Record<string, string>) =>
  (
    await ctx.request<PageResult<Listed>>({
      method: 'GET',
      url: `/api/ride-hailing-drivers?${new URLSearchParams({ page: '1', limit: '500', ...query })}`,
      token: admin,
    })
  ).data;

describe('generated drivers', () => {
  it('are as many as asked, of both kinds, mostly 网约车司机, in several states', () => {
    expect(drivers).toHaveLength(300);
    const rideHailing = drivers.filter((driver) => driver.kind === 1).length;
    expect(rideHailing).toBeGreaterThan(200);
    expect(rideHailing).toBeLessThan(300);
    expect(new Set(drivers.map((driver) => driver.status)).size).toBeGreaterThanOrEqual(4);
  });

  it('each carry a valid ID number of their own, their gender and birth date taken from it', () => {
    for (const driver of drivers) {
      expect({ id: driver.national_id, problem: driverIdProblem(driver.national_id) }).toEqual({
        id: driver.national_id,
        problem: null,
      });
      expect(driver.gender).toBe(genderOfId(driver.national_id));
      expect(driver.birth_date).toBe(birthDateOfId(driver.national_id));
      expect(driver.birth_date >= '1965-01-01' && driver.birth_date <= '2003-12-31').toBe(true);
    }
    expect(new Set(drivers.map((driver) => driver.national_id)).size).toBe(drivers.length);
  });

  it('each have a mobile of their own and a bank card the form would take', () => {
    for (const driver of drivers) {
      expect(mobileProblem(driver.mobile)).toBeNull();
      expect(bankCardProblem(driver.bank_card_no)).toBeNull();
      expect(driver.papers_expiry).toBe([driver.license_expiry, driver.permit_expiry].sort()[0]);
    }
    expect(new Set(drivers.map((driver) => driver.mobile)).size).toBe(drivers.length);
  });
});

describe('the 网约车司机 list finds a generated driver', () => {
  const rideHailing = () => drivers.filter((driver) => driver.kind === 1);
  const withGivenName = () => rideHailing().find((driver) => [...driver.name].length === 3) as Generated;

  it('by the last four digits of the mobile, counting every driver whose mobile ends so', async () => {
    const driver = rideHailing()[0] as Generated;
    const digits = driver.mobile.slice(-4);
    const page = await list({ mobile: digits });
    expect(page.list.map((row) => row.id)).toContain(driver.id);
    expect(page.list.every((row) => row.mobile.endsWith(digits))).toBe(true);
    expect(page.total).toBe(rideHailing().filter((other) => other.mobile.endsWith(digits)).length);
  });

  it('by a part of the given name and by the surname, counting every name holding it', async () => {
    const driver = withGivenName();
    for (const piece of [[...driver.name].slice(1).join(''), [...driver.name][0] as string]) {
      const page = await list({ name: piece });
      expect(page.list.map((row) => row.id)).toContain(driver.id);
      expect(page.list.every((row) => row.name.includes(piece))).toBe(true);
      expect(page.total).toBe(rideHailing().filter((other) => other.name.includes(piece)).length);
    }
  });

  it('by the whole ID number, and only them', async () => {
    const driver = withGivenName();
    const page = await list({ nationalId: driver.national_id.toLowerCase() });
    expect(page.list.map((row) => row.id)).toEqual([driver.id]);
    expect(page).toMatchObject({ total: 1, totalExact: true });
  });

  it("counts the status tabs of a surname's matches, each as its tab lists them", async () => {
    const surname = [...withGivenName().name][0] as string;
    const matching = rideHailing().filter((other) => other.name.includes(surname));
    const { data } = await ctx.request<TabCount[]>({
      method: 'GET',
      url: `/api/ride-hailing-drivers/tab-counts?name=${encodeURIComponent(surname)}`,
      token: admin,
    });
    const tabs = driverScreens.ridehailingDrivers.tabs?.items ?? [];
    expect(data).toEqual(
      tabs.map(({ key, values }) => ({
        key,
        total: matching.filter((driver) => !values || values.includes(driver.status)).length,
        totalExact: true,
      })),
    );
  });

  it('answers the same total on the last page, a short one, and past the last', async () => {
    const surname = [...withGivenName().name][0] as string;
    const matching = rideHailing().filter((other) => other.name.includes(surname)).length;
    const last = await list({ name: surname, limit: '2', page: String(Math.ceil(matching / 2)) });
    expect(last).toMatchObject({ total: matching, totalExact: true });
    expect(last.list).toHaveLength(matching % 2 === 0 ? 2 : 1);
    const past = await list({ name: surname, limit: '2', page: String(Math.ceil(matching / 2) + 1) });
    expect(past).toMatchObject({ total: matching, list: [] });
  });
});

describe('a search matching more drivers than the search cap', () => {
  // 1,100 more 网约车司机 named 欧阳 + a number, each with a mobile and ID number of their own (the list
  // does not check them), beside the 300 generated.
  const extra = 1_100;
  beforeAll(async () => {
    const { db } = ctx.database;
    const [template] = await db
      .select()
      .from(driverTable)
      .where(and(eq(driverTable.tenantId, tenantId), eq(driverTable.kind, 1)))
      .limit(1);
    if (!template) throw new Error('no generated 网约车司机');
    const { id: _id, ...copied } = template;
    for (let start = 0; start < extra; start += 500) {
      const rows = Array.from({ length: Math.min(500, extra - start) }, (_, i) => {
        const n = start + i;
        return {
          ...copied,
          name: `欧阳${n}`,
          mobile: `1990${String(n).padStart(7, '0')}`,
          nationalId: `99${String(n).padStart(16, '0')}`,
        };
      });
      await db.insert(driverTable).values(rows);
    }
  });

  it('shows 1000+ for it, while a list without a search counts on to 10000', async () => {
    expect(await list({ name: '欧阳', limit: '20' })).toMatchObject({ total: searchTotalCap, totalExact: false });
    expect(await list({ name: '欧', limit: '20', page: '3' })).toMatchObject({
      total: searchTotalCap,
      totalExact: false,
    });
    const [counted] = rowsOf<{ n: number }>(
      await ctx.database.db.execute(
        sql`select count(*)::int as n from drivers where tenant_id = ${tenantId} and kind = 1`,
      ),
    );
    expect(Number(counted?.n)).toBeGreaterThan(searchTotalCap);
    expect(await list({ limit: '20' })).toMatchObject({ total: Number(counted?.n), totalExact: true });
  });

  it('still counts a narrower search exactly, and still lists pages past the cap', async () => {
    // 欧阳1, 欧阳10–19, 欧阳100–199, 欧阳1000–1099.
    expect(await list({ name: '欧阳1', limit: '20' })).toMatchObject({ total: 211, totalExact: true });
    const far = await list({ name: '欧阳', limit: '20', page: '55' });
    expect(far.list).toHaveLength(20);
    expect(far.list.every((row) => row.name.startsWith('欧阳'))).toBe(true);
  });

  it('caps its tab counts as it caps the list', async () => {
    const { data } = await ctx.request<TabCount[]>({
      method: 'GET',
      url: `/api/ride-hailing-drivers/tab-counts?name=${encodeURIComponent('欧阳')}`,
      token: admin,
    });
    // The first tab is 全部.
    expect(data[0]).toMatchObject({ total: searchTotalCap, totalExact: false });
    expect(data.every((tab) => tab.total <= searchTotalCap)).toBe(true);
  });
});
