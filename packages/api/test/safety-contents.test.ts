import { addDays, beijingDay, type PageResult } from '@cp/contracts';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRequestHeaders } from '../src/appApi/keys';
import { loadConfig } from '../src/config';
import { drivers } from '../src/drivers/tables';
import { safetyContentProgress } from '../src/safetyContents/tables';
import { appClient, type TestAppClient } from './app-support';
import { callsAs } from './calls';
import { userWithButtons } from './competitor-support';
import { samples } from './files-support';
import { startTestApp, type TestContext } from './harness';

type Content = Record<string, unknown> & { id: string; status: number };
type Progress = { watchedSeconds: number; lastPosition: number; credited: number; completed: boolean };

let ctx: TestContext;
let admin: string;
let beijing: TestAppClient;
let shanghai: TestAppClient;
let images: string[];
let clip: string;
const { get, post, put, upload } = callsAs<Content, { id: string }>(() => ({ ctx, token: admin }));

const today = beijingDay(new Date());
/** A real ISO media header: what the server's content check looks for in an MP4. */
const mp4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
  Buffer.alloc(64, 0),
]);
let serial = 0;

const video = (fields: Record<string, unknown> = {}) => ({
  title: `安全视频${++serial}`,
  kind: 1,
  cover: [images[0]],
  media: [clip],
  durationSeconds: 300,
  requiredRatio: 90,
  audience: 1,
  mandatory: true,
  startDate: addDays(today, -1),
  endDate: addDays(today, 10),
  ...fields,
});

/** An item put up (上架) for the app. */
async function listed(fields: Record<string, unknown> = {}) {
  const made = await post('/api/safety-contents', video(fields));
  expect(made.code, made.msg).toBe(0);
  expect((await post(`/api/safety-contents/${made.data.id}/enable`)).code).toBe(0);
  return made.data.id;
}

const report = (client: TestAppClient, driverId: number | undefined, id: string, body: unknown) =>
  client.send<Progress>({ method: 'POST', url: `/api/app/safety-contents/${id}/progress`, body, driverId });
const fetchList = (client: TestAppClient, driverId: number | undefined) =>
  client.send<{ id: string; progress: Progress }[]>({ method: 'GET', url: '/api/app/safety-contents', driverId });

/** As if the driver's last report (or the item reaching them) was `seconds` ago. */
async function rewind(id: string, driverId: number, seconds: number) {
  await ctx.database.db
    .update(safetyContentProgress)
    .set({
      reachedAt: sql`reached_at - make_interval(secs => ${seconds})`,
      lastSeenAt: sql`last_seen_at - make_interval(secs => ${seconds})`,
    })
    .where(and(eq(safetyContentProgress.contentId, Number(id)), eq(safetyContentProgress.driverId, driverId)));
}

beforeAll(async () => {
  const base = loadConfig({});
  ctx = await startTestApp(
    { appApi: { ...base.appApi, perDriverPerMinute: 1000, perAddressPerMinute: 1000 } },
    { demoVehiclesPerTenant: 12 },
  );
  admin = await ctx.login('admin', 'admin123');
  beijing = await appClient(ctx, '北京分公司');
  shanghai = await appClient(ctx, '上海分公司');
  const png = await upload<{ fileLocation: string }>('/api/gateway/storage/image/private', {
    name: 'cover.png',
    content: samples.png,
  });
  const second = await upload<{ fileLocation: string }>('/api/gateway/storage/image/private', {
    name: 'page.png',
    content: samples.png,
  });
  const movie = await upload<{ fileLocation: string }>('/api/gateway/storage/file/private', {
    name: 'lesson.mp4',
    content: mp4,
  });
  images = [png.data.fileLocation, second.data.fileLocation];
  clip = movie.data.fileLocation;
});
afterAll(() => ctx.close());

