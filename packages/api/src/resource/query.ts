import { type FieldDef, type Resource, type SortExpression, searchTotalCap, totalCap } from '@cp/contracts';
import {
  and,
  asc,
  between,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  like,
  lt,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** What a list filters and sorts on by field name: a table's columns, a parent's, or computed SQL. */
export type Columns = Record<string, PgColumn | SQL>;

/** `%` `_` and `\` in a user's search text are literal characters, not patterns. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Columns stored in capitals with a trigram index for searches of three characters or more and a
 * short-gram index (migration 0006) for one or two, which trigrams cannot serve. Declared by the tables
 * that built those indexes (`capitalsSearch(vehicles.plateNo)`).
 */
const capitalColumns = new WeakSet<PgColumn>();

export function capitalsSearch(...columns: PgColumn[]): void {
  for (const column of columns) capitalColumns.add(column);
}

/**
 * A one- or two-character piece of a capitals column: its short-gram index finds the rows, and `strpos`
 * says the same of a row cheaply. A list walking its order (a common surname's matches are soon found that
 * way) tests each row it passes: `strpos` first, the costly `short_grams()` only for the rows that match.
 */
function shortPiece(column: PgColumn | SQL, piece: SQL | Placeholder | string): SQL {
  return sql`(short_grams(${column}) @> array[${piece}]::text[] and strpos(${column}, ${piece}) > 0)`;
}

/** A contains-search of `text` in a column, using the column's indexes. */
export function contains(column: PgColumn | SQL, text: string): SQL {
  if (!capitalColumns.has(column as PgColumn)) return ilike(column, containsPattern(text));
  const capitals = text.toUpperCase();
  if ([...capitals].length <= 2) return shortPiece(column, capitals);
  return like(column, containsPattern(capitals));
}

/** The condition of one declared filter, or undefined when the query leaves it empty. */
export function filterCondition(def: FieldDef, operand: PgColumn | SQL, value: unknown): SQL | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  // drizzle's operators take columns and SQL alike; one type keeps the overloads quiet.
  const column = operand as PgColumn;
  switch (def.filter) {
    case 'like':
      return contains(column, String(value));
    case 'in': {
      const values = value as number[];
      return values.length === 1 ? eq(column, values[0]) : inArray(column, values);
    }
    case 'range': {
      const [from, to] = value as [string, string];
      if (def.kind !== 'datetime') return between(column, from, to);
      // Whole days in China time: from 00:00 of the first to 24:00 of the last.
      return and(
        gte(column, sql`(${from}::date)::timestamp at time zone 'Asia/Shanghai'`),
        lt(column, sql`(${to}::date + 1)::timestamp at time zone 'Asia/Shanghai'`),
      );
    }
    case 'eq':
      return eq(column, def.kind === 'ref' ? Number(value) : value);
    default:
      return undefined;
  }
}

/**
 * A declared sort's terms as SQL over the columns: a field, or `(status not in (0, 1, 3))` — false, the values
 * put first, sorts before true. The values are the declaration's numbers, written as literals so that the
 * table's index on the same expression (`sortIndexColumns`) serves the list.
 */
export function sortTerms(columns: Readonly<Record<string, unknown>>, expression: SortExpression): SQL[] {
  return expression.by.map((term) => {
    const column = columns[term.field] as PgColumn | undefined;
    if (!column) throw new Error(`sort term ${term.field} has no column`);
    if (!term.first) return sql`${column}`;
    const values = term.first.map((value) => {
      if (!Number.isSafeInteger(value)) throw new Error(`sort term ${term.field}: ${value} is not an integer`);
      return String(value);
    });
    return sql`(${column} not in (${sql.raw(values.join(', '))}))`;
  });
}

/**
 * The columns of the index serving a declared sort of a table: the tenant, the sort's terms, the id — as
 * `index(…).on(...sortIndexColumns(table, resource.sorts.owingFirst))` in the table's file.
 */
export function sortIndexColumns(table: { tenantId: PgColumn; id: PgColumn }, expression: SortExpression) {
  return [table.tenantId, ...sortTerms(table, expression), table.id] as const;
}

