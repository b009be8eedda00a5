import type { PageResult } from '@cp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './harness';

type Part = { personKind: number; personId: string; personName: string; amount: number; weight: number | null };
type Allocation = Record<string, unknown> & { id: string; status: number; participants: Part[]; version: number };
type Option = { value: string; label: string };

let ctx: TestContext;
let admin: string;
let shanghai: string;
let ops: string;
let staff: Option[];

const endpoint = '/api/incentive-allocations';

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
  shanghai = await ctx.loginToOtherTenant();
  ops = await ctx.login('ops', 'ops123');
  staff = (await ctx.request<Option[]>({ method: 'GET', url: '/api/lookups/tenant-users', token: admin })).data;
});
afterAll(() => ctx.close());

const people = (count: number, weights?: number[]) =>
  staff.slice(0, count).map((person, index) => ({
    personKind: 2,
    personId: person.value,
    ...(weights ? { weight: weights[index] } : {}),
  }));

const pool = (overrides: object = {}) => ({
  name: '六月拉新激励',
  periodStart: '2025-06-01',
  periodEnd: '2025-06-30',
  totalAmount: 10_000,
  rule: 1,
  participants: people(3),
  remark: null,
  ...overrides,
});

const create = (payload: object, token = admin) =>
  ctx.request<Allocation>({ method: 'POST', url: endpoint, token, payload });
const preview = (payload: object, token = admin) =>
  ctx.request<{ parts: Part[] }>({ method: 'POST', url: `${endpoint}/preview`, token, payload });
const cancel = (id: string, payload: object, token = admin) =>
  ctx.request({ method: 'POST', url: `${endpoint}/${id}/cancel`, token, payload });

describe('激励分配', () => {
  it('has three staff to share among in 北京分公司', () => {
    expect(staff.length).toBeGreaterThanOrEqual(3);
  });

  it('splits 100.00 元 evenly among three to the fen, and saves the preview it showed', async () => {
    const shown = await preview(
      Object.fromEntries(Object.entries(pool()).filter(([key]) => key !== 'name' && key !== 'remark')),
    );
    expect(shown.data.parts.map((part) => part.amount)).toEqual([3334, 3333, 3333]);
    const saved = await create(pool());
    expect(saved).toMatchObject({ code: 0, data: { status: 1, participantCount: 3, totalAmount: 10_000 } });
    expect(saved.data.participants).toEqual(shown.data.parts);
    expect(saved.data.participants[0]?.personName).toBe(staff[0]?.label);
  });

  it('splits by weights, and refuses a weight left out', async () => {
    const saved = await create(pool({ rule: 2, totalAmount: 100_001, participants: people(3, [1, 2, 3]) }));
    expect(saved.data.participants.map((part) => part.amount)).toEqual([16667, 33334, 50000]);
    const missing = await create(pool({ rule: 2, participants: [...people(2, [1, 2]).slice(0, 1), people(2)[1]] }));
    expect(missing.msg).toBe('按比例分配时每位参与人都须填写比例');
  });

  it('refuses an empty pool of people, the same person twice, someone not in the branch, and a period back to front', async () => {
    expect((await create(pool({ participants: [] }))).msg).toContain('参与人');
    const twice = await create(pool({ participants: [...people(1), ...people(1)] }));
    expect(twice.msg).toBe(`参与人：${staff[0]?.label}重复添加`);
    const stranger = await create(pool({ participants: [{ personKind: 2, personId: '999999' }] }));
    expect(stranger.msg).toBe('参与人：员工 #999999 不存在');
    const backwards = await create(pool({ periodStart: '2025-07-01', periodEnd: '2025-06-01' }));
    expect(backwards.msg).toBe('结束日期：不能早于开始日期');
    for (const refused of [twice, stranger, backwards]) expect(refused.status).toBe(200);
  });

  it('is never edited: voided with a reason instead, once', async () => {
    const saved = await create(pool({ name: '待作废的激励' }));
    const edit = await ctx.request({ method: 'PUT', url: `${endpoint}/${saved.data.id}`, token: admin, payload: {} });
    expect(edit.status).toBe(404);
    expect((await cancel(saved.data.id, {})).msg).toContain('作废原因');
    expect(await cancel(saved.data.id, { reason: '金额录入有误' })).toMatchObject({ code: 0 });
    const after = await ctx.request<Allocation>({ method: 'GET', url: `${endpoint}/${saved.data.id}`, token: admin });
    expect(after.data).toMatchObject({ status: 2, cancelReason: '金额录入有误' });
    expect(after.data.participants).toEqual(saved.data.participants);
    expect((await cancel(saved.data.id, { reason: '再来一次' })).msg).toBe('激励分配当前为「已作废」，不能作废');
  });

  it('keeps each branch company to its own allocations', async () => {
    const saved = await create(pool({ name: '北京独有的激励' }));
    const read = await ctx.request({ method: 'GET', url: `${endpoint}/${saved.data.id}`, token: shanghai });
    expect(read.code).not.toBe(0);
    expect((await cancel(saved.data.id, { reason: '越权' }, shanghai)).code).not.toBe(0);
    const list = await ctx.request<PageResult<Allocation>>({
      method: 'GET',
      url: `${endpoint}?name=北京独有`,
      token: shanghai,
    });
    expect(list.data.list).toEqual([]);
  });

  it('refuses ops, whose role is vehicles and orders only', async () => {
    for (const answer of [
      await ctx.request({ method: 'GET', url: endpoint, token: ops }),
      await create(pool(), ops),
      await preview(
        { periodStart: '2025-06-01', periodEnd: '2025-06-30', totalAmount: 1, rule: 1, participants: people(1) },
        ops,
      ),
    ]) {
      expect(answer).toMatchObject({ code: 403, msg: '无权限' });
    }
  });
});
