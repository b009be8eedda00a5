import type { FieldDef, Resource } from '@cp/contracts';
import { and, asc, between, desc, eq, gte, ilike, inArray, like, lt, type SQL, sql } from 'drizzle-orm';
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

/** A contains-search of `text` in a column, using the column's indexes. */
export function contains(column: PgColumn | SQL, text: string): SQL {
  if (!capitalColumns.has(column as PgColumn)) return ilike(column, containsPattern(text));
  const capitals = text.toUpperCase();
  if ([...capitals].length <= 2) return sql`short_grams(${column}) @> array[${capitals}]::text[]`;
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
    case 'in':
      return inArray(column, value as number[]);
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

/** The where-clause of a list: the tenant first, then each declared filter the query carries. */
export function listWhere(
  resource: Resource,
  columns: Columns,
  tenant: SQL,
  query: Readonly<Record<string, unknown>>,
  extra: (SQL | undefined)[] = [],
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [tenant, ...extra];
  for (const [name, def] of resource.entries) {
    const column = columns[name];
    if (def.filter && column) conditions.push(filterCondition(def, column, query[name]));
  }
  return and(...conditions);
}

/** Sort by a declared sortable field, then by id so pages never overlap. */
export function listOrder(columns: Columns, id: PgColumn, sort: string, order: 'asc' | 'desc'): SQL[] {
  const column = (columns[sort] ?? id) as PgColumn;
  const direction = order === 'asc' ? asc : desc;
  return column === id ? [direction(id)] : [direction(column), direction(id)];
}
