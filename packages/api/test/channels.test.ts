import type { PageResult } from '@cp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocate } from '../src/channels/allocate';
import { allocationRules } from '../src/channels/tables';
import { accounts, tenants } from '../src/identity/tables';
import { callsAs } from './calls';
import { startTestApp, type TestContext } from './harness';

type Row = Record<string, unknown> & { id: string; version: number; status?: number };
type Option = { value: string; label: string };

let ctx: TestContext;
let admin: string;
let shanghai: string;
let staff: Option[];
let cityIds: string[];
let beijingId: number;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
  shanghai = await ctx.loginToOtherTenant();
  staff = (await ctx.request<Option[]>({ method: 'GET', url: '/api/lookups/tenant-users', token: admin })).data;
  cityIds = (await ctx.request<Option[]>({ method: 'GET', url: '/api/lookups/cities', token: admin })).data.map(
    (city) => city.value,
  );
  const [beijing] = await ctx.database.db.select().from(tenants).where(eq(tenants.name, '北京分公司'));
  beijingId = Number(beijing?.id);
});
afterAll(() => ctx.close());

const { send } = callsAs<Row, Row>(() => ({ ctx, token: admin }));
const newChannel = (name: string, token = admin) =>
  send('POST', '/api/channels', { name, type: 5, ownerId: staff[0]?.value }, token);

describe('渠道管理', () => {
  it('lists the demo channels of every type, stopped ones included', async () => {
    const page = (await send<PageResult<Row>>('GET', '/api/channels?limit=100')).data;
    expect(new Set(page.list.map((row) => row.type))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9]));
    expect(page.list.some((row) => row.status === 0)).toBe(true);
    expect(page.list[0]).toHaveProperty('ownerName');
  });

  it('停用 a running channel, refuses to stop it twice, 启用 it again', async () => {
    const created = await newChannel('春季抖音投放');
    expect(created).toMatchObject({ code: 0, data: { status: 1, type: 5 } });
    const id = created.data.id;
    expect((await send('POST', `/api/channels/${id}/disable`)).code).toBe(0);
    expect((await send<Row>('GET', `/api/channels/${id}`)).data.status).toBe(0);
    expect(await send('POST', `/api/channels/${id}/disable`)).toMatchObject({
      code: 1000,
      msg: '渠道当前为「停用」，不能停用',
    });
    expect((await send('POST', `/api/channels/${id}/enable`)).code).toBe(0);
    expect(await send('POST', `/api/channels/${id}/enable`)).toMatchObject({ msg: '渠道当前为「启用」，不能启用' });
  });

  it('answers 渠道名称 … 已存在 to parallel saves of one name, and keeps one', async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => newChannel('并发渠道')));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.code !== 0)) {
      expect(refused).toMatchObject({ code: 1000, msg: '渠道名称 并发渠道 已存在' });
    }
  });

  it("keeps another branch company's channels out of sight by id", async () => {
    const theirs = await newChannel('上海专属渠道', shanghai);
    expect(theirs.code).toBe(0);
    expect((await send('GET', `/api/channels/${theirs.data.id}`)).code).toBe(404);
    expect((await send('POST', `/api/channels/${theirs.data.id}/disable`)).code).toBe(404);
    expect((await send('GET', '/api/lookups/channels')).data).not.toContainEqual(
      expect.objectContaining({ label: '上海专属渠道' }),
    );
  });

  it('refuses ops, whose role is vehicles and orders only', async () => {
    const ops = await ctx.login('ops', 'ops123');
    expect((await send('GET', '/api/channels', undefined, ops)).code).toBe(403);
    expect((await newChannel('运营新增', ops)).code).toBe(403);
    expect((await send('GET', '/api/allocation-rules', undefined, ops)).code).toBe(403);
  });

  it('refuses an owner who is not a user of the branch company', async () => {
    const answer = await send('POST', '/api/channels', { name: '无主渠道', type: 1, ownerId: '999999' });
    expect(answer).toMatchObject({ code: 1000, msg: '负责人不存在' });
  });
});

