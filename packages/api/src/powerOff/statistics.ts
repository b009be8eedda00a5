import { enums, type PowerOffStatistics, powerCommandKinds, powerCommandStates, powerOffStates } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { rowsOf } from '../db/migrate';
import { nameBook } from '../lookups/registry';

export interface PowerOffStatisticsFilters {
  createdAt?: [string, string] | undefined;
  reason?: string | undefined;
  cityId?: string | undefined;
}

type Grouped = {
  g: number;
  reason: number | null;
  city_id: string | null;
  driver_id: string | null;
  requests: number;
  cut: number;
};

/**
 * 断电统计 over the requests applied for in the range (Beijing days) with the reason and city asked: how many
 * by reason, city and customer and how many of them were cut, the cars cut now, and the cut commands'
 * success rate (answered over answered and failed; null when none ended).
 */
export async function powerOffStatistics(
  db: Db,
  tenantId: number,
  filters: PowerOffStatisticsFilters,
): Promise<PowerOffStatistics> {
  const where = [sql`r.tenant_id = ${tenantId}`];
  if (filters.createdAt) {
    const [from, to] = filters.createdAt;
    where.push(sql`(r.created_at at time zone 'Asia/Shanghai')::date between ${from}::date and ${to}::date`);
  }
  if (filters.reason !== undefined) where.push(sql`r.reason = ${Number(filters.reason)}`);
  if (filters.cityId) where.push(sql`r.city_id = ${Number(filters.cityId)}`);
  const matching = sql.join(where, sql` and `);
  const grouped = rowsOf<Grouped>(
    await db.execute(sql`
      select grouping(r.reason) + 2 * grouping(r.city_id) + 4 * grouping(r.driver_id) as g,
        r.reason, r.city_id::text, r.driver_id::text, count(*)::int as requests,
        count(*) filter (where r.cut_at is not null)::int as cut
      from power_off_requests r where ${matching}
      group by grouping sets ((r.reason), (r.city_id), (r.driver_id), ())`),
  );
  const [totals] = rowsOf<{ cut_now: number; finished: number; succeeded: number }>(
    await db.execute(sql`
      select (select count(*)::int from power_off_requests r where ${matching} and r.status = ${powerOffStates.cut}) as cut_now,
        count(*) filter (where c.status in (${powerCommandStates.done}, ${powerCommandStates.failed}))::int as finished,
        count(*) filter (where c.status = ${powerCommandStates.done})::int as succeeded
      from power_commands c join power_off_requests r on r.id = c.request_id
      where ${matching} and c.kind = ${powerCommandKinds.cut}`),
  );
  const book = await nameBook(db, tenantId);
  const driverIds = grouped.flatMap((row) => (Number(row.g) === 3 && row.driver_id ? [row.driver_id] : []));
  const driverNames = new Map(
    driverIds.length === 0
      ? []
      : rowsOf<{ id: string; name: string }>(
          await db.execute(sql`select id::text, name from drivers where tenant_id = ${tenantId}
            and id = any(${`{${driverIds.join(',')}}`}::bigint[])`),
        ).map((row) => [row.id, row.name]),
  );
  const figures = (g: number, key: (row: Grouped) => string, name: (key: string) => string) =>
    grouped
      .filter((row) => Number(row.g) === g)
      .map((row) => ({ key: key(row), name: name(key(row)), requests: Number(row.requests), cut: Number(row.cut) }))
      .sort((a, b) => b.requests - a.requests || a.name.localeCompare(b.name, 'zh-CN'));
  const whole = grouped.find((row) => Number(row.g) === 7);
  const finished = Number(totals?.finished ?? 0);
  const succeeded = Number(totals?.succeeded ?? 0);
  return {
    requests: Number(whole?.requests ?? 0),
    cutNow: Number(totals?.cut_now ?? 0),
    cutCommands: finished,
    cutSucceeded: succeeded,
    successRate: finished === 0 ? null : Math.round((succeeded / finished) * 10_000) / 100,
    byReason: figures(
      6,
      (row) => String(row.reason),
      (key) => enums.powerOffReason.label(Number(key) as never),
    ),
    byCity: figures(
      5,
      (row) => row.city_id ?? '',
      (key) => book.get('city')?.get(key) ?? '未知城市',
    ),
    byCustomer: figures(
      3,
      (row) => row.driver_id ?? '',
      (key) => driverNames.get(key) ?? '未知客户',
    ).slice(0, 20),
  };
}