/**
 * A declared sort without the terms a list's filters make constant: 收款状态 filtered to 逾期 (or a screen
 * fixed to what still owes) leaves every row on one side of `first`, and the order is then the due date's —
 * which the filter's own index (city, status, due date) gives. `filters` are the query's (with a screen's fixed
 * ones) and the chosen status tab's values, by field.
 */
export function effectiveSort(
  expression: SortExpression,
  filters: readonly Readonly<Record<string, unknown>>[],
): SortExpression {
  const oneSided = (term: SortExpression['by'][number], raw: unknown) => {
    const values = (Array.isArray(raw) ? raw : raw === undefined || raw === null || raw === '' ? [] : [raw]).map(
      Number,
    );
    const first = values.map((value) => term.first?.includes(value) ?? false);
    return values.length > 0 && (first.every(Boolean) || first.every((inFirst) => !inFirst));
  };
  const by = expression.by.filter(
    (term) => !term.first || !filters.some((filter) => oneSided(term, filter[term.field])),
  );
  return by.length === expression.by.length ? expression : { ...expression, by };
}

/** Sort by a declared sortable field or a declared sort's terms, then by id so pages never overlap. */
export function listOrder(
  columns: Columns,
  id: PgColumn,
  sort: string,
  order: 'asc' | 'desc',
  expression?: SortExpression,
): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  if (expression) return [...sortTerms(columns, expression).map((term) => direction(term)), direction(id)];
  const column = (columns[sort] ?? id) as PgColumn;
  return column === id ? [direction(id)] : [direction(column), direction(id)];
}

/**
 * A list's filter as a prepared statement takes it: `shape` names which conditions are present and how each
 * one tests (a one-or-two-character plate search tests otherwise than a longer one), so that one shape is
 * one SQL text; `values` are this request's placeholder values; `where()` builds the conditions with
 * placeholders, and is called only when the statement of this shape is not built yet.
 */
export interface ListFilter {
  shape: string;
  values: Record<string, unknown>;
  where(): SQL | undefined;
  /**
   * Whether it holds a contains-search, whose best plan depends on the text: a common surname is found soonest
   * walking the list's order, a rare name through its index. Such statements are planned for their values
   * each time, not once for any value (`preparedStatement`'s `named: false`).
   */
  searches: boolean;
  /** Where its count stops: `searchTotalCap` for a contains-search, `totalCap` otherwise. */
  cap: number;
}

type Test = (column: PgColumn, slot: (suffix?: string) => Placeholder) => SQL | undefined;

/** How a filter tests its column with placeholders, and the values it needs; undefined when not applied. */
function preparedTest(
  def: FieldDef,
  column: PgColumn | SQL,
  value: unknown,
  put: (suffix: string, value: unknown) => void,
) {
  if (value === undefined || value === null || value === '') return undefined;
  switch (def.filter) {
    case 'like': {
      const text = String(value);
      if (!capitalColumns.has(column as PgColumn)) {
        put('', containsPattern(text));
        return ['ilike', (c, slot) => ilike(c, slot())] as [string, Test];
      }
      const capitals = text.toUpperCase();
      if ([...capitals].length <= 2) {
        put('', capitals);
        return ['grams', (c, slot) => shortPiece(c, slot())] as [string, Test];
      }
      put('', containsPattern(capitals));
      return ['like', (c, slot) => like(c, slot())] as [string, Test];
    }
    case 'in': {
      const values = value as unknown[];
      // One value is an equality: `= any($n)` keeps an index on (…, status, created_at) from giving the
      // list's order (a to-do list of 10,000 tasks was sorted whole for each page).
      if (values.length === 1) {
        put('', values[0]);
        return ['in1', (c, slot) => eq(c, slot())] as [string, Test];
      }
      // One statement for any number of values: `= any($n)` with an array, where `in ($n, $m…)` would make
      // a shape of each count.
      put('', values);
      return ['any', (c, slot) => sql`${c} = any(${slot()})`] as [string, Test];
    }
    case 'range': {
      const [from, to] = value as [string, string];
      put('From', from);
      put('To', to);
      if (def.kind !== 'datetime')
        return ['between', (c, slot) => between(c, slot('From'), slot('To'))] as [string, Test];
      const days: Test = (c, slot) =>
        and(
          gte(c, sql`(${slot('From')}::date)::timestamp at time zone 'Asia/Shanghai'`),
          lt(c, sql`(${slot('To')}::date + 1)::timestamp at time zone 'Asia/Shanghai'`),
        );
      return ['days', days] as [string, Test];
    }
    case 'eq':
      put('', def.kind === 'ref' ? Number(value) : value);
      return ['eq', (c, slot) => eq(c, slot())] as [string, Test];
    default:
      return undefined;
  }
}

