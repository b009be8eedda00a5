import type { PageResult } from '@cp/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRequestHeaders } from '../src/appApi/keys';
import { appFeedback } from '../src/appFeedback/tables';
import { loadConfig } from '../src/config';
import { appClient, type TestAppClient } from './app-support';
import { callsAs } from './calls';
import { userWithButtons } from './competitor-support';
import { multipart, samples } from './files-support';
import { startTestApp, type TestContext } from './harness';

type Feedback = Record<string, unknown> & { id: string; status: number; feedbackNo: string };
type Receipt = { id: string; feedbackNo: string; status: string };
type Uploaded = { files: { fileLocation: string }[] };

let ctx: TestContext;
let admin: string;
let beijing: TestAppClient;
let shanghai: TestAppClient;
const { get, post, send } = callsAs<Feedback, { id: string }>(() => ({ ctx, token: admin }));

beforeAll(async () => {
  const base = loadConfig({});
  ctx = await startTestApp(
    {
      appApi: { ...base.appApi, perDriverPerMinute: 1000, perAddressPerMinute: 1000 },
      files: { ...base.files, publicMaxFileMb: 1 },
    },
    { demoVehiclesPerTenant: 12 },
  );
  admin = await ctx.login('admin', 'admin123');
  beijing = await appClient(ctx, '北京分公司');
  shanghai = await appClient(ctx, '上海分公司');
});
afterAll(() => ctx.close());

/** Screenshots uploaded by the app for a driver, as multipart. */
async function upload(client: TestAppClient, driverId: number | undefined, parts: { name: string; content: Buffer }[]) {
  const form = multipart(parts);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/app/feedback/screenshots',
    headers: { ...appRequestHeaders(client.grant, driverId), ...form.headers },
    payload: form.payload,
  });
  return { status: response.statusCode, ...(response.json() as { code: number; msg: string; data: Uploaded }) };
}

const suggestion = (fields: Record<string, unknown> = {}) => ({
  kind: 'suggestion',
  menu: '还车预约',
  problem: '希望还车预约能选时段',
  level: '中',
  pic: [],
  ...fields,
});
const submit = (client: TestAppClient, driverId: number | undefined, body: unknown) =>
  client.send<Receipt>({ method: 'POST', url: '/api/app/feedback', body, driverId });