describe('安全内容 on the console', () => {
  it('checks the material against its kind, the audience’s choices, and the window', async () => {
    expect((await post('/api/safety-contents', video({ media: [images[1]] }))).msg).toMatch(/视频素材仅支持MP4/);
    expect((await post('/api/safety-contents', video({ durationSeconds: undefined }))).msg).toMatch(/视频须填写时长/);
    expect((await post('/api/safety-contents', video({ audience: 2 }))).msg).toMatch(/至少选择一个城市/);
    expect((await post('/api/safety-contents', video({ endDate: addDays(today, -2) }))).msg).toMatch(
      /不能早于开始日期/,
    );
    expect((await post('/api/safety-contents', video({ requiredRatio: 30 }))).code).toBe(400);
    const made = await post('/api/safety-contents', video());
    expect((await get(`/api/safety-contents/${made.data.id}`)).data).toMatchObject({ status: 1 });
  });

  it('is edited only while 下架, and refuses 上架 / 下架 without the buttons or in another branch company', async () => {
    const id = await listed();
    const row = (await get(`/api/safety-contents/${id}`)).data;
    expect((await put(`/api/safety-contents/${id}`, { ...video(), version: row.version })).code).not.toBe(0);
    const editor = await userWithButtons(ctx, admin, 'couponSecurityManage', ['edit', 'export']);
    expect((await post(`/api/safety-contents/${id}/disable`, {}, editor)).code).toBe(403);
    const other = await ctx.loginToOtherTenant();
    expect((await post(`/api/safety-contents/${id}/disable`, {}, other)).code).not.toBe(0);
    expect((await get(`/api/safety-content-reports/${id}`, other)).code).not.toBe(0);
    expect((await get(`/api/safety-contents/${id}`)).data).toMatchObject({ status: 0 });
  });
});

