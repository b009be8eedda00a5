import { type PageQuery, type PageResult, totalCap } from '@cp/contracts';
import { count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './index';

/**
 * Filters whose matches reached the cap, remembered briefly: their answer is "10000+" whatever the exact
 * number, so it is the one count worth not repeating while a user pages through a large list.
 */
const cappedFilters = new Map<string, number>();
const cappedTtlMs = 30_000;
const cappedMaxEntries = 1_000;

/**
 * The part of a list query that decides which rows match, not which page of them nor their order: with the
 * list's name and the tenant, what `cappedCount` remembers a large filter by.
 */
export function filterKey(list: string, tenantId: number, query: Record<string, unknown>): string {
  const { page: _page, limit: _limit, offset: _offset, sort: _sort, order: _order, ...filters } = query;
  return `${list}|${tenantId}|${JSON.stringify(filters)}`;
}

/**
 * Counts matches up to the cap only: past it the pager shows "10000+" instead of paying for an exact
 * count over millions of rows on every page. `key` names the filter when the caller can (`filterKey`): a
 * remembered cap is then found without building the count query, which otherwise costs about as much CPU
 * as a remembered answer saves. Without a key the query's SQL and parameters are the key.
 */
export async function cappedCount(db: Executor, table: PgTable, where: SQL | undefined, key?: string): Promise<number> {
  const matches = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(totalCap + 1);
  const rememberedAs = key ?? sqlKey(matches.toSQL());
  const remembered = cappedFilters.get(rememberedAs);
  if (remembered !== undefined && remembered > Date.now()) return totalCap + 1;
  const [row] = await db.select({ n: count() }).from(matches.as('matches'));
  const n = Number(row?.n ?? 0);
  if (n > totalCap) {
    if (cappedFilters.size >= cappedMaxEntries) cappedFilters.clear();
    cappedFilters.set(rememberedAs, Date.now() + cappedTtlMs);
  } else {
    cappedFilters.delete(rememberedAs);
  }
  return n;
}

function sqlKey(query: { sql: string; params: unknown[] }): string {
  return `${query.sql}|${JSON.stringify(query.params)}`;
}

/** Runs the page query and the capped count together. */
export async function paginate<T>(
  query: PageQuery,
  rows: (limit: number, offset: number) => Promise<T[]>,
  total: () => Promise<number>,
): Promise<PageResult<T>> {
  const [list, counted] = await Promise.all([rows(query.limit, (query.page - 1) * query.limit), total()]);
  return {
    list,
    total: Math.min(counted, totalCap),
    totalExact: counted <= totalCap,
    page: query.page,
    limit: query.limit,
  };
}
