import { creditCodeCheckCharacter, nationalIdCheckCharacter, type PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerTerms } from '../src/customers/terms';
import { rowsOf } from '../src/db/migrate';
import { callsAs } from './calls';
import { startTestApp, type TestContext } from './harness';

type Row = Record<string, unknown> & { id: string; version: number };
type Option = { value: string; label: string };

let ctx: TestContext;
let admin: string;
let ops: string;
let shanghai: string;
let cityId: string;
let tenantId: number;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
  shanghai = await ctx.loginToOtherTenant();
  ops = await ctx.login('ops', 'ops123');
  cityId = (await ctx.request<Option[]>({ method: 'GET', url: '/api/lookups/cities', token: admin })).data[0]
    ?.value as string;
  const [tenant] = rowsOf<{ id: number }>(await ctx.database.db.execute(sql`select id from tenants where code = 'BJ'`));
  tenantId = Number(tenant?.id);
});
afterAll(() => ctx.close());

const { get, post, put } = callsAs<Row, Row>(() => ({ ctx, token: admin }));
const endpoint = '/api/b-side/customers';
const terms = { settlementMode: 2, billingDay: 10, paymentDays: 30, creditLimit: 20_000_000, cooperationStatus: 1 };

describe('B端 客户管理', () => {
  it('lists the demo’s customers of all three kinds with their terms, filtered by kind, city, name and status', async () => {
    const all = await get<PageResult<Row>>(`${endpoint}?limit=50`);
    expect(new Set(all.data.list.map((row) => row.kind))).toEqual(new Set([1, 2, 3]));
    expect(all.data.list.every((row) => typeof row.creditLimit === 'number' && row.settlementMode)).toBe(true);
    const paused = await get<PageResult<Row>>(`${endpoint}?cooperationStatus=2`);
    expect(paused.data.list.length).toBeGreaterThan(0);
    expect(paused.data.list.every((row) => row.cooperationStatus === 2)).toBe(true);
    const distributors = await get<PageResult<Row>>(`${endpoint}?kind=2`);
    expect(distributors.data.list.every((row) => row.kind === 2)).toBe(true);
    const named = await get<PageResult<Row>>(`${endpoint}?name=${encodeURIComponent('畅行')}`);
    expect(named.data.list).toHaveLength(1);
    const inCity = await get<PageResult<Row>>(`${endpoint}?cityId=${all.data.list[0]?.cityId}`);
    expect(inCity.data.total).toBeGreaterThan(0);
    // Shanghai's list is Shanghai's own.
    const other = await get<PageResult<Row>>(`${endpoint}?limit=50`, shanghai);
    const ids = new Set(all.data.list.map((row) => row.id));
    expect(other.data.list.some((row) => ids.has(row.id))).toBe(false);
  });

  it('adds a customer of the kind chosen, asking what that kind needs', async () => {
    const first17 = '91110105MA01CM9X1';
    const company = {
      kind: 2,
      name: '京北车队服务有限公司',
      cityId,
      creditCode: first17 + creditCodeCheckCharacter(first17),
      legalRepresentative: '钱森',
      contactName: '吴迪',
      mobile: '13911112222',
      ...terms,
    };
    const missing = await post(endpoint, { ...company, region: '华北大区' });
    expect(missing).toMatchObject({ code: 400, msg: '佣金比例（万分之）：分销商必填' });
    const saved = await post(endpoint, { ...company, region: '华北大区', commissionRate: 300 });
    expect(saved).toMatchObject({ code: 0, data: { kind: 2, settlementMode: 2, creditLimit: 20_000_000 } });
    // The kind's own page reads the same customer.
    expect((await get(`/api/customers/distributors/${saved.data.id}`)).data).toMatchObject({ region: '华北大区' });
    const person = await post(endpoint, { kind: 3, name: '周小川', cityId, mobile: '13700001111', ...terms });
    expect(person).toMatchObject({ code: 400, msg: '身份证号：个人客户必填' });
    const id17 = '11010519900307123';
    const added = await post(endpoint, {
      ...{ kind: 3, name: '周小川', cityId, mobile: '13700001111', ...terms },
      idNumber: id17 + nationalIdCheckCharacter(id17),
    });
    expect(added.code).toBe(0);
    expect(String(added.data.idNumber)).toMatch(/\*{4}/);
  });

  it('edits the terms with a version and the audit trail, and leaves who the customer is alone', async () => {
    const [row] = (await get<PageResult<Row>>(`${endpoint}?kind=1&limit=1`)).data.list;
    const id = String(row?.id);
    const current = (await get(`${endpoint}/${id}`)).data;
    const body = {
      mobile: current.mobile,
      contactName: current.contactName,
      settlementMode: 1,
      billingDay: 25,
      paymentDays: 15,
      creditLimit: 12_345_600,
      invoiceTitle: '测试抬头',
      cooperationStatus: 2,
    };
    const edited = await put(`${endpoint}/${id}`, { ...body, version: current.version });
    expect(edited.msg).toBe('success');
    expect(edited).toMatchObject({ code: 0, data: { billingDay: 25, creditLimit: 12_345_600, cooperationStatus: 2 } });
    const stale = await put(`${endpoint}/${id}`, { ...body, billingDay: 3, version: current.version });
    expect(stale.code).toBe(409);
    const renamed = await put(`${endpoint}/${id}`, { ...body, version: edited.data.version, name: '改名' });
    expect(renamed.code).toBe(400);
    const history = await get<{ action: string; changes: Record<string, { from: unknown; to: unknown }> }[]>(
      `${endpoint}/${id}/history`,
    );
    expect(history.data[0]?.action).toBe('update');
    expect(history.data[0]?.changes.creditLimit).toMatchObject({ to: 12_345_600 });
    // What the B端 orders read: the terms, and a paused customer refused for a new order.
    const read = await customerTerms(ctx.database.db, tenantId, Number(id));
    expect(read).toMatchObject({ settlementMode: 1, billingDay: 25, paymentDays: 15, creditLimit: 12_345_600 });
    await expect(customerTerms(ctx.database.db, tenantId, Number(id), { forNewOrder: true })).rejects.toThrow(
      /不在合作中/,
    );
    await expect(customerTerms(ctx.database.db, tenantId + 1, Number(id))).rejects.toThrow();
  });

  it('is refused to those without 客户管理, and across branch companies', async () => {
    expect((await get(endpoint, ops)).code).toBe(403);
    const [row] = (await get<PageResult<Row>>(`${endpoint}?limit=1`)).data.list;
    const elsewhere = await get(`${endpoint}/${row?.id}`, shanghai);
    expect(elsewhere.code).not.toBe(0);
  });
});
