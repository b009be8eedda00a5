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
  g_period: number;
  channel_id: string | number | null;
  city_id: string | number | null;
  salesperson_id: string | number | null;
  period: string | Date | null;
  /** Per lead state (`leads_n`, `followed_n` summed): leads, and those followed up. */
  leads: (string | number)[];
  followed: (string | number)[];
}

/** A group's counts: all its leads, and per lead state. */
interface Counts {
  byStatus: number[];
  followedByStatus: number[];
}

const statuses = leadEnums.status.values;
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const countsOf = (row: GroupedRow): Counts => ({
  byStatus: row.leads.map(Number),
  followedByStatus: row.followed.map(Number),
});

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

function statRow(key: string | null, name: string, counts?: Counts): LeadStatisticsRow {
  const at = (status: number) => counts?.byStatus[statuses.indexOf(status as (typeof statuses)[number])] ?? 0;
  const total = sum(counts?.byStatus ?? []);
  const activated = at(leadStatus.activated);
  const invalid = at(leadStatus.invalid);
  const followedUp = sum(counts?.followedByStatus ?? []);
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

/** The counts of one lead state alone, as 线索统计's 线索状态 table shows it. */
function ofStatus(counts: Counts | undefined, status: number): Counts {
  const index = statuses.indexOf(status as (typeof statuses)[number]);
  const only = (values: readonly number[] | undefined) =>
    statuses.map((_, i) => (i === index ? (values?.[i] ?? 0) : 0));
  return { byStatus: only(counts?.byStatus), followedByStatus: only(counts?.followedByStatus) };
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
 * salesperson, status and period in one grouping-sets pass over the range's rows of `lead_daily_counts` (a
 * day's leads per channel, city and salesperson, counted per state: at most 366 days × the groups). A lead
 * counts as activated or invalid by its state now, in the period it was created: the trend follows each day's
 * leads to where they ended up.
 */
export async function leadStatistics(
  db: Db,
  tenantId: number,
  filters: LeadStatisticsFilters,
  now = Date.now(),
): Promise<LeadStatistics> {
  const [from, to] = statisticsRange(filters, now);
  const interval = filters.interval ?? 'day';
  const period = interval === 'week' ? sql`date_trunc('week', day::timestamp)::date` : sql`day`;
  const conditions = [sql`tenant_id = ${tenantId}`, sql`day >= ${from}::date`, sql`day <= ${to}::date`];
  if (filters.channelId) conditions.push(sql`channel_id = ${Number(filters.channelId)}`);
  if (filters.cityId) conditions.push(sql`city_id = ${Number(filters.cityId)}`);
  if (filters.salespersonId) conditions.push(sql`salesperson_id = ${Number(filters.salespersonId)}`);
  const summed = (prefix: string) =>
    sql.raw(`array[${statuses.map((status) => `sum(${prefix}_${status})::int`).join(', ')}]`);
  const rows = rowsOf<GroupedRow>(
    await db.execute(sql`
      select grouping(channel_id) as g_channel, grouping(city_id) as g_city, grouping(salesperson_id) as g_sales,
        grouping(period) as g_period, channel_id, city_id, salesperson_id, period,
        ${summed('leads')} as leads, ${summed('followed')} as followed
      from (select *, ${period} as period from lead_daily_counts where ${sql.join(conditions, sql` and `)}) counted
      group by grouping sets ((channel_id), (city_id), (salesperson_id), (period), ())`),
  ).filter((row) => row.leads.some((n) => Number(n) !== 0));
  const only = (flag: keyof GroupedRow) =>
    rows.filter((row) =>
      (['g_channel', 'g_city', 'g_sales', 'g_period'] as const).every(
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
        return statRow(key, name, countsOf(row));
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
  const totalRow = only('' as keyof GroupedRow)[0];
  const total = totalRow ? countsOf(totalRow) : undefined;
  const byPeriod = new Map(only('g_period').map((row) => [periodText(row.period), statRow(null, '', countsOf(row))]));
  const trend: LeadTrendPoint[] = periodsOf(from, to, interval).map((key) => {
    const row = byPeriod.get(key);
    return { period: key, created: row?.total ?? 0, activated: row?.activated ?? 0, invalid: row?.invalid ?? 0 };
  });
  return {
    from,
    to,
    interval,
    total: statRow(null, '合计', total),
    byChannel: named('channel', '未填写渠道', 'channel_id', 'g_channel'),
    byCity: named('city', '未填写城市', 'city_id', 'g_city'),
    bySalesperson: salesRows
      .map((row) => {
        const key = idOf(row.salesperson_id);
        return statRow(key, key === null ? '未分配' : (salesNames.get(key) ?? `已删除（编号${key}）`), countsOf(row));
      })
      .sort(byTotal),
    byStatus: statuses.map((status) =>
      statRow(String(status), leadEnums.status.label(status), total && ofStatus(total, status)),
    ),
    trend,
  };
}
