import {
  beijingDay,
  type DynamicRentTrend,
  dynamicRentTrend,
  envelope,
  monthsBetween,
  paymentChannel,
  rentTrendQuery,
  routesByKey,
  type StaticRentTrend,
  staticRentTrend,
} from '@cp/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db';
import { rowsOf } from '../db/migrate';
import { column } from '../exports/columns';
import { defineExport } from '../exports/registry';
import { access, sessionOf } from '../http/access';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { cities } from '../lookups/tables';
import { rentMonthCollections, rentMonthDues, rentTrendRefreshes } from './tables';

/**
 * Adds a branch company's receivables and payments up again into the trend tables, in one transaction (a
 * reader sees the old figures or the new, never half): due by month due and city; money received by month
 * received, city and channel, as allocated (a reversed payment no longer counts).
 */
export async function refreshRentTrends(db: Db, tenantId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rentTrends:${tenantId}`}))`);
    await tx.delete(rentMonthDues).where(eq(rentMonthDues.tenantId, tenantId));
    await tx.delete(rentMonthCollections).where(eq(rentMonthCollections.tenantId, tenantId));
    await tx.execute(sql`
      insert into rent_month_dues (tenant_id, month, city_id, scheduled, due, overdue, orders)
      select ${tenantId}, to_char(r.due_date, 'YYYY-MM'), coalesce(r.city_id, 0),
        coalesce(sum(r.amount) filter (where r.kind = 1), 0), sum(r.amount + r.late_fee),
        coalesce(sum(r.amount + r.late_fee - r.received - r.relieved) filter (where r.status = 3), 0),
        count(distinct r.order_id) filter (where r.kind = 1)
      from order_receivables r
      where r.tenant_id = ${tenantId} and r.status <> 5
      group by 2, 3`);
    await tx.execute(sql`
      insert into rent_month_collections (tenant_id, month, city_id, channel, collected)
      select ${tenantId}, to_char(p.paid_on, 'YYYY-MM'), coalesce(r.city_id, 0), p.channel, sum(a.amount)
      from payment_allocations a
      join payments p on p.id = a.payment_id
      join order_receivables r on r.id = a.receivable_id
      where a.tenant_id = ${tenantId} and not a.reversed
      group by 2, 3, 4`);
    await tx
      .insert(rentTrendRefreshes)
      .values({ tenantId, refreshedAt: new Date() })
      .onConflictDoUpdate({ target: rentTrendRefreshes.tenantId, set: { refreshedAt: new Date() } });
  });
}

/** The range asked, or the twelve months to this one. */
function rangeOf(query: { months?: [string, string] | undefined }): [string, string] {
  if (query.months) return query.months;
  const to = beijingDay(new Date()).slice(0, 7);
  return [monthsBetween('2000-01', to).slice(-12)[0] as string, to];
}

async function asOf(db: Executor, tenantId: number): Promise<string | null> {
  const [row] = await db
    .select({ at: rentTrendRefreshes.refreshedAt })
    .from(rentTrendRefreshes)
    .where(eq(rentTrendRefreshes.tenantId, tenantId));
  return row?.at.toISOString() ?? null;
}

type TrendFilters = {
  months?: [string, string] | undefined;
  cityId?: string | undefined;
  channel?: number[] | undefined;
};

/** 静态租金趋势: rent scheduled and everything due, per month. */
async function staticTrend(db: Db, tenantId: number, query: TrendFilters): Promise<StaticRentTrend> {
  const [from, to] = rangeOf(query);
  const rows = await db
    .select({
      month: rentMonthDues.month,
      scheduled: sql<string>`sum(${rentMonthDues.scheduled})::text`,
      due: sql<string>`sum(${rentMonthDues.due})::text`,
      orders: sql<number>`sum(${rentMonthDues.orders})::int`,
    })
    .from(rentMonthDues)
    .where(
      and(
        eq(rentMonthDues.tenantId, tenantId),
        sql`${rentMonthDues.month} between ${from} and ${to}`,
        query.cityId ? eq(rentMonthDues.cityId, Number(query.cityId)) : undefined,
      ),
    )
    .groupBy(rentMonthDues.month);
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return {
    from,
    to,
    months: monthsBetween(from, to).map((month) => {
      const row = byMonth.get(month);
      return { month, scheduled: Number(row?.scheduled ?? 0), due: Number(row?.due ?? 0), orders: row?.orders ?? 0 };
    }),
    asOf: await asOf(db, tenantId),
  };
}