describe('规则管理', () => {
  const channelOf = async (name: string) => (await newChannel(name)).data.id;
  const rule = (values: Record<string, unknown>) =>
    send('POST', '/api/allocation-rules', { enabled: true, salespersonIds: [staff[0]?.value], ...values });

  it('needs at least one salesperson, each an enabled account here', async () => {
    expect(await rule({ name: '空规则', priority: 500, salespersonIds: [] })).toMatchObject({
      code: 400,
      msg: '销售人员：至少选择一项',
    });
    const [stopped] = await ctx.database.db
      .select({ userId: accounts.userId })
      .from(accounts)
      .where(and(eq(accounts.tenantId, beijingId), eq(accounts.status, 0)));
    expect(await rule({ name: '停用人员', priority: 501, salespersonIds: [String(stopped?.userId)] })).toMatchObject({
      code: 1000,
      msg: '销售人员不存在',
    });
  });

  it('refuses an overlapping rule on the same priority and says which one it ties with', async () => {
    const channelId = await channelOf('重叠测试渠道');
    expect((await rule({ name: '重叠甲', priority: 600, channelId })).code).toBe(0);
    const tie = await rule({ name: '重叠乙', priority: 600, cityId: cityIds[0] });
    expect(tie.code).toBe(1000);
    expect(tie.msg).toContain('规则「重叠甲」');
    expect(tie.msg).toContain('数字越小越先匹配');
    expect((await rule({ name: '重叠乙', priority: 601, cityId: cityIds[0] })).code).toBe(0);
    // Another channel on the same priority cannot match the same lead.
    expect((await rule({ name: '重叠丙', priority: 600, channelId: await channelOf('另一渠道') })).code).toBe(0);
  });

  it('refuses parallel overlapping rules on one priority: one is kept', async () => {
    const answers = await Promise.all(
      ['并发甲', '并发乙', '并发丙'].map((name) => rule({ name, priority: 700, cityId: cityIds[1] })),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
  });

  it("keeps another branch company's rules out of sight by id", async () => {
    const theirs = await send<PageResult<Row>>('GET', '/api/allocation-rules', undefined, shanghai);
    const id = theirs.data.list[0]?.id;
    expect(id).toBeDefined();
    expect((await send('GET', `/api/allocation-rules/${id}`)).code).toBe(404);
    expect((await send('DELETE', `/api/allocation-rules/${id}`)).code).toBe(404);
  });
});

describe('allocation of a new lead', () => {
  const inTx = (scope: { channelId: number | null; cityId: number | null }) =>
    ctx.database.db.transaction((tx) => allocate(tx, beijingId, scope));

  it('takes turns by the first matching rule, also for parallel leads, and keeps the turn in the database', async () => {
    const channel = await newChannel('轮流分配渠道');
    const members = staff.slice(0, 3).map((option) => option.value);
    const created = await send('POST', '/api/allocation-rules', {
      name: '轮流分配',
      priority: 1,
      channelId: channel.data.id,
      enabled: true,
      salespersonIds: members,
    });
    expect(created.code).toBe(0);
    const scope = { channelId: Number(channel.data.id), cityId: Number(cityIds[0]) };
    const taken = await Promise.all(Array.from({ length: 9 }, () => inTx(scope)));
    const counts = new Map<number | null, number>();
    for (const userId of taken) counts.set(userId, (counts.get(userId) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual(members.map(Number).sort());
    expect([...counts.values()]).toEqual([3, 3, 3]);
    const [row] = await ctx.database.db
      .select({ lastUserId: allocationRules.lastUserId })
      .from(allocationRules)
      .where(eq(allocationRules.id, Number(created.data.id)));
    const next = await inTx(scope);
    const sorted = members.map(Number).sort((a, b) => a - b);
    expect(next).toBe(sorted[(sorted.indexOf(Number(row?.lastUserId)) + 1) % sorted.length]);
  });

  it('gives a lead to the rule of the smaller priority, skips disabled rules, and answers null with no match', async () => {
    const channel = await newChannel('优先级渠道');
    const [first, second] = staff;
    const low = await send('POST', '/api/allocation-rules', {
      name: '后匹配',
      priority: 2,
      channelId: channel.data.id,
      enabled: true,
      salespersonIds: [second?.value],
    });
    const high = await send('POST', '/api/allocation-rules', {
      name: '先匹配',
      priority: 1,
      channelId: channel.data.id,
      cityId: cityIds[2],
      enabled: true,
      salespersonIds: [first?.value],
    });
    expect([low.code, high.code]).toEqual([0, 0]);
    const channelId = Number(channel.data.id);
    expect(await inTx({ channelId, cityId: Number(cityIds[2]) })).toBe(Number(first?.value));
    expect(await inTx({ channelId, cityId: Number(cityIds[3]) })).toBe(Number(second?.value));
    await send('PUT', `/api/allocation-rules/${high.data.id}`, { ...editable(high.data), enabled: false });
    expect(await inTx({ channelId, cityId: Number(cityIds[2]) })).toBe(Number(second?.value));
    await ctx.database.db
      .update(allocationRules)
      .set({ enabled: false })
      .where(eq(allocationRules.tenantId, beijingId));
    expect(await inTx({ channelId, cityId: Number(cityIds[2]) })).toBeNull();
  });
});

const editable = (row: Row) => ({
  name: row.name,
  priority: row.priority,
  channelId: row.channelId,
  cityId: row.cityId,
  salespersonIds: row.salespersonIds,
  enabled: row.enabled,
  remark: row.remark,
  version: row.version,
});
