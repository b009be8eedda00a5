import { addDays, beijingDay, type PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { callsAs, grantRole } from './calls';
import { startTestApp, type TestContext } from './harness';
import { booksProblems } from './ledger-support';
import { leaseOrderTerms } from './task-support';

type Row = Record<string, unknown> & { id: string; version: number };
type Claim = Row & { claimNo: string; status: number; checkOrder: number; amount: number; driverId: string };

let ctx: TestContext;
let admin: string;
let tenantId: number;
let drivers: string[];
let cityIds: string[];
let modelIds: string[];
const { get, post, send } = callsAs<Row, Row>(() => ({ ctx, token: admin }));

const today = beijingDay(new Date());
const day = (offset: number) => addDays(today, offset);
let serial = 0;

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 150 });
  admin = await ctx.login('admin', 'admin123');
  // 新增订单's driver picker: the branch company's 正常 drivers.
  drivers = (await get<{ value: string }[]>('/api/lookups/drivers?search=')).data.map((driver) => driver.value);
  const [tenant] = rowsOf<{ id: number }>(
    await ctx.database.db.execute(sql`select tenant_id as id from drivers where id = ${drivers[0]}`),
  );
  tenantId = Number(tenant?.id);
  cityIds = (await get<{ value: string }[]>('/api/lookups/cities')).data.map((city) => city.value);
  type Node = { value: string; children?: Node[] };
  const leaves = (nodes: Node[]): string[] =>
    nodes.flatMap((node) => (node.children ? leaves(node.children) : [node.value]));
  modelIds = leaves((await get<Node[]>('/api/lookups/vehicle-catalog')).data);
});
afterAll(() => ctx.close());

/** A lease order of its own driver, city and model, starting `ago` days back (待审批: being signed). */
async function order(ago: number, n = ++serial) {
  const terms = leaseOrderTerms({
    driverId: drivers[n % drivers.length],
    cityId: cityIds[n % cityIds.length],
    modelId: modelIds[n % modelIds.length],
    startDate: day(-ago),
    rent: 300_000,
  });
  const saved = await post('/api/lease-orders', terms);
  expect(saved.msg).toBe('success');
  return { id: saved.data.id, cityId: terms.cityId as string, modelId: terms.modelId as string, startDate: day(-ago) };
}

/** A policy of 阶梯租金 on exactly this order's city, model and day (so the suite's policies never clash). */
async function policyFor(o: { cityId: string; modelId: string; startDate: string }, extra: object = {}) {
  const saved = await post('/api/policies', {
    name: `核销测试政策${++serial}`,
    type: 3,
    startDate: o.startDate,
    endDate: addDays(o.startDate, 1),
    benefit: 12_000,
    budget: 1_000_000,
    cityIds: [o.cityId],
    modelIds: [o.modelId],
    description: '签约司机每人优惠120元',
    ...extra,
  });
  expect(saved.msg).toBe('success');
  return saved.data.id;
}

const bind = (orderId: string, policyId: string, token = admin) =>
  post<{ id: string }>('/api/policy-claims', { orderId, policyId }, token);
const claimOf = async (id: string) => (await get<Claim>(`/api/policy-claims/${id}`)).data;

/** A claim bound, 核单 passed and 核销中: ready for 确认核销. */
async function verifying(orderId: string, policyId: string) {
  const bound = await bind(orderId, policyId);
  expect(bound.msg).toBe('success');
  expect((await post(`/api/policy-claims/${bound.data.id}/check`, { result: 1 })).msg).toBe('success');
  expect((await post(`/api/policy-claims/${bound.data.id}/start`)).msg).toBe('success');
  return bound.data.id;
}