/** 动态租金趋势: collected against due per month, and the range by city and by channel. */
async function dynamicTrend(db: Db, tenantId: number, query: TrendFilters): Promise<DynamicRentTrend> {
  const [from, to] = rangeOf(query);
  const city = query.cityId ? sql`and city_id = ${Number(query.cityId)}` : sql``;
  const channel = query.channel?.length ? sql`and channel = any(${`{${query.channel.join(',')}}`}::smallint[])` : sql``;
  const dues = rowsOf<{ month: string; city_id: string; due: string; overdue: string }>(
    await db.execute(sql`select month, city_id::text, sum(due)::text as due, sum(overdue)::text as overdue
      from rent_month_dues where tenant_id = ${tenantId} and month between ${from} and ${to} ${city}
      group by month, city_id`),
  );
  const collections = rowsOf<{ month: string; city_id: string; channel: number; collected: string }>(
    await db.execute(sql`select month, city_id::text, channel, sum(collected)::text as collected
      from rent_month_collections where tenant_id = ${tenantId} and month between ${from} and ${to} ${city} ${channel}
      group by month, city_id, channel`),
  );
  const sum = <T>(rows: readonly T[], key: (row: T) => string, value: (row: T) => number) => {
    const out = new Map<string, number>();
    for (const row of rows) out.set(key(row), (out.get(key(row)) ?? 0) + value(row));
    return out;
  };
  const dueByMonth = sum(
    dues,
    (row) => row.month,
    (row) => Number(row.due),
  );
  const overdueByMonth = sum(
    dues,
    (row) => row.month,
    (row) => Number(row.overdue),
  );
  const collectedByMonth = sum(
    collections,
    (row) => row.month,
    (row) => Number(row.collected),
  );
  const dueByCity = sum(
    dues,
    (row) => row.city_id,
    (row) => Number(row.due),
  );
  const collectedByCity = sum(
    collections,
    (row) => row.city_id,
    (row) => Number(row.collected),
  );
  const cityIds = [...new Set([...dueByCity.keys(), ...collectedByCity.keys()])].filter((id) => id !== '0');
  const names = new Map(
    cityIds.length
      ? (
          await db
            .select({ id: cities.id, name: cities.name })
            .from(cities)
            .where(inArray(cities.id, cityIds.map(Number)))
        ).map((row) => [String(row.id), row.name])
      : [],
  );
  const collectedByChannel = sum(
    collections,
    (row) => String(row.channel),
    (row) => Number(row.collected),
  );
  return {
    from,
    to,
    months: monthsBetween(from, to).map((month) => {
      const due = dueByMonth.get(month) ?? 0;
      const collected = collectedByMonth.get(month) ?? 0;
      return { month, due, collected, overdue: overdueByMonth.get(month) ?? 0, rate: due ? collected / due : null };
    }),
    byCity: [...new Set([...dueByCity.keys(), ...collectedByCity.keys()])]
      .map((key) => ({
        key,
        name: key === '0' ? '未知城市' : (names.get(key) ?? `#${key}`),
        due: dueByCity.get(key) ?? 0,
        collected: collectedByCity.get(key) ?? 0,
      }))
      .sort((a, b) => b.due - a.due),
    byChannel: [...collectedByChannel.entries()]
      .map(([key, collected]) => ({ key, name: paymentChannel.label(Number(key)), due: 0, collected }))
      .sort((a, b) => b.collected - a.collected),
    asOf: await asOf(db, tenantId),
  };
}

const menuOf = (key: string) => routesByKey.get(key)?.menuKey ?? key;

/** The two trend pages' data: each behind its page's menu. */
export const rentTrendRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/rent-trends/static',
    {
      config: { access: access.permission(menuOf('staticRentTrend')) },
      schema: {
        summary: '静态租金趋势：按月的计划租金与应收总额',
        description: '月份范围缺省为最近12个月，至多36个月；数据为每小时汇总一次的结果（asOf）。',
        tags: ['租金趋势'],
        querystring: rentTrendQuery,
        response: { 200: envelope(staticRentTrend) },
      },
    },
    async (request) => ok(await staticTrend(db, sessionOf(request).tenantId, request.query)),
  );
  app.get(
    '/api/rent-trends/dynamic',
    {
      config: { access: access.permission(menuOf('dynamicRentTrend')) },
      schema: {
        summary: '动态租金趋势：按月的应收与实收、收款率，及按城市、按收款渠道的合计',
        description: '应收按应收日期所在月，实收按到账日期所在月；数据为每小时汇总一次的结果（asOf）。',
        tags: ['租金趋势'],
        querystring: rentTrendQuery,
        response: { 200: envelope(dynamicRentTrend) },
      },
    },
    async (request) => ok(await dynamicTrend(db, sessionOf(request).tenantId, request.query)),
  );
};

/** 静态租金趋势 → 导出: the months the page shows. */
export const staticTrendExport = defineExport({
  name: '静态租金趋势',
  permission: 'staticRentTrend:export',
  filters: rentTrendQuery,
  columns: [
    column.text<StaticRentTrend['months'][number]>('月份', (row) => row.month, 10),
    column.money<StaticRentTrend['months'][number]>('计划租金', (row) => row.scheduled),
    column.money<StaticRentTrend['months'][number]>('应收总额', (row) => row.due),
    column.number<StaticRentTrend['months'][number]>('在租订单数', (row) => row.orders),
  ],
  async *rows(db, scope) {
    yield (await staticTrend(db, scope.tenantId, scope.filters as TrendFilters)).months;
  },
});

/** 动态租金趋势 → 导出: the months the page shows, with the rate. */
export const dynamicTrendExport = defineExport({
  name: '动态租金趋势',
  permission: 'dynamicRentTrend:export',
  filters: rentTrendQuery,
  columns: [
    column.text<DynamicRentTrend['months'][number]>('月份', (row) => row.month, 10),
    column.money<DynamicRentTrend['months'][number]>('应收', (row) => row.due),
    column.money<DynamicRentTrend['months'][number]>('实收', (row) => row.collected),
    column.text<DynamicRentTrend['months'][number]>(
      '收款率',
      (row) => (row.rate === null ? '' : `${(row.rate * 100).toFixed(1)}%`),
      10,
    ),
    column.money<DynamicRentTrend['months'][number]>('逾期未收', (row) => row.overdue),
  ],
  async *rows(db, scope) {
    yield (await dynamicTrend(db, scope.tenantId, scope.filters as TrendFilters)).months;
  },
});
