import { addDays, beijingDay, type PageResult } from '@cp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs } from './calls';
import { startTestApp, type TestContext } from './harness';

type Policy = Record<string, unknown> & { id: string; version: number; validity: number; policyStatus: number };

let ctx: TestContext;
let admin: string;
let cityIds: string[];
let modelIds: string[];
const { get, post, send } = callsAs<Policy, { id: string }>(() => ({ ctx, token: admin }));

const today = beijingDay(new Date());
const day = (offset: number) => addDays(today, offset);
let serial = 0;
/** A policy with only what the form requires: a name of its own, a type, its days, its benefit and notice. */
const policy = (fields: Record<string, unknown> = {}) => ({
  name: `测试政策${++serial}`,
  type: 3,
  startDate: day(1),
  endDate: day(30),
  benefit: 10_000,
  description: '符合条件的司机每人减免100元',
  ...fields,
});

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
  cityIds = (
    await ctx.request<{ value: string }[]>({ method: 'GET', url: '/api/lookups/cities', token: admin })
  ).data.map((city) => city.value);
  type Node = { value: string; children?: Node[] };
  const tree = (await ctx.request<Node[]>({ method: 'GET', url: '/api/lookups/vehicle-catalog', token: admin })).data;
  const leaves = (nodes: Node[]): string[] =>
    nodes.flatMap((node) => (node.children ? leaves(node.children) : [node.value]));
  modelIds = leaves(tree);
});
afterAll(() => ctx.close());

