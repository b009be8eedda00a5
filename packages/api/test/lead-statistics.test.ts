import type { DownloadLink, DownloadRecordDto, LeadStatistics, LeadStatisticsRow } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { countLeadsWhere } from '../src/leads/counts';
import { type FileTestContext, startFileApp } from './files-support';

let ctx: FileTestContext;
let admin: string;
let shanghai: string;
let beijingId: number;
let shanghaiId: number;
let adminId: number;
let cities: { id: number; name: string }[];

interface Seeded {
  /** Beijing wall-clock time the lead was created. */
  at: string;
  channel: number | null;
  city: number;
  sales: number | null;
  status: number;
  followUps: number;
}

async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await ctx.database.db.execute(statement));
}

let serial = 0;
async function insertLeads(tenantId: number, leads: readonly Seeded[]) {
  for (const lead of leads) {
    const mobile = `137${String(serial++).padStart(8, '0')}`;
    await ctx.database.db.execute(sql`
      insert into leads (tenant_id, contact_name, mobile, business, channel_id, city_id, salesperson_id, status,
        follow_up_count, created_at, updated_at)
      values (${tenantId}, '统计测试', ${mobile}, 0, ${lead.channel}, ${lead.city}, ${lead.sales}, ${lead.status},
        ${lead.followUps}, ${`${lead.at}+08:00`}::timestamptz, ${`${lead.at}+08:00`}::timestamptz)`);
    // Written around the API, so counted for 线索统计 as the scale generator counts its leads.
    await ctx.database.db.execute(countLeadsWhere(sql`mobile = ${mobile}`));
  }
}

/** Leads of 北京分公司 in March 2021, none of the demo data's (which is recent). */
const march: Seeded[] = [];

beforeAll(async () => {
  ctx = await startFileApp();
  admin = await ctx.login('admin', 'admin123');
  shanghai = await ctx.loginToOtherTenant();
  const tenants = await query<{ id: number; name: string }>(sql`select id, name from tenants order by id`);
  beijingId = Number(tenants.find((tenant) => tenant.name === '北京分公司')?.id);
  shanghaiId = Number(tenants.find((tenant) => tenant.name === '上海分公司')?.id);
  adminId = Number((await query<{ id: number }>(sql`select id from users where login_id = 'admin'`))[0]?.id);
  cities = (await query<{ id: number; name: string }>(sql`select id, name from cities order by id limit 2`)).map(
    (city) => ({ id: Number(city.id), name: city.name }),
  );
  const [first, second] = cities.map((city) => city.id) as [number, number];
  // Day by day, each combination of channel, city, salesperson and state in turn: 40 leads.
  for (let i = 0; i < 40; i++) {
    march.push({
      at: `2021-03-${String(1 + (i % 10)).padStart(2, '0')}T${i % 2 ? '23:30' : '00:15'}:00`,
      channel: [9001, 9002, null][i % 3] ?? null,
      city: i % 4 === 0 ? second : first,
      sales: i % 5 === 0 ? null : adminId,
      status: [0, 1, 2, 3, 4, 2, 3][i % 7] ?? 0,
      followUps: i % 7 >= 2 ? 1 + (i % 3) : 0,
    });
  }
  await insertLeads(beijingId, march);
  // Just outside the range on both sides (Beijing days), and another branch company's leads inside it.
  await insertLeads(beijingId, [
    { at: '2021-02-28T23:59:00', channel: 9001, city: first, sales: adminId, status: 3, followUps: 1 },
    { at: '2021-03-11T00:00:00', channel: 9001, city: first, sales: adminId, status: 3, followUps: 1 },
  ]);
  await insertLeads(shanghaiId, [
    { at: '2021-03-05T12:00:00', channel: 9001, city: first, sales: adminId, status: 3, followUps: 1 },
    { at: '2021-03-05T12:00:00', channel: 9001, city: first, sales: null, status: 4, followUps: 0 },
  ]);
});
afterAll(() => ctx.close());

const statistics = (query: string, token = admin) =>
  ctx.request<LeadStatistics>({ method: 'GET', url: `/api/lead-statistics?${query}`, token });

