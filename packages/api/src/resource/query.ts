import type { FieldDef, Resource } from '@cp/contracts';
import { and, asc, between, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

export type Columns = Record<string, PgColumn>;

/** `%` `_` and `\` in a user's search text are literal characters, not patterns. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function condition(def: FieldDef, column: PgColumn, value: unknown): SQL | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  switch (def.filter) {
    case 'like':
      return ilike(column, containsPattern(String(value)));
    case 'in':
      return inArray(column, value as number[]);
    case 'range': {
      const [from, to] = value as [string, string];
      return between(column, from, to);
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
  table: PgTable & { tenantId: PgColumn },
  tenantId: number,
  query: Record<string, unknown>,
  extra: (SQL | undefined)[] = [],
): SQL | undefined {
  const columns = table as unknown as Columns;
  const conditions: (SQL | undefined)[] = [eq(table.tenantId, tenantId), ...extra];
  for (const [name, def] of resource.entries) {
    const column = columns[name];
    if (def.filter && column) conditions.push(condition(def, column, query[name]));
  }
  return and(...conditions);
}

/** Sort by a declared sortable field, then by id so pages never overlap. */
export function listOrder(table: PgTable & { id: PgColumn }, sort: string, order: 'asc' | 'desc'): SQL[] {
  const column = (table as unknown as Columns)[sort] ?? table.id;
  const direction = order === 'asc' ? asc : desc;
  return column === table.id ? [direction(table.id)] : [direction(column), direction(table.id)];
}
