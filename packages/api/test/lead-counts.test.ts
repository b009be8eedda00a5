import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ImportBatchResult, LeadStatistics, LeadStatisticsRow } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { importTemplate } from '../src/files/templates';
import { enqueueJob } from '../src/jobs/queue';
import { countLeadsWhere } from '../src/leads/counts';
import { invalidLeadRulesJob } from '../src/leads/job';
import { type CellValue, XlsxWriter } from '../src/xlsx/writer';
import { callsAs } from './calls';
import { multipart } from './files-support';
import { startTestApp, type TestContext } from './harness';

// 线索统计 reads `lead_daily_counts`; every lead write keeps it. Here a day of realistic and hostile writes goes
// through the API, and after each round the counts must equal what the leads themselves say.

let ctx: TestContext;
let admin: string;
let tenantId: number;
let salespeople: [string, string];
let channelIds: string[];
let cityIds: string[];
const folder = mkdtempSync(path.join(tmpdir(), 'cp-lead-counts-'));

type Lead = Record<string, unknown> & { id: string; version: number; status: number };

const { get, post } = callsAs<unknown, Lead>(() => ({ ctx, token: admin }));
async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await ctx.database.db.execute(statement));
}

let serial = 0;
const nextMobile = () => `135${String(6_000_000 + serial++).padStart(8, '0')}`;
async function newLead(extra: object = {}) {
  const created = await post('/api/leads', { contactName: '统计', mobile: nextMobile(), business: 0, ...extra });
  expect(created.msg).toBe('success');
  return created.data;
}
const allocate = (id: string, salespersonId: string) => post(`/api/leads/${id}/allocate`, { salespersonId });
const followUp = (id: string, answered = true) =>
  post(`/api/leads/${id}/follow-up`, {
    followedAt: new Date(Date.now() - 60_000).toISOString(),
    way: 0,
    answered,
    content: '电话沟通',
    intentionLevel: 1,
  });
const lead = async (id: string) => (await get<Lead>(`/api/leads/${id}`)).data;

interface Counted {
  day: string;
  channel: string | null;
  city: string | null;
  sales: string | null;
  status: number;
  followed: boolean;
}

/** The tenant's leads as 线索统计 should count them, read from `leads` alone. */
async function leadsNow(): Promise<Counted[]> {
  const rows = await query<{ day: string; channel: unknown; city: unknown; sales: unknown; status: number; n: number }>(
    sql`select to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, channel_id as channel,
      city_id as city, salesperson_id as sales, status, follow_up_count as n
    from leads where tenant_id = ${tenantId}`,
  );
  const text = (value: unknown) => (value === null ? null : String(value));
  return rows.map((row) => ({
    day: row.day,
    channel: text(row.channel),
    city: text(row.city),
    sales: text(row.sales),
    status: Number(row.status),
    followed: Number(row.n) > 0,
  }));
}

/** Every branch company's counts, nonzero groups only: the table, and a recount of the leads. */
async function tableAndRecount() {
  const measures = sql.raw(
    [0, 1, 2, 3, 4].flatMap((status) => [`sum(leads_${status})::int`, `sum(followed_${status})::int`]).join(', '),
  );
  const read = (from: ReturnType<typeof sql>) =>
    query<Record<string, unknown>>(sql`select tenant_id, day::text as day, channel_id, city_id, salesperson_id,
      ${measures} from (${from}) c group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`);
  const recount = sql`select tenant_id, (created_at at time zone 'Asia/Shanghai')::date as day, channel_id, city_id,
    salesperson_id, ${sql.raw(
      [0, 1, 2, 3, 4]
        .flatMap((status) => [
          `(status = ${status})::int as leads_${status}`,
          `(status = ${status} and follow_up_count > 0)::int as followed_${status}`,
        ])
        .join(', '),
    )} from leads`;
  const nonzero = (rows: Record<string, unknown>[]) =>
    rows.filter((row) => Object.entries(row).some(([name, n]) => name.startsWith('sum') && Number(n) !== 0));
  return {
    table: nonzero(await read(sql`select * from lead_daily_counts`)),
    recount: nonzero(await read(recount)),
  };
}

type Filters = { channel?: string; city?: string; sales?: string };