/** What the groups should hold, counted from the seeded rows themselves. */
function expected(rows: readonly Seeded[], keyOf: (row: Seeded) => string | null) {
  const groups = new Map<string | null, Seeded[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
  return [...groups].map(([key, members]) => ({
    key,
    total: members.length,
    activated: members.filter((row) => row.status === 3).length,
    invalid: members.filter((row) => row.status === 4).length,
    followedUp: members.filter((row) => row.followUps > 0).length,
  }));
}

const counts = (rows: readonly LeadStatisticsRow[]) =>
  rows.map(({ key, total, activated, invalid, followedUp }) => ({ key, total, activated, invalid, followedUp }));
const byKey = (a: { key: string | null }, b: { key: string | null }) => String(a.key).localeCompare(String(b.key));
const idText = (value: number | null) => (value === null ? null : String(value));

describe('线索统计', () => {
  it('counts the leads created in the range by channel, city, salesperson and status, as the rows are', async () => {
    const answer = await statistics('createdAt=2021-03-01,2021-03-10');
    expect(answer.code).toBe(0);
    const data = answer.data;
    expect(data).toMatchObject({ from: '2021-03-01', to: '2021-03-10', interval: 'day' });
    expect(data.total).toMatchObject({
      total: 40,
      activated: march.filter((row) => row.status === 3).length,
      invalid: march.filter((row) => row.status === 4).length,
      followedUp: march.filter((row) => row.followUps > 0).length,
    });
    expect(data.total.activationRate).toBeCloseTo(data.total.activated / 40);
    expect(counts(data.byChannel).sort(byKey)).toEqual(expected(march, (row) => idText(row.channel)).sort(byKey));
    expect(counts(data.byCity).sort(byKey)).toEqual(expected(march, (row) => idText(row.city)).sort(byKey));
    expect(counts(data.bySalesperson).sort(byKey)).toEqual(expected(march, (row) => idText(row.sales)).sort(byKey));
    expect(data.byStatus.map((row) => [row.name, row.total])).toEqual(
      ['待分配', '待跟进', '跟进中', '已激活', '无效'].map((name, status) => [
        name,
        march.filter((row) => row.status === status).length,
      ]),
    );
    // Every group's counts add up to all leads; the largest group comes first.
    for (const rows of [data.byChannel, data.byCity, data.bySalesperson, data.byStatus]) {
      expect(rows.reduce((sum, row) => sum + row.total, 0)).toBe(40);
    }
    expect(data.byChannel[0]?.total).toBeGreaterThanOrEqual(data.byChannel.at(-1)?.total ?? 0);
    expect(data.byCity.map((row) => row.name).sort()).toEqual(cities.map((city) => city.name).sort());
    expect(data.bySalesperson.find((row) => row.key === null)?.name).toBe('未分配');
    expect(data.bySalesperson.find((row) => row.key === String(adminId))?.name).toBe('系统管理员');
    expect(data.byChannel.find((row) => row.key === null)?.name).toBe('未填写渠道');
  });

  it('draws the trend per Beijing day, every day of the range listed, and per week from its Monday', async () => {
    const { data } = await statistics('createdAt=2021-03-01,2021-03-12');
    expect(data.trend).toHaveLength(12);
    expect(data.trend[0]).toEqual({
      period: '2021-03-01',
      created: 4,
      activated: march.filter((row) => row.at.startsWith('2021-03-01') && row.status === 3).length,
      invalid: march.filter((row) => row.at.startsWith('2021-03-01') && row.status === 4).length,
    });
    // 2021-03-11 00:00 in Beijing is that day's, not the 10th's.
    expect(data.trend.map((point) => point.created)).toEqual([4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 0]);
    const weekly = await statistics('createdAt=2021-03-01,2021-03-12&interval=week');
    // 2021-03-01 was a Monday.
    expect(weekly.data.trend.map((point) => [point.period, point.created])).toEqual([
      ['2021-03-01', 28],
      ['2021-03-08', 13],
    ]);
  });

  it('narrows to one channel, city or salesperson', async () => {
    const { data } = await statistics('createdAt=2021-03-01,2021-03-10&channelId=9001');
    expect(data.total.total).toBe(march.filter((row) => row.channel === 9001).length);
    expect(data.byChannel.map((row) => row.key)).toEqual(['9001']);
    const bySales = await statistics(
      `createdAt=2021-03-01,2021-03-10&salespersonId=${adminId}&cityId=${cities[0]?.id}`,
    );
    expect(bySales.data.total.total).toBe(
      march.filter((row) => row.sales === adminId && row.city === cities[0]?.id).length,
    );
  });

  it('gives no rate where there is nothing to divide by', async () => {
    const { data } = await statistics('createdAt=2020-01-01,2020-01-31');
    expect(data.total).toEqual({
      key: null,
      name: '合计',
      total: 0,
      activated: 0,
      invalid: 0,
      followedUp: 0,
      activationRate: null,
      invalidRate: null,
      followUpRate: null,
    });
    expect(data.byChannel).toEqual([]);
    expect(data.byStatus.every((row) => row.total === 0 && row.activationRate === null)).toBe(true);
    expect(data.trend.every((point) => point.created === 0)).toBe(true);
    expect(data.trend).toHaveLength(31);
  });

  it('counts the last 30 days when no range is given', async () => {
    const { data } = await statistics('');
    const days = (Date.parse(data.to) - Date.parse(data.from)) / 86_400_000;
    expect(days).toBe(29);
    expect(data.trend).toHaveLength(30);
  });

  it('counts only the branch company’s own leads', async () => {
    const other = await statistics('createdAt=2021-03-01,2021-03-10', shanghai);
    expect(other.data.total).toMatchObject({ total: 2, activated: 1, invalid: 1 });
    expect(counts(other.data.bySalesperson).sort(byKey)).toEqual(
      [
        { key: String(adminId), total: 1, activated: 1, invalid: 0, followedUp: 1 },
        { key: null, total: 1, activated: 0, invalid: 1, followedUp: 0 },
      ].sort(byKey),
    );
    expect((await statistics('createdAt=2021-03-01,2021-03-10')).data.total.total).toBe(40);
  });

  it('refuses bad ranges in words, and users without 线索统计', async () => {
    expect((await statistics('createdAt=2021-03-10,2021-03-01')).msg).toContain('开始日期不能晚于结束日期');
    expect((await statistics('createdAt=2020-01-01,2021-03-01')).msg).toBe('创建日期：不能超过366天');
    expect((await statistics('interval=month')).msg).toContain('趋势粒度');
    expect((await statistics('channelId=abc')).msg).toContain('渠道');
    const ops = await ctx.login('ops', 'ops123');
    const refused = await statistics('createdAt=2021-03-01,2021-03-10', ops);
    expect(refused).toMatchObject({ code: 403, msg: '无权限' });
    const exported = await ctx.request({
      method: 'POST',
      url: '/api/exports',
      token: ops,
      payload: { kind: 'threadStatistics', filters: {} },
    });
    expect(exported.code).toBe(403);
  });

  it('exports what the page shows through the download center', async () => {
    const queued = await ctx.request<DownloadRecordDto>({
      method: 'POST',
      url: '/api/exports',
      token: admin,
      payload: { kind: 'threadStatistics', filters: { createdAt: '2021-03-01,2021-03-10', interval: 'week' } },
    });
    expect(queued.code).toBe(0);
    expect(queued.data.name).toMatch(/^线索统计_\d{14}$/);
    await ctx.app.jobs.runUntilIdle();
    const link = await ctx.request<DownloadLink>({
      method: 'GET',
      url: `/api/download-records/${queued.data.id}/url`,
      token: admin,
    });
    const file = await ctx.app.inject({ method: 'GET', url: link.data.url });
    const sheet = new TextDecoder().decode(unzipSync(file.rawPayload)['xl/worksheets/sheet1.xml']);
    const texts = [...sheet.matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((match) => match[1]);
    expect(texts.slice(0, 9)).toEqual([
      '统计维度',
      '名称',
      '线索数',
      '已激活',
      '激活率',
      '无效',
      '无效率',
      '已跟进',
      '跟进率',
    ]);
    expect(texts).toEqual(
      expect.arrayContaining(['合计', '2021-03-01 至 2021-03-10', '渠道', '未填写渠道', '销售人员', '未分配']),
    );
    expect(texts).toEqual(expect.arrayContaining(['线索状态', '已激活', '趋势（按周）', '2021-03-08']));
    const total = await statistics('createdAt=2021-03-01,2021-03-10');
    const activation = `${(Math.round((total.data.total.activationRate ?? 0) * 1000) / 10).toFixed(1)}%`;
    expect(texts).toContain(activation);
  });
});
