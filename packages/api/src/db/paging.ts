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
 * Counts matches up to the cap only: past it the pager shows "10000+" instead of paying for an exact
 * count over millions of rows on every page.
 */
export async function cappedCount(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const matches = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(totalCap + 1);
  const query = matches.toSQL();
  const key = `${query.sql}|${JSON.stringify(query.params)}`;
  const remembered = cappedFilters.get(key);
  if (remembered !== undefined && remembered > Date.now()) return totalCap + 1;
  const [row] = await db.select({ n: count() }).from(matches.as('matches'));
  const n = Number(row?.n ?? 0);
  if (n > totalCap) {
    if (cappedFilters.size >= cappedMaxEntries) cappedFilters.clear();
    cappedFilters.set(key, Date.now() + cappedTtlMs);
  } else {
    cappedFilters.delete(key);
  }
  return n;
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