/** A status tab's condition: the tab's field holds one of its values. */
export interface TabCondition {
  column: PgColumn | SQL;
  values: readonly number[];
}

/** The condition of a status tab, with its values in the statement. */
export function tabCondition(tab: TabCondition | undefined): SQL | undefined {
  return tab && inArray(tab.column as PgColumn, [...tab.values]);
}

const filterEntriesOf = new WeakMap<Resource, Resource['entries']>();

/** The fields of a resource that filter its lists, worked out once: a list request walks only these. */
function filterEntries(resource: Resource): Resource['entries'] {
  let entries = filterEntriesOf.get(resource);
  if (!entries) {
    entries = resource.entries.filter(([, def]) => def.filter);
    filterEntriesOf.set(resource, entries);
  }
  return entries;
}

/**
 * The where-clause of a list as a prepared statement takes it: `scope` (the tenant, with the `_tenant` placeholder, and what else
 * every row of the list must be), then each declared filter the query carries, as placeholders. A filter
 * that is not a column (`custom`) builds its condition with its value's placeholder. A status tab adds
 * its values (`_tab`) to those of its field's filter.
 */
export function listFilter(
  resource: Resource,
  columns: Columns,
  scope: () => SQL | undefined,
  tenantId: number,
  query: Readonly<Record<string, unknown>>,
  custom: Readonly<Record<string, (value: Placeholder) => SQL | undefined>> = {},
  tab?: TabCondition,
): ListFilter {
  const values: Record<string, unknown> = { _tenant: tenantId };
  const parts: string[] = [];
  const tests: (() => SQL | undefined)[] = [];
  if (tab) {
    // A tab of one value is an equality, as an `in` filter of one is: an index on (…, status, overdue_days)
    // then gives the list's order (逾期明细's 催收中 tab was sorted whole for each page).
    const [only, ...more] = tab.values;
    if (more.length === 0 && only !== undefined) {
      values._tab = only;
      parts.push('_tab1');
      tests.push(() => sql`${tab.column} = ${sql.placeholder('_tab')}`);
    } else {
      values._tab = [...tab.values];
      parts.push('_tab');
      tests.push(() => sql`${tab.column} = any(${sql.placeholder('_tab')})`);
    }
  }
  for (const [name, def] of filterEntries(resource)) {
    const value = query[name];
    const own = custom[name];
    if (own) {
      if (value === undefined || value === null || value === '') continue;
      values[name] = value;
      parts.push(`${name}:custom`);
      tests.push(() => own(sql.placeholder(name)));
      continue;
    }
    const column = columns[name];
    if (!column) continue;
    const applied = preparedTest(def, column, value, (suffix, v) => {
      values[`${name}${suffix}`] = v;
    });
    if (!applied) continue;
    const [how, test] = applied;
    parts.push(`${name}:${how}`);
    tests.push(() => test(column as PgColumn, (suffix = '') => sql.placeholder(`${name}${suffix}`)));
  }
  const searches = parts.some((part) => /:(ilike|like|grams)$/.test(part));
  const where = () => and(scope(), ...tests.map((test) => test()));
  return { shape: parts.join(','), values, where, searches, cap: searches ? searchTotalCap : totalCap };
}
