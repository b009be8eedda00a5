import {
  beijingDay,
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

/** The Beijing days counted: the filter's, or the last 30 days up to today. */
function statisticsRange(filters: LeadStatisticsFilters, now = Date.now()): [string, string] {
  return filters.createdAt ?? [beijingDay(new Date(now - 29 * dayMs)), beijingDay(new Date(now))];
}

/** A row of the pass: one combination of channel, city and salesperson over the range, or one period. */
interface GroupedRow {
  g_period: number;
  channel_id: string | number | null;
  city_id: string | number | null;
  salesperson_id: string | number | null;
  period: string | Date | null;
  /** Per lead state (`leads_n`, `followed_n` summed): leads, and those followed up. */
  leads: (string | number)[];
  followed: (string | number)[];
}

/** A group's counts per lead state: its leads, and those followed up at least once. */
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

/** Adds the counts of each row to its group's, by `keyOf`. */
function sumBy(rows: readonly GroupedRow[], keyOf: (row: GroupedRow) => string | null): Map<string | null, Counts> {
  const groups = new Map<string | null, Counts>();
  for (const row of rows) {
    const key = keyOf(row);
    const counts = countsOf(row);
    const group = groups.get(key);
    if (!group) groups.set(key, counts);
    else {
      group.byStatus = group.byStatus.map((n, i) => n + (counts.byStatus[i] ?? 0));
      group.followedByStatus = group.followedByStatus.map((n, i) => n + (counts.followedByStatus[i] ?? 0));
    }
  }
  return groups;
}

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
 * salesperson, status and period. One pass over the range's rows of `lead_daily_counts` (a day's leads per
 * channel, city and salesperson, counted per state: at most 366 days × the combinations) sums them per
 * combination — at most channels × cities × salespeople rows, from which each table is added up here — and per
 * period. A lead counts as activated or invalid by its state now, in the period it was created: the trend
 * follows each day's leads to where they ended up.
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
      select grouping(period) as g_period, channel_id, city_id, salesperson_id, period,
        ${summed('leads')} as leads, ${summed('followed')} as followed
      from (select *, ${period} as period from lead_daily_counts where ${sql.join(conditions, sql` and `)}) counted
      group by grouping sets ((channel_id, city_id, salesperson_id), (period))`),
  ).filter((row) => row.leads.some((n) => Number(n) !== 0));
  const combinations = rows.filter((row) => Number(row.g_period) === 1);
  const idOf = (value: string | number | null) => (value === null ? null : String(value));
  const book = await nameBook(db, tenantId);
  const byTotal = (a: LeadStatisticsRow, b: LeadStatisticsRow) =>
    b.total - a.total || a.name.localeCompare(b.name, 'zh-CN');
  const table = (column: 'channel_id' | 'city_id' | 'salesperson_id', nameOf: (key: string | null) => string) =>
    [...sumBy(combinations, (row) => idOf(row[column]))]
      .map(([key, counts]) => statRow(key, nameOf(key), counts))
      .sort(byTotal);
  const named = (lookup: string, empty: string) => (key: string | null) =>
    key === null ? empty : (book.get(lookup)?.get(key) ?? `已删除（编号${key}）`);

  const salesIds = [
    ...new Set(combinations.flatMap((row) => (row.salesperson_id === null ? [] : [Number(row.salesperson_id)]))),
  ];
  // Salespeople are named even when their account is stopped now: their leads still count.
  const salesNames = new Map(
    salesIds.length === 0
      ? []
      : (await db.select({ id: users.id, name: users.userName }).from(users).where(inArray(users.id, salesIds))).map(
          (user) => [String(user.id), user.name],
        ),
  );
  const total = sumBy(combinations, () => null).get(null);
  const byPeriod = new Map(
    rows
      .filter((row) => Number(row.g_period) === 0)
      .map((row) => [periodText(row.period), statRow(null, '', countsOf(row))]),
  );
  const trend: LeadTrendPoint[] = periodsOf(from, to, interval).map((key) => {
    const row = byPeriod.get(key);
    return { period: key, created: row?.total ?? 0, activated: row?.activated ?? 0, invalid: row?.invalid ?? 0 };
  });
  return {
    from,
    to,
    interval,
    total: statRow(null, '合计', total),
    byChannel: table('channel_id', named('channel', '未填写渠道')),
    byCity: table('city_id', named('city', '未填写城市')),
    bySalesperson: table('salesperson_id', (key) =>
      key === null ? '未分配' : (salesNames.get(key) ?? `已删除（编号${key}）`),
    ),
    byStatus: statuses.map((status) =>
      statRow(String(status), leadEnums.status.label(status), total && ofStatus(total, status)),
    ),
    trend,
  };
}