function group(rows: readonly Counted[], keyOf: (row: Counted) => string | null) {
  const groups = new Map<string | null, Counted[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
  return [...groups]
    .map(([key, members]) => ({
      key,
      total: members.length,
      activated: members.filter((row) => row.status === 3).length,
      invalid: members.filter((row) => row.status === 4).length,
      followedUp: members.filter((row) => row.followed).length,
    }))
    .sort((a, b) => String(a.key).localeCompare(String(b.key)));
}
const counts = (rows: readonly LeadStatisticsRow[]) =>
  rows
    .filter((row) => row.total > 0)
    .map(({ key, total, activated, invalid, followedUp }) => ({ key, total, activated, invalid, followedUp }))
    .sort((a, b) => String(a.key).localeCompare(String(b.key)));

/** The answer of 线索统计 equals counting the leads of the range by hand, for these filters. */
async function expectStatistics(from: string, to: string, filters: Filters = {}) {
  const within = (await leadsNow()).filter(
    (row) =>
      row.day >= from &&
      row.day <= to &&
      (!filters.channel || row.channel === filters.channel) &&
      (!filters.city || row.city === filters.city) &&
      (!filters.sales || row.sales === filters.sales),
  );
  const params = new URLSearchParams({ createdAt: `${from},${to}` });
  if (filters.channel) params.set('channelId', filters.channel);
  if (filters.city) params.set('cityId', filters.city);
  if (filters.sales) params.set('salespersonId', filters.sales);
  const answer = await get<LeadStatistics>(`/api/lead-statistics?${params}`);
  expect(answer.code).toBe(0);
  const { data } = answer;
  expect(counts([data.total])).toEqual(group(within, () => null));
  expect(counts(data.byChannel)).toEqual(group(within, (row) => row.channel));
  expect(counts(data.byCity)).toEqual(group(within, (row) => row.city));
  expect(counts(data.bySalesperson)).toEqual(group(within, (row) => row.sales));
  expect(counts(data.byStatus)).toEqual(group(within, (row) => String(row.status)));
  const days = group(within, (row) => row.day);
  expect(
    data.trend
      .filter((point) => point.created > 0)
      .map(({ period, created, activated, invalid }) => ({
        key: period,
        created,
        activated,
        invalid,
      })),
  ).toEqual(days.map(({ key, total, activated, invalid }) => ({ key, created: total, activated, invalid })));
  return data;
}

async function expectInStep() {
  const { table, recount } = await tableAndRecount();
  expect(table).toEqual(recount);
}

const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
  const [tenant] = await query<{ id: number }>(sql`select id from tenants where name = '北京分公司'`);
  tenantId = Number(tenant?.id);
  const staff = await get<{ label: string; value: string }[]>('/api/lookups/tenant-users');
  const ids = staff.data.map((user) => String(user.value));
  expect(ids.length).toBeGreaterThanOrEqual(2);
  salespeople = [ids[0] as string, ids[1] as string];
  channelIds = (
    await query<{ id: number }>(sql`select id from channels where tenant_id = ${tenantId} order by id`)
  ).map((row) => String(row.id));
  // Cities the demo's 城市不在服务范围 rule serves: leads elsewhere are 无效 as they come in.
  const served = await query<{ id: number }>(
    sql`select city_id as id from invalid_lead_rule_cities where tenant_id = ${tenantId} order by city_id`,
  );
  cityIds = [0, 1, 2].map((i) => String(served[i % served.length]?.id));
  expect(channelIds.length).toBeGreaterThanOrEqual(2);
});
afterAll(async () => {
  await ctx.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('线索统计 kept in step with the leads', () => {
  it('holds the demo leads as they are, from the start', async () => {
    await expectInStep();
  });

  it('follows adding, 分配, bulk 分配, 跟进, 激活, 无效 and edits of channel and city', async () => {
    const [a, b] = salespeople;
    const [c1, c2] = channelIds as [string, string];
    const [city1, city2] = cityIds as [string, string];
    const plain = await newLead();
    const inChannel = await newLead({ channelId: c1, cityId: city1 });
    const other = await newLead({ channelId: c2, cityId: city2 });
    expect((await allocate(plain.id, a)).code).toBe(0);
    const bulk = await post<{ done: number }>('/api/leads/bulk/allocate', {
      ids: [inChannel.id, other.id],
      body: { salespersonId: b },
    });
    expect(bulk.data.done).toBe(2);
    expect((await followUp(plain.id)).code).toBe(0);
    expect((await followUp(plain.id, false)).code).toBe(0);
    expect((await followUp(inChannel.id)).code).toBe(0);
    expect((await post(`/api/leads/${other.id}/invalidate`, { reason: '空号' })).code).toBe(0);
    const [customer] = await query<{ id: number }>(sql`select id from customers where tenant_id = ${tenantId} limit 1`);
    expect(customer).toBeDefined();
    const activated = await post(`/api/leads/${plain.id}/activate`, {
      customerKind: 2,
      customerId: String(customer?.id),
    });
    expect(activated.msg).toBe('success');
    // An edit moving the lead to another channel and city, then emptying both.
    const before = await lead(inChannel.id);
    const edit = (version: number, values: object) =>
      ctx.request<Lead>({
        method: 'PUT',
        url: `/api/leads/${inChannel.id}`,
        token: admin,
        payload: { contactName: '统计', mobile: before.mobile, business: 0, version, ...values },
      });
    const moved = await edit(before.version, { channelId: c2, cityId: city2 });
    expect(moved.msg).toBe('success');
    expect((await edit(moved.data.version, { channelId: null, cityId: null })).msg).toBe('success');
    await expectInStep();
    await expectStatistics(today(), today());
    await expectStatistics(today(), today(), { sales: b });
    await expectStatistics(today(), today(), { channel: c2, city: city2 });
  });

  it('moves a followed-up lead between salespeople and back, its group emptied and filled again', async () => {
    const [a, b] = salespeople;
    const moving = await newLead({ channelId: channelIds[0] });
    await allocate(moving.id, a);
    await followUp(moving.id);
    for (const to of [b, a, b, a]) expect((await allocate(moving.id, to)).code).toBe(0);
    expect(await lead(moving.id)).toMatchObject({ status: 1, salespersonId: a, followUpCount: 1 });
    await expectInStep();
    const data = await expectStatistics(today(), today(), { sales: a });
    expect(data.byStatus.find((row) => row.key === '1')?.followedUp).toBeGreaterThanOrEqual(1);
  });

  it('counts every one of many parallel writes to the same group', async () => {
    const [a, b] = salespeople;
    const same = { channelId: channelIds[1], cityId: cityIds[2] };
    const created = await Promise.all(Array.from({ length: 12 }, () => newLead(same)));
    const ids = created.map((row) => row.id);
    expect((await Promise.all(ids.map((id) => allocate(id, a)))).every((answer) => answer.code === 0)).toBe(true);
    expect((await Promise.all(ids.map((id) => followUp(id)))).every((answer) => answer.code === 0)).toBe(true);
    // Half go to b and the other half come back from b to a, all at once: groups of both sides change together.
    const answers = await Promise.all(
      ids.flatMap((id, i) =>
        i % 2 ? [allocate(id, b)] : [allocate(id, b).then(() => allocate(id, a)), followUp(id, false)],
      ),
    );
    expect(answers.every((answer) => answer.code === 0)).toBe(true);
    await Promise.all(ids.slice(0, 4).map((id) => post(`/api/leads/${id}/invalidate`, { reason: '并发无效' })));
    await expectInStep();
    const data = await expectStatistics(today(), today(), {
      channel: String(same.channelId),
      city: String(same.cityId),
    });
    expect(data.total.total).toBeGreaterThanOrEqual(12);
  });

  it('follows the daily 无效线索 rules and uploads, and keeps each lead on its Beijing day across midnight', async () => {
    const [a] = salespeople;
    // Leads made around the API at the edges of Beijing days (UTC 16:00), as the migration's backfill counts them.
    const edges = ['2021-03-01T23:59:59.999999+08:00', '2021-03-02T00:00:00+08:00', '2021-03-02T07:59:59+08:00'];
    const edgeIds: string[] = [];
    for (const at of edges) {
      const [row] = await query<{ id: number }>(sql`
        insert into leads (tenant_id, contact_name, mobile, business, channel_id, status, created_at, updated_at)
        values (${tenantId}, '午夜', ${nextMobile()}, 0, ${channelIds[0]}, 0, ${at}::timestamptz, ${at}::timestamptz)
        returning id`);
      edgeIds.push(String(row?.id));
      await ctx.database.db.execute(countLeadsWhere(sql`id = ${row?.id}`));
    }
    for (const id of edgeIds) await allocate(id, a);
    for (const id of edgeIds.slice(0, 2)) {
      await followUp(id, false);
      await followUp(id, false);
    }
    // The daily job marks the twice-unanswered ones 无效: the rule's leads leave 跟进中 on their own day.
    await ctx.database.db.execute(sql`delete from invalid_lead_rules where tenant_id = ${tenantId} and kind = 1`);
    expect((await post('/api/invalid-lead-rules', { name: '两次未接通', kind: 1, times: 2, enabled: true })).msg).toBe(
      'success',
    );
    await enqueueJob(ctx.database.db, invalidLeadRulesJob, { payload: {} });
    await ctx.app.jobs.runUntilIdle();
    expect((await lead(String(edgeIds[0]))).status).toBe(4);
    await expectInStep();
    const march = await expectStatistics('2021-03-01', '2021-03-02');
    expect(march.trend.map((point) => point.created)).toEqual([1, 2]);
    expect(march.trend.map((point) => point.invalid)).toEqual([1, 1]);

    const file = path.join(folder, 'leads.xlsx');
    const writer = new XlsxWriter(file, importTemplate('lead')?.columns ?? []);
    const rows: CellValue[][] = Array.from({ length: 8 }, (_, i) => [
      `上传${i}`,
      i === 7 ? '13500000001' : nextMobile(),
      null,
      null,
      '网约车租赁',
      '网约车司机',
      null,
    ]);
    rows.push([...(rows[0] as CellValue[])]);
    for (const row of rows) writer.addRow(row);
    await writer.finish();
    const uploaded = await ctx.request<ImportBatchResult>({
      method: 'POST',
      url: '/api/leads/import',
      token: admin,
      ...multipart([{ name: '线索导入.xlsx', content: readFileSync(file) }]),
    });
    expect(uploaded.msg).toBe('success');
    expect(uploaded.data).toMatchObject({ imported: 8, duplicates: 1 });
    await expectInStep();
    await expectStatistics(today(), today());
  });
});
