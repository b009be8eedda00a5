import { chosenTab, type ListQuery, type PageResult, type Screen } from '@cp/contracts';
import { and, count, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { entityHistory, withHistoryNames } from '../audit/history';
import type { Db, Executor } from '../db';
import { type Cells, cellsOf } from '../db/cells';
import { filterKey, paginate, preparedStatement, rememberedCount } from '../db/paging';
import { perDatabase } from '../db/perDatabase';
import { notFound } from '../http/errors';
import { nameBook } from '../lookups/registry';
import { type PageReader, pageReader, unmasked } from './dto';
import type { Row, ServerResource } from './family';
import { namedRefs, present, searchedRefs, withSearchedNames } from './names';
import {
  type Columns,
  effectiveSort,
  filterCondition,
  type ListFilter,
  listFilter,
  listOrder,
  type TabCondition,
  tabCondition,
} from './query';

export type { ListQuery };

/** The family's rows of the tenant: not deleted, in its slice of a shared table. */
export function scope(family: ServerResource, tenantId: number): SQL | undefined {
  return and(eq(family.table.tenantId, tenantId), family.rowScope);
}

/** The rows a unique index of the table covers: the tenant's kept rows of every slice. */
export function uniqueScope(family: ServerResource, tenantId: number): SQL | undefined {
  return and(eq(family.table.tenantId, tenantId), family.notDeleted);
}

/** The main screen of a family: the list on its own page. */
function mainScreen(family: ServerResource): Screen | undefined {
  return family.screens.find((screen) => screen.main);
}

/** The values the status tab a query names (or the screen's first) keeps to; none on a screen without tabs. */
function tabOf(family: ServerResource, screen: Screen | undefined, query: Readonly<Row>): TabCondition | undefined {
  const tabs = screen?.tabs;
  if (!tabs) return undefined;
  const { values } = chosenTab(tabs, query.tab);
  const column = family.columns[tabs.field];
  return values && column ? { column, values } : undefined;
}

const selections = new WeakMap<Screen, Columns>();

/**
 * The columns a screen's page reads: id, version and what travels with every row, the lifecycle's state
 * (its rows' actions follow it) and the screen's columns — a column the resource does not list by default
 * (GPS管理's GPS设备号) too.
 */
export function screenSelection(family: ServerResource, screen: Screen): Columns {
  let selection = selections.get(screen);
  if (!selection) {
    const state = family.resource.lifecycle?.field;
    const names = [
      'id',
      ...(family.hasVersion ? ['version'] : []),
      ...family.passThrough,
      ...(state ? [state] : []),
      ...screen.columns,
    ];
    selection = Object.fromEntries(
      names.flatMap((name) => (family.columns[name] ? [[name, family.columns[name]]] : [])),
    ) as Columns;
    selections.set(screen, selection);
  }
  return selection;
}

/**
 * The where-clause of a query: the tenant, not deleted, each declared filter it carries and, on a screen
 * with status tabs, its tab.
 */
export function whereOf(
  family: ServerResource,
  tenantId: number,
  query: Readonly<Row>,
  screen?: Screen,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [scope(family, tenantId), tabCondition(tabOf(family, screen, query))];
  for (const [name, def] of family.resource.entries) {
    if (!def.filter) continue;
    const value = query[name];
    const custom = family.filters?.[name];
    const column = family.columns[name];
    if (custom) conditions.push(value === undefined || value === null || value === '' ? undefined : custom(value));
    else if (column) conditions.push(filterCondition(def, column, value));
  }
  return and(...conditions);
}

/** The rows of a selection, with the parent joined when the family has one. */
function from(db: Executor, family: ServerResource, selection: Columns) {
  const query = db.select(selection as Record<string, PgColumn>).from(family.table);
  const { parent } = family;
  return parent ? query.innerJoin(parent.table, eq(parent.id, parent.via)) : query;
}

/** Whether the query filters on a parent column: only then does the count need the join. */
export function filtersParent(family: ServerResource, query: Readonly<Row>): boolean {
  const parentColumns = family.parent?.columns ?? {};
  return family.resource.filters.some((name) => name in parentColumns && (query[name] ?? '') !== '');
}

/** A page statement: its DTOs (named) straight from the driver's cells, or drizzle's rows for `present`. */
type PageStatement =
  | { fromDriver: true; cells(values: Row): Promise<Cells[]>; read: PageReader; searched: boolean }
  | { fromDriver: false; rows(values: Row): Promise<Row[]> };
type CountStatement = { execute(values: Row): Promise<{ n: number }[]> };

/** A page's DTOs from its cells, named from the book; a book lacking an id is read again once. */
async function readPage(
  db: Db,
  tenantId: number,
  family: ServerResource,
  page: PageStatement & { fromDriver: true },
  values: Row,
) {
  const [cells, book] = await Promise.all([page.cells(values), nameBook(db, tenantId)]);
  let { dtos, complete } = page.read(cells, book);
  if (!complete) ({ dtos } = page.read(cells, await nameBook(db, tenantId, () => false)));
  if (page.searched && dtos.length > 0) await withSearchedNames(db, tenantId, family, dtos, dtos);
  return dtos;
}

/**
 * A list's filter on a screen, as its statements take it: the tenant, the query's filters, the screen's tab
 * (`withTab: false`: every tab's rows).
 */
export function screenFilter(
  family: ServerResource,
  screen: Screen | undefined,
  tenantId: number,
  query: Readonly<Row>,
  withTab = true,
) {
  const scopeOf = () => and(eq(family.table.tenantId, sql.placeholder('_tenant')), family.rowScope);
  const tab = withTab ? tabOf(family, screen, query) : undefined;
  return listFilter(family.resource, family.columns, scopeOf, tenantId, query, family.filters, tab);
}

/**
 * How many rows a filter matches, at most its cap + 1 (remembered by the filter when past the cap), as a
 * statement built once per filter shape.
 */
export function cappedTotal(
  db: Db,
  family: ServerResource,
  tenantId: number,
  query: Readonly<Row>,
  filter: ListFilter,
) {
  return rememberedCount(
    filterKey(family.resource.key, tenantId, query),
    countOf(db, family, query, filter),
    filter.cap,
  );
}

/** The capped count of a filter, as a statement built once per filter shape. */
function countOf(db: Db, family: ServerResource, query: Readonly<Row>, filter: ListFilter): () => Promise<number> {
  const { resource, table, parent } = family;
  const joined = parent !== undefined && filtersParent(family, query);
  const counting = preparedStatement<CountStatement>(
    db,
    `${resource.key}|count|${filter.shape}|${joined}`,
    (name) => {
      const matches = db.select({ one: sql`1` }).from(table);
      const scoped = (joined && parent ? matches.innerJoin(parent.table, eq(parent.id, parent.via)) : matches)
        .where(filter.where())
        .limit(filter.cap + 1);
      return db
        .select({ n: count() })
        .from(scoped.as('matches'))
        .prepare(name as string) as unknown as CountStatement;
    },
    { named: !filter.searches },
  );
  return async () => Number((await counting.execute(filter.values))[0]?.n ?? 0);
}

/**
 * A page of a screen's list (the family's own by default): the rows the filters (and the chosen tab) match
 * in the declared order, reading only the screen's columns, with a count capped at 10 000 — 1 000 for a search — (remembered by
 * the filter, so paging through a large match does not count again). Both run as statements built once
 * per filter shape and order, their values as placeholders: on PostgreSQL each pooled connection parses
 * them once.
 */
export async function listRows(
  db: Db,
  family: ServerResource,
  tenantId: number,
  query: ListQuery,
  screen: Screen | undefined = mainScreen(family),
): Promise<PageResult<Row>> {
  const key = `${family.resource.key}|${screen?.key}|${tenantId}|${JSON.stringify(query)}`;
  const plans = listPlans(db);
  let plan = plans.get(key);
  if (!plan) {
    plan = listPlan(db, family, tenantId, query, screen);
    if (plans.size >= maxListPlans) plans.clear();
    plans.set(key, plan);
  }
  const { page, values, total, cap } = plan;
  return paginate(
    query,
    async () => {
      const sent = page.fromDriver
        ? await readPage(db, tenantId, family, page, values)
        : await present(db, tenantId, family, await page.rows(values));
      if (family.pageExtras && sent.length > 0) await family.pageExtras(db, tenantId, sent);
      return sent;
    },
    total,
    cap,
  );
}

/**
 * What a list request runs, worked out once per list, tenant and query (its filters, page and order) and
 * then looked up: the page statement, its placeholder values, the capped count. Nothing in it depends on
 * the time or on rows, so a page asked again (a refresh, several users on one list) costs a Map lookup
 * before its query.
 */
interface ListPlan {
  page: PageStatement;
  values: Row;
  total: () => Promise<number>;
  cap: number;
}

const listPlans = perDatabase<string, ListPlan>();
const maxListPlans = 2_000;

function listPlan(
  db: Db,
  family: ServerResource,
  tenantId: number,
  query: ListQuery,
  screen: Screen | undefined,
): ListPlan {
  const { resource, table } = family;
  const filter = screenFilter(family, screen, tenantId, query);
  const selection = screen ? screenSelection(family, screen) : family.detailSelection;
  const declared = resource.sorts?.[query.sort];
  const tabs = screen?.tabs;
  const tabValues = tabs ? { [tabs.field]: chosenTab(tabs, query.tab).values } : {};
  const sorting = declared && effectiveSort(declared, [query, tabValues]);
  const terms = sorting ? `|${sorting.by.map((term) => term.field).join(',')}` : '';
  const page = preparedStatement<PageStatement>(
    db,
    `${resource.key}|${screen?.key}|page|${filter.shape}|${query.sort}|${query.order}${terms}`,
    (name) => {
      const statement = from(db, family, selection)
        .where(filter.where())
        .orderBy(...listOrder(family.columns, table.id, query.sort, query.order, sorting))
        .limit(sql.placeholder('_limit'))
        .offset(sql.placeholder('_offset'))
        .prepare(name as string);
      const read = pageReader(resource, selection, family.passThrough, namedRefs(family));
      const cells = cellsOf(statement);
      const searched = searchedRefs(family).some(({ field }) => field in selection);
      return read && cells
        ? { fromDriver: true, cells, read, searched }
        : { fromDriver: false, rows: async (values: Row) => (await statement.execute(values)) as Row[] };
    },
    { named: !filter.searches },
  );
  // The page `paginate` reads: the same limit and offset.
  const values = { ...filter.values, _limit: query.limit, _offset: (query.page - 1) * query.limit };
  const counting = countOf(db, family, query, filter);
  const remembered = filterKey(resource.key, tenantId, query);
  return {
    page,
    values,
    total: () => rememberedCount(remembered, counting, filter.cap),
    cap: filter.cap,
  };
}

/** A whole row of the tenant (own columns, parent's, computed and links), or undefined. */
export async function readRow(db: Executor, family: ServerResource, tenantId: number, id: number, lock = false) {
  const query = from(db, family, family.detailSelection).where(and(eq(family.table.id, id), scope(family, tenantId)));
  const [row] = await (lock ? query.for('update', { of: family.table }) : query);
  return row as Row | undefined;
}

/** Whole rows of the tenant by id (own columns, parent's, computed and links), in no particular order. */
export async function readRows(db: Executor, family: ServerResource, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const where = and(inArray(family.table.id, [...ids]), scope(family, tenantId));
  return (await from(db, family, family.detailSelection).where(where)) as Row[];
}

/** One row for the detail page and the edit form, with its files' names; 404 for another tenant's. */
export async function getRow(db: Db, family: ServerResource, tenantId: number, id: number): Promise<Row> {
  const row = await readRow(db, family, tenantId, id);
  if (!row) throw notFound(family.resource.title);
  const [dto] = await present(db, tenantId, family, [row], true);
  return dto as Row;
}

/** The change history of a row of the tenant, newest first, naming what its references and files were. */
export async function rowHistory(db: Db, family: ServerResource, tenantId: number, id: number) {
  const [row] = await db
    .select({ id: family.table.id })
    .from(family.table)
    .where(and(eq(family.table.id, id), eq(family.table.tenantId, tenantId), family.sliceWhere));
  if (!row) throw notFound(family.resource.title);
  const entries = await entityHistory(db, tenantId, family.resource.key, String(id));
  return withHistoryNames(db, tenantId, family.resource, entries);
}

/** A batch of whole rows, newest first, below `beforeId`: what an export of a screen (and its tab) writes. */
export async function exportBatch(
  db: Db,
  family: ServerResource,
  tenantId: number,
  filters: Readonly<Row>,
  beforeId: number | null,
  limit: number,
  screen?: Screen,
  /** The requester holds the page's `…:viewSensitive`: sensitive fields whole. */
  whole = false,
) {
  const where = and(
    whereOf(family, tenantId, filters, screen),
    beforeId === null ? undefined : lt(family.table.id, beforeId),
  );
  const rows = (await from(db, family, family.detailSelection)
    .where(where)
    .orderBy(listOrder(family.columns, family.table.id, 'id', 'desc')[0] as SQL)
    .limit(limit)) as Row[];
  const dtos = await present(db, tenantId, family, rows);
  return dtos.map((dto, index) => {
    const row = rows[index] as Row;
    return { ...(whole ? unmasked(family.resource, dto, row) : dto), id: Number(row.id) };
  });
}
