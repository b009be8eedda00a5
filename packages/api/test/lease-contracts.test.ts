import { approvalBusinessTypes, type PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { contractMarkdown } from '../src/pdf/contract';
import { callsAs, writesBy } from './calls';
import { startTestApp, type TestContext } from './harness';
import { decide, leaseOrderTerms, stockCars } from './task-support';

type Contract = {
  id: string;
  orderId: number;
  contractNo: string;
  versionNo: number;
  reason: number;
  summary: string;
  status: number;
  file: string[];
  fileNames?: Record<string, string>;
};

let ctx: TestContext;
let admin: string;
let ops: string;
let manager: string;
let finance: string;
let shanghai: string;
let tenantId: number;
/** The order approved in the first test, then handed over and extended. */
let orderId: string;
let carId: string;

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 40 });
  admin = await ctx.login('admin', 'admin123');
  shanghai = await ctx.loginToOtherTenant();
  ops = await ctx.login('ops', 'ops123');
  manager = await ctx.login('manager', 'manager123');
  finance = await ctx.login('finance', 'finance123');
  const [tenant] = rowsOf<{ id: number }>(await ctx.database.db.execute(sql`select id from tenants where code = 'BJ'`));
  tenantId = Number(tenant?.id);
});
afterAll(() => ctx.close());

const { get } = callsAs(() => ({ ctx, token: ops }));
const { post } = writesBy(() => ctx);
const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await ctx.database.db.execute(statement));

const versionsOf = async (orderId: string, token = ops) =>
  get<PageResult<Contract>>(`/api/lease-contracts/views/contracts?orderId=${orderId}&limit=50`, token);

/** The stored PDF of a version, fetched as the viewer does: a signed address, then its bytes. */
async function pdfOf(location: string, token = ops) {
  const link = await ctx.request<{ url: string }>({
    method: 'GET',
    url: `/api/gateway/storage/temp-url?fileLocation=${encodeURIComponent(location)}`,
    token,
  });
  if (link.code !== 0) return { code: link.code, bytes: null };
  const file = await ctx.app.inject({ method: 'GET', url: link.data.url });
  return { code: 0, status: file.statusCode, bytes: file.rawPayload };
}

describe('lease contracts as documents', () => {
  it('makes version 1 when the order is approved — not before, not on a rejection — and its PDF by the job', async () => {
    const [car] = await stockCars(ctx, tenantId);
    const [driver] = await query<{ id: string }>(
      sql`select id::text from drivers where tenant_id = ${tenantId} and status = 1 order by id limit 1`,
    );
    const terms = leaseOrderTerms({
      driverId: driver?.id,
      cityId: car?.cityId,
      modelId: car?.modelId,
      startDate: '2026-02-01',
      rent: 420_000,
      deposit: 500_000,
      businessItems: [3, 4],
    });
    const saved = await post<{ id: string }>('/api/lease-orders', ops, terms);
    expect(saved.msg).toBe('success');
    const id = saved.data.id;
    orderId = id;
    carId = String(car?.id);
    await post(`/api/lease-orders/${id}/submit`, ops);
    await decide(ctx, manager, approvalBusinessTypes.leaseOrder, id, 'reject', { comment: '押金偏低' });
    expect((await versionsOf(id)).data.list).toHaveLength(0);
    await post(`/api/lease-orders/${id}/submit`, ops);
    await decide(ctx, manager, approvalBusinessTypes.leaseOrder, id);
    expect((await versionsOf(id)).data.list).toHaveLength(0);
    await decide(ctx, finance, approvalBusinessTypes.leaseOrder, id);
    const [made] = (await versionsOf(id)).data.list;
    expect(made).toMatchObject({ versionNo: 1, reason: 1, status: 1, file: [] });
    await ctx.app.jobs.runUntilIdle();
    const [done] = (await versionsOf(id)).data.list;
    expect(done).toMatchObject({ versionNo: 1, status: 2 });
    expect((await pdfOf(String(done?.file[0]))).bytes?.subarray(0, 5).toString()).toBe('%PDF-');
    // What the PDF says: the order's parties, terms, schedule and 商务约定事项.
    const [stored] = await query<{ description: Parameters<typeof contractMarkdown>[0] }>(
      sql`select description from lease_contracts where id = ${Number(done?.id)}`,
    );
    const text = contractMarkdown(stored?.description as Parameters<typeof contractMarkdown>[0]);
    expect(text).toContain('第1版（订单审批通过）');
    expect(text).toContain('4,200.00元');
    expect(text).toContain('无责退车、免租或延期政策');
    expect(stored?.description.schedule?.rows.filter((row) => row[1] === '租金')).toHaveLength(12);
  });

  it('adds a version for an approved 延期, keeping the older ones as they were', async () => {
    const id = orderId;
    const filled = await post(`/api/lease-orders/${id}/fill-delivery`, ops, {
      vehicleId: carId,
      mileage: 1_000,
      energyLevel: 90,
      deliveredOn: '2026-02-01',
    });
    expect(filled.msg).toBe('success');
    const order = { term_months: 12 };
    const before = (await versionsOf(id)).data.list;
    const asked = await post<{ changeRequestId: string }>(`/api/lease-orders/${id}/delay`, ops, { extraMonths: 2 });
    expect(asked.msg).toBe('success');
    await decide(ctx, manager, approvalBusinessTypes.orderChange, asked.data.changeRequestId);
    await decide(ctx, finance, approvalBusinessTypes.orderChange, asked.data.changeRequestId);
    await ctx.app.jobs.runUntilIdle();
    const after = (await versionsOf(id)).data.list;
    expect(after).toHaveLength(before.length + 1);
    const newest = after[0];
    expect(newest).toMatchObject({ versionNo: before.length + 1, reason: 3, status: 2 });
    expect(newest?.summary).toMatch(/^延期 2 个月/);
    // The earlier versions kept their own files, still readable.
    for (const old of before) {
      const kept = after.find((row) => row.id === old.id);
      expect(kept?.file).toEqual(old.file);
      expect((await pdfOf(String(old.file[0]))).status).toBe(200);
    }
    const [stored] = await query<{ description: { terms: [string, string][] } }>(
      sql`select description from lease_contracts where id = ${Number(newest?.id)}`,
    );
    expect(stored?.description.terms).toContainEqual(['租期', `${Number(order?.term_months) + 2}个月`]);
  });

  it('keeps a branch company’s contracts and their files from the other, and from those without 租赁订单', async () => {
    const [contract] = await query<{ order_id: string; file: string[] }>(
      sql`select order_id::text, file from lease_contracts where tenant_id = ${tenantId} and status = 2 limit 1`,
    );
    const elsewhere = await versionsOf(String(contract?.order_id), shanghai);
    expect(elsewhere.data.list).toHaveLength(0);
    expect((await pdfOf(String(contract?.file[0]), shanghai)).code).not.toBe(0);
    // 财务专员 has no 订单管理: the list is refused.
    const refused = await ctx.request({
      method: 'GET',
      url: `/api/lease-contracts/views/contracts?orderId=${contract?.order_id}`,
      token: finance,
    });
    expect(refused.code).toBe(403);
    // No one writes a version by hand.
    const written = await ctx.request({ method: 'POST', url: '/api/lease-contracts', token: admin, payload: {} });
    expect(written.code).not.toBe(0);
  });
});