describe('安全内容 in the app', () => {
  it('credits watched time, not the position: seeking to the end does not complete', async () => {
    const id = await listed();
    const driverId = beijing.driverIds[0] ?? 0;
    const list = await fetchList(beijing, driverId);
    expect(list.data.map((item) => item.id)).toContain(id);
    await rewind(id, driverId, 60);
    const seek = await report(beijing, driverId, id, { position: 300, watchedDelta: 0 });
    expect(seek.data).toMatchObject({ watchedSeconds: 0, lastPosition: 300, completed: false });
    await rewind(id, driverId, 60);
    // Claiming ten minutes a minute after the last report: the minute (and a margin of 5 s) is credited.
    const claim = await report(beijing, driverId, id, { position: 300, watchedDelta: 600 });
    expect(claim.data).toMatchObject({ credited: 65, watchedSeconds: 65, completed: false });
    await rewind(id, driverId, 200);
    const watched = await report(beijing, driverId, id, { position: 280, watchedDelta: 200 });
    expect(watched.data).toMatchObject({ watchedSeconds: 265, completed: false });
    await rewind(id, driverId, 60);
    const done = await report(beijing, driverId, id, { position: 300, watchedDelta: 60 });
    // Never beyond the duration: 265 + 35 = 300 s; 270 s (90%) completes it.
    expect(done.data).toMatchObject({ credited: 35, watchedSeconds: 300, completed: true });
  });

  it('credits reports sent at once one after another, so parallel reports cannot add up', async () => {
    const id = await listed();
    const driverId = beijing.driverIds[1] ?? 0;
    await fetchList(beijing, driverId);
    await rewind(id, driverId, 30);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => report(beijing, driverId, id, { position: 30, watchedDelta: 30 })),
    );
    expect(answers.every((answer) => answer.code === 0)).toBe(true);
    const credited = answers.reduce((sum, answer) => sum + answer.data.credited, 0);
    expect(credited).toBeLessThanOrEqual(30 + 5 * 6);
    const [row] = await ctx.database.db
      .select()
      .from(safetyContentProgress)
      .where(and(eq(safetyContentProgress.contentId, Number(id)), eq(safetyContentProgress.driverId, driverId)));
    expect(row?.watchedSeconds).toBe(credited);
    expect(row?.reports).toBe(6);
  });

  it('completes a picture when viewed, and keeps items to their audience, their window and 上架', async () => {
    const [inList, outside] = beijing.driverIds;
    const picture = await listed({
      kind: 0,
      media: images,
      durationSeconds: undefined,
      audience: 3,
      driverIds: [String(inList)],
    });
    expect((await fetchList(beijing, outside)).data.map((item) => item.id)).not.toContain(picture);
    expect((await report(beijing, outside, picture, { position: 0, watchedDelta: 0 })).msg).toBe(
      '该安全内容已下架、不在学习期内或不面向您',
    );
    const viewed = await report(beijing, inList, picture, { position: 0, watchedDelta: 0 });
    expect(viewed.data).toMatchObject({ completed: true });

    const ended = await post(
      '/api/safety-contents',
      video({ startDate: addDays(today, -9), endDate: addDays(today, -1) }),
    );
    expect((await post(`/api/safety-contents/${ended.data.id}/enable`)).msg).toBe(
      '结束日期已过，不能上架，请先修改学习期',
    );
    const down = await listed();
    await post(`/api/safety-contents/${down}/disable`);
    expect((await report(beijing, inList, down, { position: 0, watchedDelta: 5 })).code).not.toBe(0);
    expect((await report(shanghai, shanghai.driverIds[0], down, { position: 0, watchedDelta: 5 })).msg).toBe(
      '安全内容不存在',
    );
  });

  it('counts targeted, reached, viewed and completed, and lists each driver’s progress', async () => {
    const id = await listed();
    const [a, b, c] = beijing.driverIds;
    for (const driverId of [a, b, c]) await fetchList(beijing, driverId);
    for (const driverId of [a, b]) {
      await rewind(id, driverId ?? 0, 300);
      await report(beijing, driverId, id, { position: 150, watchedDelta: driverId === a ? 300 : 100 });
    }
    const figures = (await get(`/api/safety-content-reports/${id}`)).data;
    const [active] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(drivers)
      .where(and(eq(drivers.tenantId, beijing.tenantId), notInArray(drivers.status, [3, 4, 5])));
    expect(figures).toMatchObject({
      targeted: Number(active?.n),
      reached: 3,
      viewed: 2,
      completed: 1,
      watchedSeconds: 400,
    });
    expect(Number(active?.n)).toBeGreaterThan(0);
    expect(figures.completionRate).toBe(Math.min(10_000, Math.round(10_000 / Number(active?.n))));
    const rows = await get<PageResult<{ driverId: string; watchedSeconds: number; done: boolean }>>(
      `/api/safety-content-progress/views/safetyContentProgress?contentId=${id}&limit=10`,
    );
    expect(rows.data.total).toBe(3);
    const done = await get<PageResult<{ driverId: string }>>(
      `/api/safety-content-progress/views/safetyContentProgress?contentId=${id}&done=1`,
    );
    expect(done.data.list.map((row) => row.driverId)).toEqual([String(a)]);
  });

  it('refuses junk reports in words, and a report sent twice is taken once', async () => {
    const id = await listed();
    const driverId = beijing.driverIds[2];
    for (const body of [
      { position: -1, watchedDelta: 0 },
      { position: 1.5, watchedDelta: 0 },
      { position: '10', watchedDelta: 0 },
      { position: 10, watchedDelta: 601 },
      { position: 10, watchedDelta: 1, extra: true },
      { position: 1e12, watchedDelta: 0 },
    ]) {
      const answer = await report(beijing, driverId, id, body);
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg, JSON.stringify(body)).toMatch(/播放位置|观看时长|extra|未知|不允许/);
    }
    for (const junk of ['abc', '0', '99999999999999999999']) {
      const answer = await report(beijing, driverId, junk, { position: 0, watchedDelta: 0 });
      expect(answer.status).toBeLessThan(500);
      expect(answer.code).not.toBe(0);
    }
    await fetchList(beijing, driverId);
    const headers = appRequestHeaders(beijing.grant, driverId);
    const url = `/api/app/safety-contents/${id}/progress`;
    const payload = { position: 10, watchedDelta: 3 };
    expect((await ctx.app.inject({ method: 'POST', url, headers, payload })).json()).toMatchObject({ code: 0 });
    expect((await ctx.app.inject({ method: 'POST', url, headers, payload })).json()).toMatchObject({ code: 400 });
    const [row] = await ctx.database.db
      .select()
      .from(safetyContentProgress)
      .where(and(eq(safetyContentProgress.contentId, Number(id)), eq(safetyContentProgress.driverId, driverId ?? 0)));
    expect(row?.reports).toBe(1);
  });
});
