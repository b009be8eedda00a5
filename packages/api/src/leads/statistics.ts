import {
  type LeadStatistics,
  type LeadStatisticsRow,
  type LeadTrendPoint,
  leadEnums,
  type leadStatisticsQuery,
  leadStatus,
} from '@cp/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db';
import { rowsOf } from '../db/migrate';
import { users } from '../identity/tables';
import { nameBook } from '../lookups/registry';

export type LeadStatisticsFilters = z.output<typeof leadStatisticsQuery>;

const dayMs = 86_400_000;
const beijingMs = 8 * 3_600_000;

/** Today in Beijing, `YYYY-MM-DD`. */
function beijingDay(time: number): string {
  return new Date(time + beijingMs).toISOString().slice(0, 10);
}

/** The Beijing days counted: the filter's, or the last 30 days up to today. */
export function statisticsRange(filters: LeadStatisticsFilters, now = Date.now()): [string, string] {
  return filters.createdAt ?? [beijingDay(now - 29 * dayMs), beijingDay(now)];
}

interface GroupedRow {
  g_channel: number;
  g_city: number;
  g_sales: number;
  g_status: number;
  g_period: number;
  channel_id: string | number | null;
  city_id: string | number | null;
  salesperson_id: string | number | null;
  status: number | null;
  period: string | Date | null;
  total: number;
  activated: number;
  invalid: number;
  followed: number;
}

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

function statRow(key: string | null, name: string, row?: GroupedRow): LeadStatisticsRow {
  const total = Number(row?.total ?? 0);
  const activated = Number(row?.activated ?? 0);
  const invalid = Number(row?.invalid ?? 0);
  const followedUp = Number(row?.followed ?? 0);
  return {
    key,
    name,
    total,
    activated,
    invalid,
    followedUp,
    activationRate: ratio(activated, total),
    invalidRate: ratio(invalid, total),
    followUpRate: ratio(followedUp, total),
  };
}

const periodText = (value: string | Date | null) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value ?? '').slice(0, 10);

/** Each day of the range, or the Monday of each week it touches. */
function periodsOf(from: string, to: string, interval: 'day' | 'week'): string[] {
  let start = Date.parse(`${from}T00:00:00Z`);
  if (interval === 'week') start -= ((new Date(start).getUTCDay() + 6) % 7) * dayMs;
  const end = Date.parse(`${to}T00:00:00Z`);
  const step = interval === 'week' ? 7 * dayMs : dayMs;
  const periods = [];
  for (let time = start; time <= end; time += step) periods.push(new Date(time).toISOString().slice(0, 10));
  return periods;
}

/**
 * 线索统计: the leads created in the range (Beijing days) matching the filters, counted by channel, city,
 * salesperson, status and period in one pass over `leads_tenant_created_stats_idx` (an index-only scan:
 * every column grouped or counted is in the index). A lead counts as activated or invalid by its state now,
 * in the period it was created: the trend follows each day's leads to where they ended up.
 */
export async function leadStatistics(
  db: Db,
  tenantId: number,
  filters: LeadStatisticsFilters,
  now = Date.now(),
): Promise<LeadStatistics> {
  const [from, to] = statisticsRange(filters, now);
  const interval = filters.interval ?? 'day';
  const start = new Date(Date.parse(`${from}T00:00:00+08:00`));
  const end = new Date(Date.parse(`${to}T00:00:00+08:00`) + dayMs);
  const unit = interval === 'week' ? sql.raw(`'week'`) : sql.raw(`'day'`);
  const period = sql`date_trunc(${unit}, created_at at time zone 'Asia/Shanghai')::date`;
  const conditions = [
    sql`tenant_id = ${tenantId}`,
    sql`created_at >= ${start.toISOString()}::timestamptz`,
    sql`created_at < ${end.toISOString()}::timestamptz`,
  ];
  if (filters.channelId) conditions.push(sql`channel_id = ${Number(filters.channelId)}`);
  if (filters.cityId) conditions.push(sql`city_id = ${Number(filters.cityId)}`);
  if (filters.salespersonId) conditions.push(sql`salesperson_id = ${Number(filters.salespersonId)}`);
  const rows = rowsOf<GroupedRow>(
    await db.execute(sql`
      select grouping(channel_id) as g_channel, grouping(city_id) as g_city, grouping(salesperson_id) as g_sales,
        grouping(status) as g_status, grouping(${period}) as g_period,
        channel_id, city_id, salesperson_id, status, ${period} as period,
        count(*)::int as total,
        (count(*) filter (where status = ${leadStatus.activated}))::int as activated,
        (count(*) filter (where status = ${leadStatus.invalid}))::int as invalid,
        (count(*) filter (where follow_up_count > 0))::int as followed
      from leads
      where ${sql.join(conditions, sql` and `)}
      group by grouping sets ((channel_id), (city_id), (salesperson_id), (status), (${period}), ())`),
  );
  const only = (flag: keyof GroupedRow) =>
    rows.filter((row) =>
      (['g_channel', 'g_city', 'g_sales', 'g_status', 'g_period'] as const).every(
        (key) => Number(row[key]) === (key === flag ? 0 : 1),
      ),
    );
  const book = await nameBook(db, tenantId);
  const idOf = (value: string | number | null) => (value === null ? null : String(value));
  const byTotal = (a: LeadStatisticsRow, b: LeadStatisticsRow) =>
    b.total - a.total || a.name.localeCompare(b.name, 'zh-CN');
  const named = (lookup: string, empty: string, column: 'channel_id' | 'city_id', flag: keyof GroupedRow) =>
    only(flag)
      .map((row) => {
        const key = idOf(row[column]);
        const name = key === null ? empty : (book.get(lookup)?.get(key) ?? `已删除（编号${key}）`);
        return statRow(key, name, row);
      })
      .sort(byTotal);

  const salesRows = only('g_sales');
  const salesIds = salesRows.flatMap((row) => (row.salesperson_id === null ? [] : [Number(row.salesperson_id)]));
  // Salespeople are named even when their account is stopped now: their leads still count.
  const salesNames = new Map(
    salesIds.length === 0
      ? []
      : (await db.select({ id: users.id, name: users.userName }).from(users).where(inArray(users.id, salesIds))).map(
          (user) => [String(user.id), user.name],
        ),
  );
  const byStatusValue = new Map(only('g_status').map((row) => [Number(row.status), row]));
  const byPeriod = new Map(only('g_period').map((row) => [periodText(row.period), row]));
  const trend: LeadTrendPoint[] = periodsOf(from, to, interval).map((key) => {
    const row = byPeriod.get(key);
    return {
      period: key,
      created: Number(row?.total ?? 0),
      activated: Number(row?.activated ?? 0),
      invalid: Number(row?.invalid ?? 0),
    };
  });
  return {
    from,
    to,
    interval,
    total: statRow(null, '合计', only('' as keyof GroupedRow)[0]),
    byChannel: named('channel', '未填写渠道', 'channel_id', 'g_channel'),
    byCity: named('city', '未填写城市', 'city_id', 'g_city'),
    bySalesperson: salesRows
      .map((row) => {
        const key = idOf(row.salesperson_id);
        return statRow(key, key === null ? '未分配' : (salesNames.get(key) ?? `已删除（编号${key}）`), row);
      })
      .sort(byTotal),
    byStatus: leadEnums.status.values.map((status) =>
      statRow(String(status), leadEnums.status.label(status), byStatusValue.get(status)),
    ),
    trend,
  };
}