describe('意见反馈 from the app', () => {
  it('takes a suggestion with the driver’s own screenshots, lists it as APP and 待处理, and shows it back', async () => {
    const driverId = beijing.driverIds[0];
    const shots = await upload(beijing, driverId, [
      { name: 'a.png', content: samples.png },
      { name: 'b.jpg', content: samples.jpg },
    ]);
    expect(shots.code).toBe(0);
    const pic = shots.data.files.map((file) => file.fileLocation);
    const receipt = await submit(beijing, driverId, suggestion({ pic }));
    expect(receipt).toMatchObject({ code: 0, data: { status: '待处理' } });
    expect(receipt.data.feedbackNo).toMatch(/^FK\d{6}$/);
    const row = (await get(`/api/driver-feedback/${receipt.data.id}`)).data;
    expect(row).toMatchObject({ status: 0, source: 1, kind: 1, level: 2, driverId: String(driverId), pics: pic });
    const [stored] = await ctx.database.db
      .select()
      .from(appFeedback)
      .where(eq(appFeedback.id, Number(receipt.data.id)));
    expect(stored?.createdBy).toBeNull();
    const mine = await beijing.send<{ id: string; status: string; replies: unknown[] }[]>({
      method: 'GET',
      url: '/api/app/feedback',
      driverId,
    });
    expect(mine.data.find((item) => item.id === receipt.data.id)).toMatchObject({ status: '待处理', replies: [] });
  });

  it('refuses screenshots of the wrong kind, too large or too many, and files that are not the driver’s own', async () => {
    const [driverId, other] = beijing.driverIds;
    expect((await upload(beijing, driverId, [{ name: 'a.pdf', content: samples.pdf }])).msg).toBe('文件格式不正确!');
    expect((await upload(beijing, driverId, [{ name: 'fake.png', content: samples.text }])).msg).toBe(
      '文件内容与扩展名不符，请上传真实的文件',
    );
    const big = Buffer.concat([samples.png, Buffer.alloc(1024 * 1024 + 10, 0)]);
    expect((await upload(beijing, driverId, [{ name: 'big.png', content: big }])).msg).toBe('上传文件大小不能超过1MB!');
    const six = Array.from({ length: 6 }, (_, n) => ({ name: `${n}.png`, content: samples.png }));
    expect((await upload(beijing, driverId, six)).msg).toBe('最多只能上传5个文件!');

    const shots = await upload(beijing, driverId, [{ name: 'x.png', content: samples.png }]);
    const location = shots.data.files[0]?.fileLocation ?? '';
    const refusal = '截图：不存在、不是本人上传或已被使用，请重新上传';
    expect((await submit(beijing, other, suggestion({ pic: [location] }))).msg).toBe(refusal);
    expect((await submit(shanghai, shanghai.driverIds[0], suggestion({ pic: [location] }))).msg).toBe(refusal);
    expect((await submit(beijing, driverId, suggestion({ pic: ['private/2026/01/made-up.png'] }))).msg).toBe(refusal);
    expect((await submit(beijing, driverId, suggestion({ pic: [location] }))).code).toBe(0);
    // Used once, a screenshot is not named by a second feedback.
    expect((await submit(beijing, driverId, suggestion({ pic: [location] }))).msg).toBe(refusal);
  });

  it('refuses junk and oversized bodies in words, and never applies a request sent twice', async () => {
    const driverId = beijing.driverIds[1];
    const junk = [
      [{ kind: 'praise', menu: 'x', problem: 'y' }, /反馈类型/],
      [suggestion({ level: '特急' }), /等级/],
      [suggestion({ problem: 'x'.repeat(2001) }), /问题/],
      [suggestion({ extra: 1 }), /extra|未知|不允许/],
      [suggestion({ pic: ['a', 'b', 'c', 'd'] }), /截图/],
      [{ kind: 'fault', type: '普通功能错误', menu: '账单', problem: '' }, /问题/],
      ['not json at all', /.+/],
    ] as const;
    for (const [body, message] of junk) {
      const answer = await submit(beijing, driverId, body);
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
      expect(answer.code, JSON.stringify(body)).not.toBe(0);
      expect(answer.msg, JSON.stringify(body)).toMatch(message);
    }
    expect((await submit(beijing, undefined, suggestion())).msg).toBe('X-App-Driver：请提供司机编号');

    const headers = appRequestHeaders(beijing.grant, driverId);
    const payload = { kind: 'fault', type: '阻塞使用流程', menu: '登录', problem: '重放测试：登录闪退', pic: [] };
    const first = await ctx.app.inject({ method: 'POST', url: '/api/app/feedback', headers, payload });
    const again = await ctx.app.inject({ method: 'POST', url: '/api/app/feedback', headers, payload });
    expect(first.json()).toMatchObject({ code: 0 });
    expect(again.json()).toMatchObject({ code: 400 });
    const [stored] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(appFeedback)
      .where(eq(appFeedback.problem, '重放测试：登录闪退'));
    expect(stored?.n).toBe(1);
  });
});