describe('营销政策核销', () => {
  it('has demo claims in every state in both branch companies, the 已核销 ones credited', async () => {
    for (const token of [admin, await ctx.loginToOtherTenant()]) {
      const demo = await get<PageResult<Claim>>('/api/policy-claims?limit=50', token);
      expect(new Set(demo.data.list.map((claim) => claim.status))).toEqual(new Set([0, 1, 2, 3]));
      for (const claim of demo.data.list.filter((row) => row.status === 2)) {
        const detail = (await get<Claim>(`/api/policy-claims/${claim.id}`, token)).data;
        const paid = await get<PageResult<Row>>(`/api/payments?reference=${claim.claimNo}`, token);
        expect(paid.data.list.map((row) => [row.paymentNo, row.amount])).toEqual([[detail.paymentNo, claim.amount]]);
      }
    }
  });

  it('binds a policy at signing with a snapshot of its terms that a later edit of the policy leaves alone', async () => {
    const o = await order(3);
    const policyId = await policyFor(o);
    const bound = await bind(o.id, policyId);
    expect(bound.msg).toBe('success');
    const claim = await claimOf(bound.data.id);
    expect(claim).toMatchObject({ amount: 12_000, status: 0, checkOrder: 0, signedOn: o.startDate, orderId: o.id });
    expect(claim.claimNo).toMatch(/^HX\d{8}\d{6}$/);
    expect(String(claim.scope)).toMatch(/^城市：.+；车型：.+$/);
    const name = claim.policyName;
    const policy = (await get(`/api/policies/${policyId}`)).data;
    const edited = await send('PUT', `/api/policies/${policyId}`, {
      ...{ name: '改名后的政策', type: 3, startDate: o.startDate, endDate: addDays(o.startDate, 1) },
      ...{ benefit: 50_000, description: '改为每人优惠500元', cityIds: [], modelIds: [o.modelId] },
      version: policy.version,
    });
    expect(edited.msg).toBe('success');
    expect(await claimOf(bound.data.id)).toMatchObject({ amount: 12_000, policyName: name, scope: claim.scope });
    expect((await bind(o.id, policyId)).msg).toBe(
      `订单${(await get(`/api/lease-orders/${o.id}`)).data.orderNo}已绑定政策「${name}」`,
    );
  });

  it('binds only a valid policy running on the order start day with the order city and model in its scope', async () => {
    const o = await order(6);
    const elsewhere = cityIds.find((city) => city !== o.cityId) as string;
    const otherCity = await policyFor({ ...o, cityId: elsewhere });
    expect((await bind(o.id, otherCity)).msg).toMatch(/^订单所在城市不在政策「.+」的适用城市内$/);
    const otherModel = await policyFor({ ...o, modelId: modelIds.find((model) => model !== o.modelId) as string });
    expect((await bind(o.id, otherModel)).msg).toMatch(/^订单车型不在政策「.+」的适用车型内$/);
    const later = await policyFor({ ...o, startDate: addDays(o.startDate, 2) });
    expect((await bind(o.id, later)).msg).toMatch(/^订单起租日期\S+不在政策「.+」的执行期/);
    // One policy of a type per order: after the first is 作废, a second of the type is still refused.
    const first = await policyFor(o);
    expect((await bind(o.id, first)).msg).toBe('success');
    expect((await post(`/api/policies/${first}/cancel`, { reason: '政策调整' })).msg).toBe('success');
    expect((await bind(o.id, first)).msg).toMatch(/已作废|已绑定/);
    const second = await policyFor(o);
    expect((await bind(o.id, second)).msg).toMatch(/已绑定同类型（阶梯租金）政策「.+」，同类型政策不能叠加$/);
  });

  it('runs 核单 → 开始核销 → 确认核销 once under parallel requests, credited once to the driver books', async () => {
    const o = await order(9);
    const policyId = await policyFor(o);
    const bound = await bind(o.id, policyId);
    const id = bound.data.id;
    expect((await post(`/api/policy-claims/${id}/start`)).msg).toBe('核单通过后才能开始核销');
    expect((await post(`/api/policy-claims/${id}/check`, { result: 2 })).msg).toBe('核单说明：核单失败时请填写原因');
    expect((await post(`/api/policy-claims/${id}/check`, { result: 1, reason: '资料齐全' })).msg).toBe('success');
    expect((await post(`/api/policy-claims/${id}/check`, { result: 1 })).msg).toBe('该核销单已核单');
    expect((await post(`/api/policy-claims/${id}/start`)).msg).toBe('success');
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(`/api/policy-claims/${id}/verify`)));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.code !== 0)) {
      expect(refused.msg).toBe('核销单当前为「已核销」，不能确认核销');
    }
    const claim = await claimOf(id);
    expect(claim).toMatchObject({ status: 2, checkOrder: 1 });
    expect(claim.paymentNo).toMatch(/^SK/);
    const paid = await get<PageResult<Row>>(`/api/payments?reference=${claim.claimNo}&limit=10`);
    expect(paid.data.list.map((row) => [row.amount, row.channel, row.driverId])).toEqual([[12_000, 7, claim.driverId]]);
    expect((await post(`/api/policy-claims/${id}/verify`)).msg).toBe('核销单当前为「已核销」，不能确认核销');
    expect((await post(`/api/policy-claims/${id}/cancel`, { reason: '误操作' })).code).not.toBe(0);
    expect(await booksProblems(ctx.database.db, tenantId)).toEqual([]);
  });

  it('keeps 确认核销 within the policy budget when claims are confirmed at once; the ledger sums to what was granted', async () => {
    const orders = [];
    for (let n = 0; n < 4; n += 1) orders.push(await order(200 + n));
    const saved = await post('/api/policies', {
      name: '预算测试政策',
      type: 6,
      startDate: day(-205),
      endDate: day(-195),
      benefit: 10_000,
      budget: 25_000,
      description: '预算用完即止',
    });
    expect(saved.msg).toBe('success');
    const claims = [];
    for (const o of orders) claims.push(await verifying(o.id, saved.data.id));
    const answers = await Promise.all(claims.map((id) => post(`/api/policy-claims/${id}/verify`)));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(2);
    for (const refused of answers.filter((answer) => answer.code !== 0)) {
      expect(refused.msg).toBe('政策「预算测试政策」预算不足：预算250.00元，已核销200.00元，本单100.00元');
    }
    const report = (await get(`/api/policy-reports/${saved.data.id}`)).data;
    expect(report).toMatchObject({
      ordersBound: 4,
      waiting: 0,
      verifying: 2,
      verified: 2,
      granted: 20_000,
      budgetLeft: 5_000,
    });
    const verified = (await Promise.all(claims.map(claimOf))).filter((claim) => claim.status === 2);
    const credited = await Promise.all(
      verified.map(async (claim) => (await get<PageResult<Row>>(`/api/payments?reference=${claim.claimNo}`)).data.list),
    );
    expect(credited.flat().reduce((sum, row) => sum + Number(row.amount), 0)).toBe(report.granted);
    expect(await booksProblems(ctx.database.db, tenantId)).toEqual([]);
  });

  it('核单失败 keeps why and blocks 开始核销; 作废 asks why and is final', async () => {
    const o = await order(12);
    const bound = await bind(o.id, await policyFor(o));
    const id = bound.data.id;
    expect((await post(`/api/policy-claims/${id}/check`, { result: 2, reason: '首付款未缴清' })).msg).toBe('success');
    expect(await claimOf(id)).toMatchObject({ checkOrder: 2, checkNote: '首付款未缴清', status: 0 });
    expect((await post(`/api/policy-claims/${id}/start`)).msg).toBe('核单通过后才能开始核销');
    expect((await post(`/api/policy-claims/${id}/cancel`, {})).code).toBe(400);
    expect((await post(`/api/policy-claims/${id}/cancel`, { reason: '不符合条件' })).msg).toBe('success');
    expect(await claimOf(id)).toMatchObject({ status: 3, cancelReason: '不符合条件' });
    expect((await post(`/api/policy-claims/${id}/cancel`, { reason: '再次' })).code).not.toBe(0);
  });

  it('keeps each branch company to its own claims, orders and policies', async () => {
    const o = await order(15);
    const policyId = await policyFor(o);
    const id = await verifying(o.id, policyId);
    const other = await ctx.loginToOtherTenant();
    expect((await get(`/api/policy-claims/${id}`, other)).msg).toBe('核销单不存在');
    expect((await post(`/api/policy-claims/${id}/verify`, {}, other)).msg).toBe('核销单不存在');
    expect((await get(`/api/policy-reports/${policyId}`, other)).code).not.toBe(0);
    expect((await bind(o.id, policyId, other)).code).not.toBe(0);
    const theirs = await get<PageResult<Row>>(`/api/policy-claims?policyId=${policyId}`, other);
    expect(theirs.data.list).toEqual([]);
    expect((await claimOf(id)).status).toBe(1);
  });

  it('asks for each button: a role with the page and 核单 may check, not bind, start, confirm or void', async () => {
    const o = await order(18);
    const policyId = await policyFor(o);
    const id = (await bind(o.id, policyId)).data.id;
    await grantRole(
      ctx,
      admin,
      'vehicleOrderOps',
      ['marketingPolicyCancellation'],
      ['marketingPolicyCancellation:check'],
    );
    const ops = await ctx.login('ops', 'ops123');
    expect((await get(`/api/policy-claims/${id}`, ops)).code).toBe(0);
    expect((await post(`/api/policy-claims/${id}/check`, { result: 1 }, ops)).code).toBe(0);
    expect((await bind(o.id, policyId, ops)).code).toBe(403);
    for (const action of ['start', 'verify'])
      expect((await post(`/api/policy-claims/${id}/${action}`, {}, ops)).code).toBe(403);
    expect((await post(`/api/policy-claims/${id}/cancel`, { reason: '无权' }, ops)).code).toBe(403);
  });
});
