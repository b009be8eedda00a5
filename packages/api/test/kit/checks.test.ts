import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../harness';
import { type Fixture, startKitApp } from './fixture';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await startKitApp();
  admin = await ctx.login('admin', 'admin123');
});
afterAll(() => ctx.close());

const url = '/api/kit-periods';
const create = (payload: object) =>
  ctx.request<Fixture>({ method: 'POST', url, token: admin, payload: { name: '六月', ...payload } });
const update = (id: string, payload: object) =>
  ctx.request<Fixture>({ method: 'PUT', url: `${url}/${id}`, token: admin, payload });

describe('declared checks across fields', () => {
  it('refuses a new row breaking one, naming the field its message goes under', async () => {
    const backwards = await create({ startDate: '2025-06-30', endDate: '2025-06-01' });
    expect(backwards).toMatchObject({ code: 400, msg: '结束日期：应晚于开始日期' });
    const sameDay = await create({ startDate: '2025-06-30', endDate: '2025-06-30' });
    expect(sameDay.msg).toBe('结束日期：应晚于开始日期');
    const overspent = await create({ startDate: '2025-06-01', budget: 10_000, spent: 10_001 });
    expect(overspent.msg).toBe('实际花费：不能超过预算');
    const urgent = await create({ startDate: '2025-06-01', category: 1, remark: null });
    expect(urgent.msg).toBe('备注：加急时必填');
  });

  it('saves a row keeping to them, an empty field leaving a comparison alone', async () => {
    const saved = await create({
      startDate: '2025-06-01',
      endDate: '2025-06-30',
      budget: 10_000,
      spent: 10_000,
      category: 1,
      remark: '加急处理',
    });
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({ endDate: '2025-06-30', spent: 10_000, remark: '加急处理' });
    const open = await create({ name: '无结束', startDate: '2025-06-01', spent: 5_000 });
    expect(open.code).toBe(0);
  });

  it('refuses an edit breaking one, and holds an edit leaving a field out to the stored value', async () => {
    const saved = (await create({ name: '七月', startDate: '2025-07-01', endDate: '2025-07-31', budget: 500 })).data;
    const backwards = await update(saved.id, {
      name: '七月',
      startDate: '2025-07-01',
      endDate: '2025-06-30',
      version: saved.version,
    });
    expect(backwards).toMatchObject({ code: 400, msg: '结束日期：应晚于开始日期' });
    // The body leaves 结束日期 and 预算 out: they stay as saved, and the checks read them so.
    const pastEnd = await update(saved.id, { name: '七月', startDate: '2025-08-01', version: saved.version });
    expect(pastEnd.msg).toBe('结束日期：应晚于开始日期');
    const overBudget = await update(saved.id, {
      name: '七月',
      startDate: '2025-07-01',
      spent: 501,
      version: saved.version,
    });
    expect(overBudget.msg).toBe('实际花费：不能超过预算');
    const moved = await update(saved.id, { name: '七月', startDate: '2025-07-10', spent: 500, version: saved.version });
    expect(moved.code).toBe(0);
    expect(moved.data).toMatchObject({ startDate: '2025-07-10', endDate: '2025-07-31', budget: 500, spent: 500 });
  });
});

describe('a family whose create makes the row in another branch company', () => {
  it("answers the new id and the hook's answer, the row out of the session's reach", async () => {
    const made = await ctx.request<{ id: string; madeIn: string }>({
      method: 'POST',
      url: '/api/kit-elsewhere-periods',
      token: admin,
      payload: { name: '七月', startDate: '2025-07-01' },
    });
    expect(made.msg).toBe('success');
    expect(made.data.madeIn).toMatch(/^\d+$/);
    expect((await ctx.request({ method: 'GET', url: `${url}/${made.data.id}`, token: admin })).code).toBe(404);
  });
});