describe('意见反馈 on the console', () => {
  const fresh = async () => (await submit(beijing, beijing.driverIds[2], suggestion())).data.id;

  it('goes 待处理 → 处理中 → 已处理 with a reply the driver reads, or 已关闭 with a reason', async () => {
    const id = await fresh();
    const users = await ctx.request<{ value: string }[]>({
      method: 'GET',
      url: '/api/lookups/tenant-users',
      token: admin,
    });
    const assigneeId = users.data[0]?.value;
    expect((await post(`/api/driver-feedback/${id}/resolve`, { content: '好' })).code).not.toBe(0);
    expect((await post(`/api/driver-feedback/${id}/assign`, { assigneeId })).code).toBe(0);
    expect((await post(`/api/driver-feedback/${id}/reply`, { content: '正在核实' })).code).toBe(0);
    expect((await post(`/api/driver-feedback/${id}/resolve`, {})).code).toBe(400);
    expect((await post(`/api/driver-feedback/${id}/resolve`, { content: '已支持按时段预约' })).code).toBe(0);
    const row = (await get(`/api/driver-feedback/${id}`)).data;
    expect(row).toMatchObject({ status: 2, assigneeId, replyCount: 2, handlingBucket: 0 });
    const replies = await get<PageResult<{ content: string }>>(
      `/api/driver-feedback-replies/views/appFeedbackReplies?feedbackId=${id}`,
    );
    expect(replies.data.list.map((reply) => reply.content)).toEqual(['正在核实', '已支持按时段预约']);
    const mine = await beijing.send<{ id: string; status: string; replies: { content: string }[] }[]>({
      method: 'GET',
      url: '/api/app/feedback',
      driverId: beijing.driverIds[2],
    });
    expect(mine.data.find((item) => item.id === id)).toMatchObject({
      status: '已处理',
      replies: [{ content: '正在核实' }, { content: '已支持按时段预约' }],
    });
    expect((await post(`/api/driver-feedback/${id}/close`, { reason: '重复' })).code).not.toBe(0);

    const other = await fresh();
    expect((await post(`/api/driver-feedback/${other}/close`, {})).code).toBe(400);
    expect((await post(`/api/driver-feedback/${other}/close`, { reason: '与FK反馈重复' })).code).toBe(0);
    expect((await get(`/api/driver-feedback/${other}`)).data).toMatchObject({ status: 3, closeReason: '与FK反馈重复' });
  });

  it('tags feedback, filters by tag, and keeps a tag in use from deletion (停用 instead)', async () => {
    const made = await post('/api/feedback-tags', { name: '测试标签', displayOrder: 5, status: 1 });
    const stopped = await post('/api/feedback-tags', { name: '停用标签', displayOrder: 6, status: 0 });
    const id = await fresh();
    expect((await post(`/api/driver-feedback/${id}/tag`, { tagIds: [stopped.data.id] })).msg).toBe(
      '标签「停用标签」已停用，不能添加',
    );
    expect((await post(`/api/driver-feedback/${id}/tag`, { tagIds: [made.data.id] })).code).toBe(0);
    const tagged = await get<PageResult<Feedback>>(`/api/driver-feedback?tagId=${made.data.id}`);
    expect(tagged.data.list.map((row) => row.id)).toEqual([id]);
    expect((await get(`/api/feedback-tags/${made.data.id}`)).data).toMatchObject({ usage: 1 });
    expect((await send('DELETE', `/api/feedback-tags/${made.data.id}`)).msg).toBe(
      '标签「测试标签」已被1条反馈使用，不能删除，请停用',
    );
    expect((await send('DELETE', `/api/feedback-tags/${stopped.data.id}`)).code).toBe(0);
  });

  it('lets staff log feedback by phone (never as APP), with the shape’s required fields', async () => {
    const driverId = String(beijing.driverIds[3]);
    const phone = { driverId, kind: 2, menu: '押金', problem: '电话反馈押金未退', faultType: 2, source: 2 };
    expect((await post('/api/driver-feedback', { ...phone, source: 1 })).msg).toBe(
      '来源渠道：APP 反馈由司机APP提交，后台新增请选择电话、现场或其他',
    );
    expect((await post('/api/driver-feedback', { ...phone, faultType: undefined })).msg).toMatch(/故障须选择故障类型/);
    expect((await post('/api/driver-feedback', { ...phone, kind: 1, faultType: undefined })).msg).toMatch(
      /建议须选择紧急程度/,
    );
    const made = await post('/api/driver-feedback', phone);
    expect(made.code).toBe(0);
    expect((await get(`/api/driver-feedback/${made.data.id}`)).data).toMatchObject({ source: 2, status: 0 });
  });

  it('counts handling time in buckets, on the list’s filter and in the statistics', async () => {
    const old = await fresh();
    await ctx.database.db
      .update(appFeedback)
      .set({ createdAt: sql`now() - interval '30 hours'` })
      .where(eq(appFeedback.id, Number(old)));
    const over = await get<PageResult<Feedback>>('/api/driver-feedback?handlingBucket=2&limit=100');
    expect(over.data.list.map((row) => row.id)).toContain(old);
    expect(over.data.list.every((row) => row.handlingBucket === 2)).toBe(true);
    const stats = await get<Record<string, number>>('/api/driver-feedback/statistics');
    expect(stats.code).toBe(0);
    const figures = stats.data;
    const [counted] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(appFeedback)
      .where(eq(appFeedback.tenantId, beijing.tenantId));
    expect(figures.total).toBe(counted?.n);
    expect((figures.pending ?? 0) + (figures.handling ?? 0) + (figures.handled ?? 0) + (figures.closed ?? 0)).toBe(
      figures.total,
    );
    expect((figures.within5h ?? 0) + (figures.within24h ?? 0) + (figures.over24h ?? 0)).toBe(figures.total);
    expect(figures.over24h).toBeGreaterThanOrEqual(1);
  });

  it('keeps another branch company’s feedback out of reach, and refuses handling without 处理', async () => {
    const id = await fresh();
    const other = await ctx.loginToOtherTenant();
    expect((await get(`/api/driver-feedback/${id}`, other)).code).not.toBe(0);
    expect((await post(`/api/driver-feedback/${id}/close`, { reason: '越权' }, other)).code).not.toBe(0);
    const viewer = await userWithButtons(ctx, admin, 'feedBack', ['export']);
    expect((await get(`/api/driver-feedback/${id}`, viewer)).code).toBe(0);
    expect((await post(`/api/driver-feedback/${id}/close`, { reason: '无权' }, viewer)).code).toBe(403);
    expect(
      (
        await post(
          '/api/driver-feedback',
          { driverId: '1', kind: 1, menu: 'x', problem: 'y', level: 1, source: 2 },
          viewer,
        )
      ).code,
    ).toBe(403);
    const [row] = await ctx.database.db
      .select({ status: appFeedback.status })
      .from(appFeedback)
      .where(and(eq(appFeedback.id, Number(id))));
    expect(row?.status).toBe(0);
  });
});

