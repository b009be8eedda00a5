import type { Screen, TabCount } from '@cp/contracts';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { filterKey, preparedStatement, rememberedCount } from '../db/paging';
import type { Row, ServerResource } from './family';
import { cappedTotal, filtersParent, screenFilter } from './read';

type ValueCounts = { execute(values: Row): Promise<{ value: unknown; n: number }[]> };

/**
 * How many of the filter's matches hold each value of the tabs' field, in one pass over at most its cap + 1
 * of them; undefined when they are more (or were a moment ago): then no tab's count can be read from the pass.
 */
async function countsByValue(
  db: Db,
  family: ServerResource,
  screen: Screen,
  tenantId: number,
  filters: Readonly<Row>,
): Promise<Map<number, number> | undefined> {
  const { resource, table, parent } = family;
  const column = family.columns[screen.tabs?.field ?? ''];
  if (!column) return undefined;
  const filter = screenFilter(family, screen, tenantId, filters, false);
  const joined = parent !== undefined && filtersParent(family, filters);
  const grouped = preparedStatement<ValueCounts>(
    db,
    `${resource.key}|${screen.key}|tab-values|${filter.shape}|${joined}`,
    (name) => {
      const matches = db.select({ value: sql`${column}`.as('tab_value') }).from(table);
      const scoped = (joined && parent ? matches.innerJoin(parent.table, eq(parent.id, parent.via)) : matches)
        .where(filter.where())
        .limit(filter.cap + 1)
        .as('matches');
      return db
        .select({ value: scoped.value, n: count() })
        .from(scoped)
        .groupBy(scoped.value)
        .prepare(name as string) as unknown as ValueCounts;
    },
    { named: !filter.searches },
  );
  let counts: Map<number, number> | undefined;
  await rememberedCount(
    filterKey(`${resource.key}|${screen.key}|every tab`, tenantId, filters),
    async () => {
      const rows = await grouped.execute(filter.values);
      const total = rows.reduce((sum, row) => sum + Number(row.n), 0);
      if (total <= filter.cap) counts = new Map(rows.map((row) => [Number(row.value), Number(row.n)]));
      return total;
    },
    filter.cap,
  );
  return counts;
}

/**
 * The count of each status tab of a screen for the same filters, capped like a list's total: what the
 * tabs above the table show, in one answer. Where the filters match at most the cap, one pass
 * counts every tab; past that each tab is a capped count of its own, never an uncapped `group by`.
 */
export async function tabCounts(
  db: Db,
  family: ServerResource,
  screen: Screen,
  tenantId: number,
  filters: Readonly<Row>,
): Promise<TabCount[]> {
  const items = screen.tabs?.items ?? [];
  const byValue = await countsByValue(db, family, screen, tenantId, filters);
  if (byValue) {
    const all = [...byValue.values()].reduce((sum, n) => sum + n, 0);
    return items.map(({ key, values }) => ({
      key,
      total: values ? values.reduce((sum, value) => sum + (byValue.get(value) ?? 0), 0) : all,
      totalExact: true,
    }));
  }
  return Promise.all(
    items.map(async ({ key }) => {
      const query = { ...filters, tab: key };
      const filter = screenFilter(family, screen, tenantId, query);
      const counted = await cappedTotal(db, family, tenantId, query, filter);
      return { key, total: Math.min(counted, filter.cap), totalExact: counted <= filter.cap };
    }),
  );
}
