import {
  bankCardProblem,
  birthDateOfId,
  driverIdProblem,
  driverScreens,
  genderOfId,
  mobileProblem,
  type PageResult,
  type TabCount,
} from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
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

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
  const { db } = ctx.database;
  const [tenant] = rowsOf<{ id: number }>(await db.execute(sql`select min(id) as id from tenants`));
  await generateDriverScaleData(db, { tenantId: Number(tenant?.id), drivers: 300 });
  drivers = rowsOf<Generated>(
    await db.execute(sql`select id::text, kind, name, mobile, national_id, gender, to_char(birth_date, 'YYYY-MM-DD') as birth_date,
      bank_card_no, status, license_expiry::text, permit_expiry::text, papers_expiry::text
      from drivers where tenant_id = ${Number(tenant?.id)}`),
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
