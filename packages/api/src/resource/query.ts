import type { FieldDef, Resource } from '@cp/contracts';
import { and, asc, between, desc, eq, getTableName, gte, ilike, inArray, like, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export type Columns = Record<string, PgColumn>;

const ownColumns = new WeakMap<object, Columns>();

/**
 * The columns a list reads from: a table's own, plus any joined ones (a record's vehicle plate). A table's
 * own are collected once, not on every request.
 */
export function columnsOf(table: object, joined?: Columns): Columns {
  let own = ownColumns.get(table);
  if (!own) {
    own = { ...(table as Columns) };
    ownColumns.set(table, own);
  }
  return joined ? { ...own, ...joined } : own;
}

/**
 * The columns a list page reads: the id, the version (row actions send it back) and the fields declared as
 * list columns. Reading only these keeps a page of wide rows cheap to fetch, convert and send; the detail
 * and the edit form read the whole row by id.
 */
export function listSelection(resource: Resource, columns: Columns): Columns {
  const selection: Columns = {};
  for (const name of ['id', 'version', ...resource.entries.filter(([, def]) => def.list).map(([name]) => name)]) {
    const column = columns[name];
    if (column) selection[name] = column;
  }
  return selection;
}

/** `%` `_` and `\` in a user's search text are literal characters, not patterns. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Plate columns: stored in capitals, with a trigram index for searches of three characters or more and a
 * short-gram index (migration 0006) for one or two, which trigrams cannot serve.
 */
const plateColumns = new Set(['vehicles.plate_no', 'vehicle_violations.plate_no', 'vehicle_maintenance.plate_no']);

function contains(column: PgColumn, text: string): SQL {
  if (!plateColumns.has(`${getTableName(column.table)}.${column.name}`)) return ilike(column, containsPattern(text));
  const capitals = text.toUpperCase();
  if ([...capitals].length <= 2) return sql`short_grams(${column}) @> array[${capitals}]::text[]`;
  return like(column, containsPattern(capitals));
}

function condition(def: FieldDef, column: PgColumn, value: unknown): SQL | undefined {
  if (value === undefined || value === null || value === '') return undefined;
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
  columns: Columns & { tenantId: PgColumn },
  tenantId: number,
  query: Record<string, unknown>,
  extra: (SQL | undefined)[] = [],
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(columns.tenantId, tenantId), ...extra];
  for (const [name, def] of resource.entries) {
    const column = columns[name];
    if (def.filter && column) conditions.push(condition(def, column, query[name]));
  }
  return and(...conditions);
}

/** Sort by a declared sortable field, then by id so pages never overlap. */
export function listOrder(columns: Columns & { id: PgColumn }, sort: string, order: 'asc' | 'desc'): SQL[] {
  const column = columns[sort] ?? columns.id;
  const direction = order === 'asc' ? asc : desc;
  return column === columns.id ? [direction(columns.id)] : [direction(column), direction(columns.id)];
}
