import { interactionActions as act, addDays, beijingDay, type PageResult } from '@cp/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atBusinessTime } from '../src/clock';
import { type InteractionInput, recordInteraction } from '../src/contents/record';
import { contentInteractions, contents } from '../src/contents/tables';
import { rowsOf } from '../src/db/migrate';
import { drivers } from '../src/drivers/tables';
import { tenants } from '../src/identity/tables';
import { leads } from '../src/leads/tables';
import { callsAs } from './calls';
import { startTestApp, type TestContext } from './harness';

type Row = Record<string, unknown> & { id: string; version: number };

let ctx: TestContext;
let admin: string;
let tenantId: number;
let otherTenantId: number;
/** Drivers of the first branch company the demo's interactions leave alone (the newest), one per test. */
let fresh: number[];
const { get, post, put, send } = callsAs<Row, Row>(() => ({ ctx, token: admin }));
const db = () => ctx.database.db;
const today = () => beijingDay(new Date());
/** Beijing's `hh:mm` on the day `offset` days from today, as a moment. */
const beijingAt = (offset: number, time: string) =>
  new Date(Date.parse(`${addDays(today(), offset)}T${time}:00+08:00`));
const iso = (offset: number, time = '00:00') => `${addDays(today(), offset)}T${time}:00+08:00`;

let serial = 0;
const content = (fields: Record<string, unknown> = {}) => ({
  title: `测试内容${++serial}`,
  type: 1,
  body: '离开平台超过60天的司机，回来跑车首月租金立减。',
  callToAction: 1,
  pushStartsAt: iso(-10),
  pushEndsAt: iso(20),
  ...fields,
});
/** A published content of the first branch company; its id. */
async function published(fields: Record<string, unknown> = {}) {
  const made = await post('/api/contents', content(fields));
  expect(made.code).toBe(0);
  expect((await post(`/api/contents/${made.data.id}/publish`)).code).toBe(0);
  return Number(made.data.id);
}

const interact = (
  input: Partial<InteractionInput> & Pick<InteractionInput, 'contentId' | 'driverId' | 'action'>,
  at?: Date,
) => {
  const work = () => db().transaction((tx) => recordInteraction(tx, { tenantId, channel: 1, ...input }));
  return at ? atBusinessTime(at, work) : work();
};
const contentRow = async (id: number) => (await get(`/api/contents/${id}`)).data;
const interactionsOf = async (contentId: number, extra = '') =>
  (await get<PageResult<Row>>(`/api/content-interactions?contentId=${contentId}&limit=100${extra}`)).data;

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 150 });
  admin = await ctx.login('admin', 'admin123');
  const [first, second] = await db().select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id));
  tenantId = Number(first?.id);
  otherTenantId = Number(second?.id);
  fresh = (
    await db()
      .select({ id: drivers.id })
      .from(drivers)
      .where(eq(drivers.tenantId, tenantId))
      .orderBy(desc(drivers.id))
      .limit(12)
  ).map((driver) => driver.id);
});
afterAll(() => ctx.close());

