import { type UploadResult, vinCheckDigit } from '@cp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../src/audit/history';
import { forgetNameBooks } from '../src/lookups/registry';
import { companies } from '../src/lookups/tables';
import { callsAs } from './calls';
import { multipart, samples } from './files-support';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
let admin: string;

type Row = Record<string, unknown> & { id: string; version: number };
interface Page {
  list: Row[];
  total: number;
}
interface Option {
  label: string;
  value: string;
  children?: Option[];
}

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 40 });
  admin = await ctx.login('admin', 'admin123');
});
afterAll(() => ctx.close());

const { get, send } = callsAs<Page, Row>(() => ({ ctx, token: admin }));
const historyOf = async (url: string) => (await get<HistoryEntry[]>(`${url}/history`)).data;

const vin = (serial: number) => {
  const draft = `LGXCE4CB0P${String(serial).padStart(7, '0')}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
};

/** The first and second option of a lookup: the models are the catalogue tree's leaves. */
async function twoOf(url: string): Promise<[Option, Option]> {
  const leaves = (options: Option[]): Option[] =>
    options.flatMap((option) => (option.children?.length ? leaves(option.children) : [option]));
  const [first, second] = leaves((await get<Option[]>(url)).data);
  if (!first || !second) throw new Error(`${url} has fewer than two options`);
  return [first, second];
}

describe('the history of a row names what it refers to', () => {
  it("names a vehicle's city, model and company before and after a change, as the list does", async () => {
    const [city, otherCity] = await twoOf('/api/lookups/cities');
    const [model, otherModel] = await twoOf('/api/lookups/vehicle-catalog');
    const [company, otherCompany] = await twoOf('/api/lookups/companies');
    const base = { vin: vin(9001), energyType: 1, mileage: 10 };
    const created = await send('POST', '/api/vehicles', {
      ...base,
      cityId: city.value,
      modelId: model.value,
      companyId: company.value,
    });
    expect(created.code).toBe(0);
    const url = `/api/vehicles/${created.data.id}`;
    const updated = await send('PUT', url, {
      ...base,
      cityId: otherCity.value,
      modelId: otherModel.value,
      companyId: otherCompany.value,
      version: 1,
    });
    expect(updated.code).toBe(0);

    const [update, create] = await historyOf(url);
    expect(update?.action).toBe('update');
    expect(update?.changes).toMatchObject({
      cityId: { fromName: city.label, toName: otherCity.label },
      modelId: { fromName: model.label, toName: otherModel.label },
      companyId: { fromName: company.label, toName: otherCompany.label },
    });
    expect(create?.changes).toMatchObject({
      cityId: { toName: city.label },
      companyId: { toName: company.label },
    });
    const listed = (await get(`/api/vehicles?vin=${base.vin}`)).data.list[0];
    expect(listed).toMatchObject({ cityName: otherCity.label, companyName: otherCompany.label });
  });

  it('says a referenced row is gone instead of showing its bare id', async () => {
    const [city] = await twoOf('/api/lookups/cities');
    const [model] = await twoOf('/api/lookups/vehicle-catalog');
    const [company] = await twoOf('/api/lookups/companies');
    const tenantId = (
      await ctx.database.db
        .select()
        .from(companies)
        .where(eq(companies.id, Number(company.value)))
    )[0]?.tenantId as number;
    const [closing] = await ctx.database.db
      .insert(companies)
      .values({ name: '即将注销的公司', tenantId })
      .returning({ id: companies.id });
    const base = { vin: vin(9002), energyType: 1, mileage: 10, cityId: city.value, modelId: model.value };
    const created = await send('POST', '/api/vehicles', { ...base, companyId: String(closing?.id) });
    expect(created.code).toBe(0);
    const url = `/api/vehicles/${created.data.id}`;
    expect((await send('PUT', url, { ...base, companyId: company.value, version: 1 })).code).toBe(0);
    await ctx.database.db.delete(companies).where(eq(companies.id, Number(closing?.id)));
    forgetNameBooks(ctx.database.db);

    const [update] = await historyOf(url);
    expect(update?.changes?.companyId).toMatchObject({
      from: closing?.id,
      fromName: `#${closing?.id}（已删除）`,
      toName: company.label,
    });
  });

  it("names a record's vehicle by its plate, and files by the names they were uploaded with", async () => {
    const [first, second] = (await get('/api/vehicles?stage=7&limit=2')).data.list;
    const body = multipart([{ name: '维修发票.pdf', content: samples.pdf }]);
    const upload = await ctx.request<UploadResult>({
      method: 'POST',
      url: '/api/gateway/storage/file/private',
      token: admin,
      payload: body.payload,
      headers: body.headers,
    });
    const base = { type: 0, serviceDate: '2026-11-20', mileage: 100, vendor: '途虎养车工场店' };
    const created = await send('POST', '/api/vehicle-maintenance', { ...base, vehicleId: first?.id });
    expect(created.code).toBe(0);
    const url = `/api/vehicle-maintenance/${created.data.id}`;
    const edited = await send('PUT', url, {
      ...base,
      vehicleId: second?.id,
      attachments: [upload.data.fileLocation],
      version: 1,
    });
    expect(edited.code).toBe(0);

    const [update] = await historyOf(url);
    expect(update?.changes).toMatchObject({
      vehicleId: {
        fromName: expect.stringContaining(String(first?.plateNo)),
        toName: expect.stringContaining(String(second?.plateNo)),
      },
      attachments: { fromName: [], toName: ['维修发票.pdf'] },
    });
  });
});

/** Every record screen of a vehicle, by its list endpoint. */
const recordLists = [
  '/api/vehicle-inspections',
  '/api/vehicle-outbound-records',
  '/api/vehicle-deliveries',
  '/api/vehicle-deliveries/views/temporaryDelivery',
  '/api/vehicle-returns',
  '/api/vehicle-shunting',
  '/api/vehicle-risks',
  '/api/vehicle-violations',
  '/api/vehicle-maintenance',
];

describe("a vehicle's records, as its detail page lists them", () => {
  it('filters every record list by the vehicle, and only by it', async () => {
    for (const url of recordLists) {
      const answer = await get(`${url}?limit=500`);
      expect(answer.msg, url).toBe('success');
      const all = answer.data.list;
      const vehicleId = String(all[0]?.vehicleId);
      expect(all.length, url).toBeGreaterThan(0);
      const own = await get(`${url}?vehicleId=${vehicleId}&limit=500`);
      expect(own.code, url).toBe(0);
      const expected = all.filter((row) => row.vehicleId === vehicleId).map((row) => row.id);
      expect(own.data.list.map((row) => row.id).sort(), url).toEqual(expected.sort());
      expect(own.data.total, url).toBe(expected.length);
      // The demo data has records of several vehicles in every list: the filter leaves the others out.
      expect(expected.length, url).toBeLessThan(all.length);
    }
  });

  it("never shows another branch company's records, whatever vehicle is asked for", async () => {
    const shanghai = await ctx.loginToOtherTenant();
    for (const url of recordLists) {
      const beijing = (await get(`${url}?limit=1`)).data.list[0];
      const foreign = await get(`${url}?vehicleId=${String(beijing?.vehicleId)}`, shanghai);
      expect(foreign.code, url).toBe(0);
      expect(foreign.data, url).toMatchObject({ list: [], total: 0 });
    }
  });

  it('explains a vehicle id that is not one', async () => {
    const refused = await get('/api/vehicle-violations?vehicleId=abc');
    expect(refused.code).not.toBe(0);
    expect(refused.msg).toMatch(/^车辆：/);
  });
});