describe('政策列表', () => {
  it('computes 政策状态 from the days in Beijing, and filters by it', async () => {
    const made = await Promise.all(
      [
        [-30, -2],
        [-1, 1],
        [2, 3],
      ].map(([from, to]) =>
        post(
          '/api/policies',
          policy({ type: 6, startDate: day(from ?? 0), endDate: day(to ?? 0), cityIds: [cityIds[0]] }),
        ),
      ),
    );
    expect(made.map((answer) => answer.code)).toEqual([0, 0, 0]);
    const states = await Promise.all(made.map((answer) => get(`/api/policies/${answer.data.id}`)));
    expect(states.map((answer) => answer.data.policyStatus)).toEqual([2, 1, 0]);
    const running = await get<PageResult<Policy>>('/api/policies?policyStatus=1&type=6&limit=50');
    expect(running.data.list.map((row) => row.id)).toEqual([made[1]?.data.id]);
  });

  it('refuses an end before the start under the field, and a benefit above the budget', async () => {
    const ended = await post('/api/policies', policy({ startDate: day(5), endDate: day(5) }));
    expect(ended).toMatchObject({ code: 400, msg: '结束日期：应晚于开始日期' });
    const over = await post('/api/policies', policy({ benefit: 20_000, budget: 10_000 }));
    expect(over).toMatchObject({ code: 400, msg: '单笔优惠：不能大于预算总额' });
  });

  it('refuses a second valid policy of the type on overlapping days and cities, even sent at once', async () => {
    // Days past the demo's policies (its 免租天数 runs for the next two months in every city).
    const city = cityIds[1];
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        post('/api/policies', policy({ type: 2, cityIds: [city], startDate: day(n + 401), endDate: day(430) })),
      ),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(answers.find((answer) => answer.code !== 0)?.msg).toMatch(
      /^与有效政策「测试政策\d+」的类型相同、日期重叠且适用城市和车型有交集/,
    );
    // All cities overlap the city; another city or later days do not.
    expect((await post('/api/policies', policy({ type: 2, startDate: day(403), endDate: day(404) }))).code).not.toBe(0);
    expect(
      (await post('/api/policies', policy({ type: 2, cityIds: [cityIds[2]], startDate: day(401), endDate: day(430) })))
        .code,
    ).toBe(0);
    expect(
      (await post('/api/policies', policy({ type: 2, cityIds: [city], startDate: day(460), endDate: day(470) }))).code,
    ).toBe(0);
  });

  it('clashes only where cities and car models both intersect (none chosen = all)', async () => {
    const [a, b] = modelIds;
    const base = { type: 1, startDate: day(600), endDate: day(620) };
    const first = await post('/api/policies', policy({ ...base, cityIds: [cityIds[4]], modelIds: [a] }));
    expect(first.code).toBe(0);
    expect((await get(`/api/policies/${first.data.id}`)).data).toMatchObject({
      cityIds: [cityIds[4]],
      modelIds: [a],
    });
    // Same city, another model: no clash; same model in every city: clash; every model in another city: none.
    const second = await post('/api/policies', policy({ ...base, cityIds: [cityIds[4]], modelIds: [b] }));
    expect(second.code).toBe(0);
    const allCities = await post('/api/policies', policy({ ...base, modelIds: [a] }));
    expect(allCities.msg).toMatch(/^与有效政策「测试政策\d+」的类型相同、日期重叠且适用城市和车型有交集/);
    expect((await post('/api/policies', policy({ ...base, cityIds: [cityIds[5]] }))).code).toBe(0);
    // Every city and model now clashes with the three above; an edit moving one onto another is refused too.
    expect((await post('/api/policies', policy(base))).code).not.toBe(0);
    const later = await post(
      '/api/policies',
      policy({ type: 1, startDate: day(700), endDate: day(720), modelIds: [a] }),
    );
    const moved = await send('PUT', `/api/policies/${later.data.id}`, {
      ...policy({ ...base, modelIds: [a] }),
      version: 1,
    });
    expect(moved.msg).toMatch(/^与有效政策「测试政策\d+」的类型相同、日期重叠且适用城市和车型有交集/);
    // Filtered by a city (or a model): the policies that apply there — chosen for it, or for every one.
    const inCity = async (query: string) =>
      (await get<PageResult<Policy>>(`/api/policies?limit=100&${query}`)).data.list.map((row) => row.id).sort();
    const found = await inCity(`type=1&cityIds=${cityIds[4]}`);
    expect(found).toContain(first.data.id);
    expect(found).toContain(later.data.id);
    expect(found).toContain(second.data.id);
    const elsewhere = await inCity(`type=1&cityIds=${cityIds[5]}`);
    expect(elsewhere).toContain(later.data.id);
    expect(elsewhere).not.toContain(first.data.id);
    expect(await inCity(`type=1&modelIds=${b}`)).not.toContain(later.data.id);
  });

  it('作废 asks why, keeps it, is final, and frees the days for another policy', async () => {
    const first = await post(
      '/api/policies',
      policy({ type: 4, cityIds: [cityIds[3]], startDate: day(500), endDate: day(530) }),
    );
    const id = first.data.id;
    expect(await post(`/api/policies/${id}/cancel`, {})).toMatchObject({ code: 400 });
    expect((await post(`/api/policies/${id}/cancel`, { reason: '预算调整' })).code).toBe(0);
    expect((await get(`/api/policies/${id}`)).data).toMatchObject({ validity: 0, cancelReason: '预算调整' });
    expect((await post(`/api/policies/${id}/cancel`, { reason: '再次作废' })).code).not.toBe(0);
    expect(
      (await post('/api/policies', policy({ type: 4, cityIds: [cityIds[3]], startDate: day(500), endDate: day(530) })))
        .code,
    ).toBe(0);
  });

  it('keeps each branch company to its own policies', async () => {
    const other = await ctx.loginToOtherTenant();
    const mine = await post('/api/policies', policy({ type: 1, startDate: day(200), endDate: day(210) }));
    expect((await send('GET', `/api/policies/${mine.data.id}`, undefined, other)).code).not.toBe(0);
    const theirs = await get<PageResult<Policy>>('/api/policies?limit=50', other);
    expect(theirs.data.list.map((row) => row.id)).not.toContain(mine.data.id);
  });
});