type Message = { id: string; kind: number; kindName: string; title: string; content: string; feedbackId: string };

describe("the app's inbox", () => {
  const driverId = () => beijing.driverIds[4] ?? 0;
  const inbox = (client = beijing, driver = driverId(), query = '') =>
    client.send<Message[]>({ method: 'GET', url: `/api/app/messages${query}`, driverId: driver });
  const read = (body: unknown, client = beijing, driver = driverId()) =>
    client.send<{ read: number; unread: number }>({
      method: 'POST',
      url: '/api/app/messages/read',
      body,
      driverId: driver,
    });

  it('brings each reply, 已处理 and 已关闭 to the driver as an unread message, until marked read', async () => {
    const before = (await inbox()).data.length;
    await read({ all: true });
    const first = (await submit(beijing, driverId(), suggestion())).data.id;
    const users = await ctx.request<{ value: string }[]>({
      method: 'GET',
      url: '/api/lookups/tenant-users',
      token: admin,
    });
    await post(`/api/driver-feedback/${first}/assign`, { assigneeId: users.data[0]?.value });
    expect((await inbox()).data).toEqual([]);
    await post(`/api/driver-feedback/${first}/reply`, { content: '正在核实' });
    await post(`/api/driver-feedback/${first}/resolve`, { content: '已支持按时段预约' });
    const second = (await submit(beijing, driverId(), suggestion())).data.id;
    await post(`/api/driver-feedback/${second}/close`, { reason: '与其他反馈重复' });
    const unread = (await inbox()).data;
    expect(unread.map((message) => [message.kind, message.content, message.feedbackId])).toEqual([
      [3, '关闭原因：与其他反馈重复', second],
      [2, '已支持按时段预约', first],
      [1, '正在核实', first],
    ]);
    expect(unread[0]).toMatchObject({ kindName: '反馈已关闭', title: expect.stringMatching(/^您的反馈FK\d+已关闭$/) });
    // Another driver, and the other branch company's app, see none of them.
    expect((await inbox(beijing, beijing.driverIds[5])).data.map((message) => message.id)).not.toContain(unread[0]?.id);
    expect((await inbox(shanghai, shanghai.driverIds[0])).data.map((message) => message.id)).not.toContain(
      unread[0]?.id,
    );
    expect(await read({ ids: [unread[2]?.id] }, shanghai, shanghai.driverIds[0])).toMatchObject({ data: { read: 0 } });
    expect(await read({ ids: [unread[2]?.id] })).toMatchObject({ data: { read: 1, unread: 2 } });
    expect(await read({ ids: [unread[2]?.id] })).toMatchObject({ data: { read: 0, unread: 2 } });
    expect((await inbox()).data).toHaveLength(2);
    expect(await read({ all: true })).toMatchObject({ data: { read: 2, unread: 0 } });
    expect((await inbox()).data).toEqual([]);
    expect((await inbox(beijing, driverId(), '?all=1')).data.length).toBeGreaterThanOrEqual(before + 3);
  });

  it('refuses junk in words, and a call without the driver or the key', async () => {
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { all: false }, { ids: ['1'], all: true }, { other: 1 }]) {
      const answer = await read(body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).not.toBe('');
    }
    expect((await read({ ids: Array.from({ length: 101 }, (_, n) => String(n + 1)) })).code).toBe(400);
    expect((await inbox(beijing, driverId(), '?all=2')).code).toBe(400);
    expect((await beijing.send({ method: 'GET', url: '/api/app/messages' })).msg).toBe('X-App-Driver：请提供司机编号');
    const bare = await ctx.app.inject({ method: 'GET', url: '/api/app/messages' });
    expect(bare.json().code).not.toBe(0);
  });
});
