import type { DownloadLink, DownloadRecordDto, PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRequestHeaders } from '../src/appApi/keys';
import { rowsOf } from '../src/db/migrate';
import { appClient, type TestAppClient } from './app-support';
import { callsAs, grantRole } from './calls';
import { activeDriver } from './driver-support';
import { startTestApp, type TestContext } from './harness';

type Lead = Record<string, unknown> & { id: string; status: number; mobile: string };

let ctx: TestContext;
let admin: string;
let app: TestAppClient;
let cityId: string;
const { get, post, send } = callsAs<Lead, { id: string }>(() => ({ ctx, token: admin }));

let serial = 0;
/** A mobile no demo row holds. */
const freshMobile = () => `1990${String(700_000 + ++serial).padStart(7, '0')}`;
let address = 0;
const submit = (body: Record<string, unknown>, driverId?: number) =>
  app.send<{ id: string; repeated: boolean }>({
    method: 'POST',
    url: '/api/app/retention-leads',
    body: { sourcePage: 2, consent: true, ...body },
    ...(driverId ? { driverId } : {}),
    remoteAddress: `10.9.0.${++address}`,
  });
const followUp = (path: string, id: string, content: string, result = 1) =>
  post(`${path}/${id}/follow-up`, {
    followedAt: new Date(Date.now() - 60_000).toISOString(),
    way: 0,
    result,
    content,
  });

beforeAll(async () => {
  ctx = await startTestApp({
    appApi: {
      perDriverPerMinute: 1000,
      perAddressPerMinute: 1000,
      failuresPerAddressPerMinute: 1000,
      clockSkewSeconds: 300,
    },
  });
  admin = await ctx.login('admin', 'admin123');
  cityId = (await get<{ value: string }[]>('/api/lookups/cities')).data[0]?.value ?? '';
  app = await appClient(ctx, '北京分公司');
});
afterAll(() => ctx.close());

describe('留资 from the app', () => {
  it('stores a new 留资 from APP with its mobile masked, and counts a repeat the same day on it', async () => {
    const mobile = freshMobile();
    const first = await submit({ name: '韩梅梅', mobile, cityId, rentalMode: 1 });
    expect(first).toMatchObject({ code: 0, data: { repeated: false } });
    const row = (await get(`/api/retention-leads/${first.data.id}`)).data;
    expect(row).toMatchObject({ mobile: `${mobile.slice(0, 3)}****${mobile.slice(-4)}`, source: 1, sourcePage: 2 });
    expect(row).toMatchObject({ status: 0, submitCount: 1, consent: true });
    const stamps = rowsOf<{ created_by: string | null }>(
      await ctx.database.db.execute(sql`select created_by from retention_leads where id = ${first.data.id}`),
    );
    expect(stamps).toEqual([{ created_by: null }]);
    const again = await submit({ name: '韩梅', mobile, sourcePage: 4 });
    expect(again).toMatchObject({ code: 0, data: { id: first.data.id, repeated: true } });
    const counted = (await get(`/api/retention-leads/${first.data.id}`)).data;
    // The first touch stays: name, page and time as first sent.
    expect(counted).toMatchObject({
      contactName: '韩梅梅',
      sourcePage: 2,
      submitCount: 2,
      firstTouchAt: row.firstTouchAt,
    });
    const listed = await get<PageResult<Lead>>(`/api/retention-leads?mobile=${mobile}&limit=50`);
    expect(listed.data.list.map((lead) => [lead.id, lead.mobile])).toEqual([[first.data.id, counted.mobile]]);
  });

  it('links a mobile already a driver or a 线索, and the calling driver', async () => {
    const driver = await activeDriver(ctx, admin, '张三');
    const [lead] = rowsOf<{ contact_name: string; mobile: string }>(
      await ctx.database.db.execute(
        sql`select contact_name, mobile from leads where tenant_id = ${app.tenantId} and mobile not in (select mobile from drivers) order by id limit 1`,
      ),
    );
    const asDriver = await submit({ name: '张三', mobile: driver.mobile });
    const asLead = await submit({ name: '李四', mobile: lead?.mobile });
    expect((await get(`/api/retention-leads/${asDriver.data.id}`)).data).toMatchObject({
      linkedDriverId: String(driver.id),
      linked: '司机：张三',
    });
    expect((await get(`/api/retention-leads/${asLead.data.id}`)).data.linked).toMatch(
      new RegExp(`^线索：${lead?.contact_name}（`),
    );
    const called = await submit({ name: '王五', mobile: freshMobile() }, Number(driver.id));
    expect((await get(`/api/retention-leads/${called.data.id}`)).data.linkedDriverId).toBe(String(driver.id));
  });

  it('refuses junk, an oversized name, no consent and another branch company’s city with a clear message', async () => {
    const mobile = freshMobile();
    expect(await submit({ name: '甲', mobile, consent: false })).toMatchObject({
      code: 400,
      msg: '同意联系：须勾选同意平台联系后才能提交',
    });
    expect((await submit({ name: '甲', mobile: '12345' })).msg).toBe('手机号：应为1开头的11位数字，如13800138000');
    expect((await submit({ name: '甲'.repeat(31), mobile })).msg).toMatch(/^姓名：/);
    expect((await submit({ name: '甲', mobile, isAdmin: true })).code).toBe(400);
    expect((await submit({ name: '甲', mobile, sourcePage: 99 })).msg).toBe('留资页面取值无效');
    expect((await submit({ name: '甲', mobile, cityId: '999999999' })).msg).toBe('意向城市：不存在');
    const huge = await app.send({
      method: 'POST',
      url: '/api/app/retention-leads',
      body: { name: 'x'.repeat(2_000_000), mobile },
    });
    expect(huge.status).toBeLessThan(500);
    expect(huge.code).not.toBe(0);
    const stored = rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`select count(*)::int as n from retention_leads where mobile = ${mobile}`),
    );
    expect(stored[0]?.n).toBe(0);
  });

  it('applies a request re-sent with the same headers once', async () => {
    const mobile = freshMobile();
    const headers = appRequestHeaders(app.grant);
    const body = { name: '重放', mobile, sourcePage: 1, consent: true };
    const sendOnce = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/app/retention-leads',
        headers,
        payload: body,
        remoteAddress: '10.9.1.1',
      });
    const first = (await sendOnce()).json() as { code: number; data: { id: string } };
    const replay = (await sendOnce()).json() as { code: number };
    expect(first.code).toBe(0);
    expect(replay.code).not.toBe(0);
    expect((await get(`/api/retention-leads/${first.data.id}`)).data.submitCount).toBe(1);
  });

  it('keeps one row when the same mobile is sent at once', async () => {
    const mobile = freshMobile();
    const answers = await Promise.all(Array.from({ length: 5 }, () => submit({ name: '并发', mobile })));
    expect(answers.map((answer) => answer.code)).toEqual([0, 0, 0, 0, 0]);
    expect(new Set(answers.map((answer) => answer.data.id)).size).toBe(1);
    expect((await get(`/api/retention-leads/${answers[0]?.data.id}`)).data.submitCount).toBe(5);
  });
});