describe('互动记录: recording', () => {
  it('records a view once per driver, content and Beijing day; the next day’s view is recorded', async () => {
    const contentId = await published();
    const driverId = fresh[0] as number;
    const view = (at: Date) => interact({ contentId, driverId, action: act.view, watchSeconds: 42 }, at);
    expect(await view(beijingAt(-3, '08:00'))).toMatchObject({ recorded: true });
    expect(await view(beijingAt(-3, '23:59'))).toEqual({ recorded: false, reason: '今天已浏览过' });
    // 00:01 Beijing is the next day, though it is still the previous day in UTC.
    expect(await view(beijingAt(-2, '00:01'))).toMatchObject({ recorded: true });
    expect(await view(beijingAt(-2, '09:00'))).toMatchObject({ recorded: false });
    const listed = await interactionsOf(contentId);
    expect(listed.list).toHaveLength(2);
    expect(listed.list[0]).toMatchObject({ action: 1, watchSeconds: 42, contentName: expect.any(String) });
    expect(String(listed.list[0]?.mobile)).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect(await contentRow(contentId)).toMatchObject({ viewCount: 2, viewerCount: 1 });
  });

  it('records one like of parallel likes by one driver; 取消点赞 takes it back, once', async () => {
    const contentId = await published();
    const driverId = fresh[1] as number;
    const likes = await Promise.all(
      Array.from({ length: 6 }, () => interact({ contentId, driverId, action: act.like })),
    );
    expect(likes.filter((outcome) => outcome.recorded)).toHaveLength(1);
    expect((await contentRow(contentId)).likeCount).toBe(1);
    const unlikes = await Promise.all(
      Array.from({ length: 3 }, () => interact({ contentId, driverId, action: act.unlike })),
    );
    expect(unlikes.filter((outcome) => outcome.recorded)).toHaveLength(1);
    expect((await contentRow(contentId)).likeCount).toBe(0);
    expect(await interact({ contentId, driverId, action: act.like })).toMatchObject({ recorded: true });
    const shares = await Promise.all([1, 2].map(() => interact({ contentId, driverId, action: act.share })));
    expect(shares.every((outcome) => outcome.recorded)).toBe(true);
    expect(await contentRow(contentId)).toMatchObject({ likeCount: 1, shareCount: 2 });
    expect((await interactionsOf(contentId, '&action=2')).total).toBe(2);
  });

  it('makes one lead of a driver’s 留资, links the interaction to it, and reads 留资转化率 over 浏览人数', async () => {
    const contentId = await published({ callToAction: 2 });
    const driverId = fresh[2] as number;
    const [driver] = await db().select().from(drivers).where(eq(drivers.id, driverId));
    const before = await db()
      .select({ id: leads.id })
      .from(leads)
      .where(eq(leads.mobile, String(driver?.mobile)));
    await interact({ contentId, driverId, action: act.view });
    await interact({ contentId, driverId: fresh[3] as number, action: act.view });
    const left = await Promise.all([1, 2, 3].map(() => interact({ contentId, driverId, action: act.lead })));
    const recorded = left.filter((outcome) => outcome.recorded);
    expect(recorded).toHaveLength(1);
    const after = await db()
      .select({ id: leads.id, remark: leads.remark, status: leads.status })
      .from(leads)
      .where(and(eq(leads.mobile, String(driver?.mobile)), eq(leads.tenantId, tenantId)));
    const leadId = recorded[0]?.recorded ? recorded[0].leadId : null;
    if (before.length === 0) {
      expect(after).toHaveLength(1);
      expect(after[0]).toMatchObject({ id: leadId, remark: expect.stringMatching(/^内容「测试内容\d+」留资（APP）$/) });
    } else expect(after.map((lead) => lead.id)).toContain(leadId);
    const [row] = await db()
      .select({ leadId: contentInteractions.leadId })
      .from(contentInteractions)
      .where(and(eq(contentInteractions.contentId, contentId), eq(contentInteractions.action, act.lead)));
    expect(row?.leadId).toBe(leadId);
    expect(await contentRow(contentId)).toMatchObject({ leadCount: 1, viewerCount: 2, conversionRate: 5000 });
    // Another content's 留资 by the same driver finds the lead open: linked, no second lead.
    const second = await published({ callToAction: 1 });
    expect(await interact({ contentId: second, driverId, action: act.lead })).toMatchObject({ leadId });
    const leadsNow = await db()
      .select({ id: leads.id })
      .from(leads)
      .where(eq(leads.mobile, String(driver?.mobile)));
    expect(leadsNow).toHaveLength(after.length);
  });

  it('refuses 留资 on content that asks for none, and any interaction with a draft or withdrawn content', async () => {
    const quiet = await published({ callToAction: 0 });
    const driverId = fresh[4] as number;
    await expect(interact({ contentId: quiet, driverId, action: act.lead })).rejects.toThrow(/不收集留资$/);
    const draft = await post('/api/contents', content());
    await expect(interact({ contentId: Number(draft.data.id), driverId, action: act.view })).rejects.toThrow(
      /草稿，不能互动$/,
    );
    expect((await post(`/api/contents/${quiet}/withdraw`)).code).toBe(0);
    await expect(interact({ contentId: quiet, driverId, action: act.view })).rejects.toThrow(/已下架，不能互动$/);
  });

  it('keeps every content’s counters, and each day’s, equal to its rows (the demo’s too)', async () => {
    const totals = rowsOf<Record<string, number>>(
      await db().execute(sql`
        select count(*)::int as contents,
          count(*) filter (where c.view_count <> coalesce(i.views, 0) or c.viewer_count <> coalesce(i.viewers, 0)
            or c.like_count <> coalesce(i.likes, 0) - coalesce(i.unlikes, 0) or c.share_count <> coalesce(i.shares, 0)
            or c.favorite_count <> coalesce(i.favorites, 0) or c.sign_up_count <> coalesce(i.sign_ups, 0)
            or c.lead_count <> coalesce(i.leads, 0))::int as wrong,
          coalesce(sum(i.rows), 0)::int as rows
        from contents c left join (
          select content_id, count(*) as rows,
            count(*) filter (where action = 1) as views,
            count(distinct driver_id) filter (where action = 1) as viewers,
            count(*) filter (where action = 2) as likes, count(*) filter (where action = 3) as unlikes,
            count(*) filter (where action = 4) as shares, count(*) filter (where action = 5) as favorites,
            count(*) filter (where action = 6) as sign_ups, count(*) filter (where action = 7) as leads
          from content_interactions group by content_id
        ) i on i.content_id = c.id`),
    )[0];
    expect(totals?.wrong).toBe(0);
    expect(totals?.rows).toBeGreaterThan(300);
    const [daily] = rowsOf<{ wrong: number; days: number }>(
      await db().execute(sql`
        select count(*)::int as days, count(*) filter (where s.views <> coalesce(i.views, 0) or s.likes <> coalesce(i.likes, 0)
          or s.unlikes <> coalesce(i.unlikes, 0) or s.shares <> coalesce(i.shares, 0) or s.leads <> coalesce(i.leads, 0))::int as wrong
        from content_daily_stats s full join (
          select content_id, day, count(*) filter (where action = 1) as views, count(*) filter (where action = 2) as likes,
            count(*) filter (where action = 3) as unlikes, count(*) filter (where action = 4) as shares,
            count(*) filter (where action = 7) as leads
          from content_interactions group by content_id, day
        ) i on i.content_id = s.content_id and i.day = s.day`),
    );
    expect(daily?.days).toBeGreaterThan(0);
    expect(daily?.wrong).toBe(0);
  });

  it('answers the trend of the last 7 or 30 Beijing days, every day present, today last', async () => {
    const contentId = await published();
    await interact({ contentId, driverId: fresh[5] as number, action: act.view }, beijingAt(-1, '00:30'));
    await interact({ contentId, driverId: fresh[5] as number, action: act.share }, beijingAt(-1, '00:40'));
    const week = await get<{ days: { day: string; views: number; shares: number }[] }>(
      `/api/contents/${contentId}/trend?days=7`,
    );
    expect(week.data.days).toHaveLength(7);
    expect(week.data.days.at(-1)?.day).toBe(today());
    expect(week.data.days.at(-2)).toMatchObject({ day: addDays(today(), -1), views: 1, shares: 1 });
    expect((await get<{ days: unknown[] }>(`/api/contents/${contentId}/trend?days=30`)).data.days).toHaveLength(30);
    expect((await get(`/api/contents/${contentId}/trend?days=9`)).code).toBe(400);
  });
});

