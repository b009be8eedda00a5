import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { cities, companies, vehicleCatalog } from './tables';

/** Display names for the ids a page of rows refers to, one query per lookup. */
export async function lookupNames(
  db: Db,
  tenantId: number,
  lookup: string,
  ids: number[],
): Promise<Map<number, string>> {
  const unique = [...new Set(ids.filter((id) => Number.isFinite(id)))];
  if (unique.length === 0) return new Map();
  let rows: { id: number; name: string }[] = [];
  switch (lookup) {
    case 'brand':
    case 'series':
    case 'model':
      rows = await db
        .select({ id: vehicleCatalog.id, name: vehicleCatalog.name })
        .from(vehicleCatalog)
        .where(inArray(vehicleCatalog.id, unique));
      break;
    case 'city':
      rows = await db.select({ id: cities.id, name: cities.name }).from(cities).where(inArray(cities.id, unique));
      break;
    case 'company':
      rows = await db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(and(inArray(companies.id, unique), eq(companies.tenantId, tenantId)));
      break;
    default:
      throw new Error(`unknown lookup ${lookup}`);
  }
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Adds `${field}Name` to each row for every reference field. */
export async function withNames(
  db: Db,
  tenantId: number,
  refs: readonly { field: string; lookup: string }[],
  rows: Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  for (const { field, lookup } of refs) {
    const names = await lookupNames(
      db,
      tenantId,
      lookup,
      rows.map((row) => Number(row[field])),
    );
    const nameKey = `${field.replace(/Id$/, '')}Name`;
    for (const row of rows) row[nameKey] = names.get(Number(row[field])) ?? '';
  }
  return rows;
}
