import { type PageQuery, type PageResult, totalCap } from '@cp/contracts';
import { count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Executor } from './index';
import { perDatabase } from './perDatabase';

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
  return rememberedCount(key ?? sqlKey(matches.toSQL()), async () => {
    const [row] = await db.select({ n: count() }).from(matches.as('matches'));
    return Number(row?.n ?? 0);
  });
}

/**
 * A count capped at `cap` run by `counting`, unless `rememberedAs` (a `filterKey`) was past the cap a moment
 * ago.
 */
export async function rememberedCount(
  rememberedAs: string,
  counting: () => Promise<number>,
  cap = totalCap,
): Promise<number> {
  const remembered = cappedFilters.get(rememberedAs);
  if (remembered !== undefined && remembered > Date.now()) return cap + 1;
  const large = largeCounts.get(rememberedAs);
  if (large !== undefined && large.until > Date.now()) return large.n;
  const n = await counting();
  if (n > cap) {
    if (cappedFilters.size >= cappedMaxEntries) cappedFilters.clear();
    cappedFilters.set(rememberedAs, Date.now() + cappedTtlMs);
  } else {
    cappedFilters.delete(rememberedAs);
    if (n >= largeCountFrom) {
      if (largeCounts.size >= cappedMaxEntries) largeCounts.clear();
      largeCounts.set(rememberedAs, { n, until: Date.now() + largeTtlMs });
    }
  }
  return n;
}

/**
 * Exact counts of thousands of rows, remembered a few seconds: a to-do list of 10,000 tasks counted its
 * index on every page. Any write through the kit in this process forgets them (a decided task is gone from
 * the next count at once); another process's write shows within `largeTtlMs`.
 */
const largeCounts = new Map<string, { n: number; until: number }>();
const largeCountFrom = 1_000;
const largeTtlMs = 10_000;

/** Forgets the remembered exact counts: called after every write of the kit. */
export function forgetLargeCounts(): void {
  largeCounts.clear();
}

/**
 * Statement names by key, for the whole process: a PostgreSQL connection keeps a named statement for as
 * long as it lives and refuses the name for another text, so a name, once given, always means the same
 * SQL. Past `maxNamed` keys statements are still built once but run unnamed (parsed on every run).
 */
const statementNames = new Map<string, string>();
const maxNamed = 2_000;
const preparedOf = perDatabase<string, unknown>();

/**
 * The statement for `key` on this database, built by `build` on first use and kept. `key` must fix the
 * SQL text: a list's name, the shape of its filter (`listFilter`), its order. On PostgreSQL it runs as a
 * named prepared statement, so each pooled connection parses it once and PostgreSQL may keep its plan —
 * one plan for every value, after a few runs. `named: false` builds it unnamed: parsed and planned for its
 * values on every run, for a statement whose best plan depends on them (a contains-search).
 */
export function preparedStatement<S>(
  db: Db,
  key: string,
  build: (name: string | undefined) => S,
  { named = true }: { named?: boolean } = {},
): S {
  const statements = preparedOf(db);
  let statement = statements.get(key) as S | undefined;
  if (!statement) {
    let name = named ? statementNames.get(key) : undefined;
    if (named && !name && statementNames.size < maxNamed) {
      name = `list_${statementNames.size + 1}`;
      statementNames.set(key, name);
    }
    statement = build(name);
    if (statements.size >= maxNamed) statements.clear();
    statements.set(key, statement);
  }
  return statement;
}

function sqlKey(query: { sql: string; params: unknown[] }): string {
  return `${query.sql}|${JSON.stringify(query.params)}`;
}

/**
 * The page, then the capped count — unless the page itself says how many there are: a page shorter than the
 * limit is the last one, so the matches are the rows before it and on it (a search by a mobile's last digits
 * or an ID number counts nothing).
 */
export async function paginate<T>(
  query: PageQuery,
  rows: (limit: number, offset: number) => Promise<T[]>,
  total: () => Promise<number>,
  cap = totalCap,
): Promise<PageResult<T>> {
  const offset = (query.page - 1) * query.limit;
  const list = await rows(query.limit, offset);
  const last = list.length < query.limit && (list.length > 0 || offset === 0);
  const counted = last ? offset + list.length : await total();
  return {
    list,
    total: Math.min(counted, cap),
    totalExact: counted <= cap,
    page: query.page,
    limit: query.limit,
  };
}