describe('内容管理', () => {
  it('computes 推送状态 at Beijing midnight boundaries, and filters by it', async () => {
    const windows = [
      [iso(-1), iso(0)], // ended at today's Beijing midnight
      [iso(0), iso(1)], // began at today's Beijing midnight
      [iso(1), iso(2)], // begins at tomorrow's
    ];
    const ids: string[] = [];
    for (const [pushStartsAt, pushEndsAt] of windows) {
      const made = await post('/api/contents', content({ title: `边界${++serial}`, pushStartsAt, pushEndsAt }));
      expect(made.code).toBe(0);
      ids.push(made.data.id);
    }
    const states = await Promise.all(ids.map(async (id) => (await get(`/api/contents/${id}`)).data.pushState));
    expect(states).toEqual([2, 1, 0]);
    const starting = await get<PageResult<Row>>('/api/contents?pushState=0&limit=100');
    expect(starting.data.list.map((row) => row.id)).toContain(ids[2]);
    expect(starting.data.list.map((row) => row.id)).not.toContain(ids[1]);
  });

  it('refuses a push window ending before it starts, and a video without its video', async () => {
    const backwards = await post('/api/contents', content({ pushStartsAt: iso(3), pushEndsAt: iso(3) }));
    expect(backwards).toMatchObject({ code: 400, msg: '推送结束时间：应晚于推送开始时间' });
    expect(await post('/api/contents', content({ type: 2 }))).toMatchObject({
      code: 400,
      msg: '视频类内容请上传视频',
    });
  });

  it('edits a draft or withdrawn content only, deletes only a draft, and republishes', async () => {
    const id = await published();
    const row = await contentRow(id);
    const form = (version: unknown) => ({
      ...Object.fromEntries(
        ['type', 'body', 'callToAction', 'pushStartsAt', 'pushEndsAt'].map((name) => [name, row[name]]),
      ),
      title: `${row.title}（修订）`,
      version,
    });
    expect((await put(`/api/contents/${id}`, form(row.version))).code).not.toBe(0);
    expect((await send('DELETE', `/api/contents/${id}`)).code).not.toBe(0);
    expect((await post(`/api/contents/${id}/withdraw`)).code).toBe(0);
    const withdrawn = await contentRow(id);
    expect(await put(`/api/contents/${id}`, form(withdrawn.version))).toMatchObject({ code: 0 });
    expect((await post(`/api/contents/${id}/publish`)).code).toBe(0);
    expect(await contentRow(id)).toMatchObject({ status: 1, title: `${row.title}（修订）` });
  });

  it('keeps each branch company to its own contents and interactions', async () => {
    const other = await ctx.loginToOtherTenant();
    const id = await published();
    await interact({ contentId: id, driverId: fresh[6] as number, action: act.view });
    expect((await send('GET', `/api/contents/${id}`, undefined, other)).code).not.toBe(0);
    expect((await send('GET', `/api/contents/${id}/trend`, undefined, other)).code).not.toBe(0);
    expect((await send('POST', `/api/contents/${id}/withdraw`, {}, other)).code).not.toBe(0);
    const theirs = await send<PageResult<Row>>('GET', `/api/content-interactions?contentId=${id}`, undefined, other);
    expect(theirs.data.list).toEqual([]);
    // The app's recording is held to the branch company too: its content or driver is not found elsewhere.
    const crossing = db().transaction((tx) =>
      recordInteraction(tx, {
        tenantId: otherTenantId,
        contentId: id,
        driverId: fresh[7] as number,
        action: 1,
        channel: 1,
      }),
    );
    await expect(crossing).rejects.toThrow('内容不存在');
    const [theirContent] = await db()
      .select({ id: contents.id })
      .from(contents)
      .where(and(eq(contents.tenantId, otherTenantId), eq(contents.status, 1)))
      .limit(1);
    await expect(
      db().transaction((tx) =>
        recordInteraction(tx, {
          tenantId: otherTenantId,
          contentId: Number(theirContent?.id),
          driverId: fresh[7] as number,
          action: 1,
          channel: 1,
        }),
      ),
    ).rejects.toThrow('司机不存在');
  });

  it('refuses 发布 to a role without its button, and 互动记录 to a role without its menu', async () => {
    const roles = await get<{
      list: (Row & { code: string; name: string; menuKeys: string[]; buttonKeys: string[] })[];
    }>('/api/roles?keyword=vehicleOrderOps');
    const role = roles.data.list.find((row) => row.code === 'vehicleOrderOps');
    const granted = await put(`/api/roles/${role?.id}`, {
      code: role?.code,
      name: role?.name,
      menuKeys: [...(role?.menuKeys ?? []), 'contentManagement'],
      buttonKeys: role?.buttonKeys,
      version: role?.version,
    });
    expect(granted.code).toBe(0);
    const ops = await ctx.login('ops', 'ops123');
    const draft = await post('/api/contents', content());
    expect((await get(`/api/contents/${draft.data.id}`, ops)).code).toBe(0);
    expect(await post(`/api/contents/${draft.data.id}/publish`, {}, ops)).toMatchObject({ code: 403 });
    expect(await get('/api/content-interactions', ops)).toMatchObject({ code: 403 });
  });
});