describe('留资管理', () => {
  it('adds 电话 and 门店 留资 only, one open per mobile', async () => {
    const mobile = freshMobile();
    const app1 = await post('/api/retention-leads', { contactName: '赵六', mobile, source: 1 });
    expect(app1.msg).toMatch(/^来源：新增留资只能是电话或门店/);
    expect((await post('/api/retention-leads', { contactName: '赵六', mobile, source: 2, cityId })).code).toBe(0);
    expect((await post('/api/retention-leads', { contactName: '赵六', mobile, source: 3 })).msg).toBe(
      `手机号${mobile}已有未结束的留资（赵六），请在该留资上跟进`,
    );
  });

  it('转为线索 admits a lead through 客户管理 and writes the follow-ups into its 线索日志; a second links to it', async () => {
    const mobile = freshMobile();
    const made = await post('/api/retention-leads', { contactName: '钱七', mobile, source: 2, cityId });
    expect((await followUp('/api/retention-leads', made.data.id, '约周六到店看车')).code).toBe(0);
    expect((await followUp('/api/retention-leads', made.data.id, '已到店，试驾满意', 2)).code).toBe(0);
    const following = (await get(`/api/retention-leads/${made.data.id}`)).data;
    expect(following).toMatchObject({ status: 1, followUpCount: 2, lastResult: 2 });
    const converted = await post(`/api/retention-leads/${made.data.id}/to-lead`, { business: 0 });
    expect(converted.code).toBe(0);
    const row = (await get(`/api/retention-leads/${made.data.id}`)).data;
    expect(row).toMatchObject({ status: 2, convertedTo: 1, linked: expect.stringMatching(/^线索：钱七/) });
    const leads = await get<PageResult<Lead>>(`/api/leads?mobile=${mobile}&limit=50`);
    expect(leads.data.list.map((lead) => lead.id)).toEqual([String(row.linkedLeadId)]);
    const events = await get<PageResult<{ summary: string }>>(
      `/api/lead-events/views/threadDetailsLog?leadId=${row.linkedLeadId}&limit=50`,
    );
    const summaries = events.data.list.map((event) => event.summary);
    expect(summaries).toEqual(
      expect.arrayContaining([expect.stringContaining('约周六到店看车'), expect.stringContaining('已到店，试驾满意')]),
    );
    expect(summaries.some((summary) => summary.startsWith('由留资转入（来源电话'))).toBe(true);
    // The 留资's own follow-ups stay on it.
    const own = await get<PageResult<{ content: string }>>(
      `/api/retention-follow-ups/views/retentionFollowUps?leadId=${made.data.id}&limit=50`,
    );
    expect(own.data.list.map((record) => record.content)).toEqual(['已到店，试驾满意', '约周六到店看车']);
    // Sent from the app the same day: counted on the converted 留资, nothing new.
    expect((await submit({ name: '钱七', mobile })).data).toEqual({ id: made.data.id, repeated: true });
    // Taken again by phone: a new 留资 linked to the lead, whose conversion admits no second lead.
    const later = await post('/api/retention-leads', { contactName: '钱七', mobile, source: 2 });
    expect((await get(`/api/retention-leads/${later.data.id}`)).data.linked).toMatch(/^线索：钱七/);
    expect((await post(`/api/retention-leads/${later.data.id}/to-lead`, { business: 0 })).code).toBe(0);
    const still = await get<PageResult<Lead>>(`/api/leads?mobile=${mobile}&limit=50`);
    expect(still.data.list).toHaveLength(1);
    // Closed: no more follow-ups.
    expect((await followUp('/api/retention-leads', made.data.id, '再联系')).code).not.toBe(0);
  });

  it('关联司机 takes a driver of the branch company only; 无效 asks why', async () => {
    const made = await post('/api/retention-leads', { contactName: '孙八', mobile: freshMobile(), source: 3 });
    const theirs = await activeDriver(ctx, await ctx.loginToOtherTenant(), '外分公司司机');
    const refused = await post(`/api/retention-leads/${made.data.id}/to-driver`, { driverId: theirs.id });
    expect(refused.msg).toBe('司机：不存在');
    expect((await post(`/api/retention-leads/${made.data.id}/invalidate`, {})).msg).toMatch(/^无效原因：/);
    expect((await post(`/api/retention-leads/${made.data.id}/invalidate`, { reason: '空号' })).code).toBe(0);
    expect((await get(`/api/retention-leads/${made.data.id}`)).data).toMatchObject({
      status: 3,
      invalidReason: '空号',
    });
  });

  it('exports mobiles masked to a role without 查看完整手机号, and refuses it each button it lacks', async () => {
    const mobile = freshMobile();
    const made = await post('/api/retention-leads', { contactName: '周九', mobile, source: 2 });
    await grantRole(ctx, admin, 'vehicleOrderOps', ['carRetention'], ['carRetention:add', 'carRetention:export']);
    const ops = await ctx.login('ops', 'ops123');
    const cells = await exportedCells(ops, mobile.slice(-4));
    expect(cells).toContain(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
    expect(cells).not.toContain(mobile);
    expect((await get(`/api/retention-leads/${made.data.id}/sensitive/mobile`, ops)).code).toBe(403);
    const followed = { followedAt: new Date(Date.now() - 60_000).toISOString(), way: 0, result: 1, content: '越权' };
    expect((await post(`/api/retention-leads/${made.data.id}/follow-up`, followed, ops)).code).toBe(403);
    expect((await post(`/api/retention-leads/${made.data.id}/to-lead`, { business: 0 }, ops)).code).toBe(403);
    expect((await post(`/api/retention-leads/${made.data.id}/invalidate`, { reason: '越权' }, ops)).code).toBe(403);
    expect((await get('/api/alliance-retention-leads?limit=1', ops)).code).toBe(403);
    expect((await get<{ value: string }>(`/api/retention-leads/${made.data.id}/sensitive/mobile`)).data.value).toBe(
      mobile,
    );
  });

  it('keeps each branch company to its own 留资', async () => {
    const made = await post('/api/retention-leads', { contactName: '吴十', mobile: freshMobile(), source: 2 });
    const other = await ctx.loginToOtherTenant();
    expect((await send('GET', `/api/retention-leads/${made.data.id}`, undefined, other)).code).toBe(404);
    const acted = await send('POST', `/api/retention-leads/${made.data.id}/invalidate`, { reason: '越权' }, other);
    expect(acted.code).toBe(404);
    const theirs = await get<PageResult<Lead>>('/api/retention-leads?limit=100', other);
    expect(theirs.data.list.length).toBeGreaterThan(0);
    expect(theirs.data.list.map((row) => row.id)).not.toContain(made.data.id);
    // Alliance 留资 are not reachable as 留资管理's, nor the other way round.
    const alliance = await get<PageResult<Lead>>('/api/alliance-retention-leads?limit=1');
    expect((await get(`/api/retention-leads/${alliance.data.list[0]?.id}`)).code).toBe(404);
  });
});

describe('联盟留资', () => {
  const partner = async (name: string, staff: string[] = ['老陈']) =>
    (
      await post('/api/alliance-partners', {
        name,
        kind: 1,
        contactName: '老陈',
        contactPhone: '13900001111',
        staff,
        protectionDays: 30,
        active: true,
      })
    ).data.id;

  it('holds a mobile for its partner during the protection period and credits a conversion within it', async () => {
    const [first, second] = [await partner('测试车行甲'), await partner('测试驾校乙', ['小李'])];
    const mobile = freshMobile();
    const reported = await post('/api/alliance-retention-leads', {
      contactName: '郑一',
      mobile,
      partnerId: first,
      partnerStaff: '老陈',
    });
    expect(reported.code).toBe(0);
    const row = (await get(`/api/alliance-retention-leads/${reported.data.id}`)).data;
    expect(row).toMatchObject({ status: 0, partnerCredited: null, partnerStaff: '老陈' });
    expect(String(row.protectedUntil)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const taken = await post('/api/alliance-retention-leads', {
      contactName: '郑一',
      mobile,
      partnerId: second,
      partnerStaff: '小李',
    });
    expect(taken.msg).toBe(`手机号${mobile}在合作方「测试车行甲」的保护期内（至${row.protectedUntil}），不能重复报备`);
    const stranger = await post('/api/alliance-retention-leads', {
      contactName: '王二',
      mobile: freshMobile(),
      partnerId: second,
      partnerStaff: '老陈',
    });
    expect(stranger.msg).toBe('合作方员工：「老陈」不是测试驾校乙登记的员工（小李）');
    expect((await followUp('/api/alliance-retention-leads', reported.data.id, '合作方带客户到店')).code).toBe(0);
    expect((await post(`/api/alliance-retention-leads/${reported.data.id}/to-lead`, { business: 2 })).code).toBe(0);
    expect((await get(`/api/alliance-retention-leads/${reported.data.id}`)).data).toMatchObject({
      status: 2,
      partnerCredited: true,
    });
    const credited = await get<PageResult<Lead>>(
      `/api/alliance-retention-leads?partnerId=${first}&partnerCredited=1&limit=50`,
    );
    expect(credited.data.list.map((lead) => lead.id)).toEqual([reported.data.id]);
    const follows = await get<PageResult<{ content: string }>>(
      `/api/alliance-retention-follow-ups/views/allianceFollowUps?leadId=${reported.data.id}&limit=5`,
    );
    expect(follows.data.list.map((record) => record.content)).toEqual(['合作方带客户到店']);
    expect(
      (
        await get<PageResult<unknown>>(
          `/api/retention-follow-ups/views/retentionFollowUps?leadId=${reported.data.id}&limit=5`,
        )
      ).data.list,
    ).toEqual([]);
  });

  it('refuses a report for a partner that stopped, or of another branch company', async () => {
    const stopped = await partner('测试平台丙');
    const [record] = rowsOf<{ version: number }>(
      await ctx.database.db.execute(sql`select version from alliance_partners where id = ${stopped}`),
    );
    const saved = await send('PUT', `/api/alliance-partners/${stopped}`, {
      name: '测试平台丙',
      kind: 4,
      contactName: '老陈',
      contactPhone: '13900001111',
      staff: [],
      protectionDays: 30,
      active: false,
      version: record?.version,
    });
    expect(saved.code).toBe(0);
    const refused = await post('/api/alliance-retention-leads', {
      contactName: '冯二',
      mobile: freshMobile(),
      partnerId: stopped,
    });
    expect(refused.msg).toBe('合作方「测试平台丙」已停止合作，不能报备留资');
    const other = await ctx.loginToOtherTenant();
    const theirs = await post(
      '/api/alliance-retention-leads',
      { contactName: '冯二', mobile: freshMobile(), partnerId: stopped },
      other,
    );
    expect(theirs.msg).toBe('合作方不存在');
  });
});

/** Exports 留资管理 filtered by a mobile's last digits as `token`'s user: the sheet's cell texts. */
async function exportedCells(token: string, mobile: string) {
  const queued = await post<DownloadRecordDto>('/api/exports', { kind: 'carRetention', filters: { mobile } }, token);
  if (queued.code !== 0) throw new Error(queued.msg);
  await ctx.app.jobs.runUntilIdle();
  const link = await get<DownloadLink>(`/api/download-records/${queued.data.id}/url`, token);
  const xlsx = (await ctx.app.inject({ method: 'GET', url: link.data.url })).rawPayload;
  const sheet = new TextDecoder().decode(unzipSync(xlsx)['xl/worksheets/sheet1.xml']);
  return [...sheet.matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((match) => match[1] ?? '');
}
