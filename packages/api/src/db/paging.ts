import { type PageQuery, type PageResult, totalCap } from '@cp/contracts';
import { count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './index';

/**
 * Counts matches up to the cap only: past it the pager shows "10000+" instead of paying for an exact
 * count over millions of rows on every page.
 */
export async function cappedCount(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const matches = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(totalCap + 1)
    .as('matches');
  const [row] = await db.select({ n: count() }).from(matches);
  return Number(row?.n ?? 0);
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
