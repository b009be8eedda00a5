import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db';
import { cities, companies, vehicleCatalog } from './tables';

/** Names of everything lists refer to, by lookup: `model`, `series`, `brand`, `city`, `company`. */
export type NameBook = Readonly<Record<string, ReadonlyMap<number, string>>>;

interface Cached {
  book: NameBook;
  expires: number;
}

/**
 * The reference names of a tenant, read in one go and kept for a minute: they are few, change rarely, and
 * every list row shows them, so a page costs no extra query. A renamed company shows in lists within the
 * minute; a new one at once, because an id missing from the book reloads it.
 */
const books = new WeakMap<Db, Map<number, Cached>>();
const ttlMs = 60_000;

async function loadBook(db: Db, tenantId: number): Promise<NameBook> {
  const [catalog, cityRows, companyRows] = await Promise.all([
    db
      .select({ id: vehicleCatalog.id, name: vehicleCatalog.name })
      .from(vehicleCatalog)
      .orderBy(asc(vehicleCatalog.id)),
    db.select({ id: cities.id, name: cities.name }).from(cities),
    db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.tenantId, tenantId)),
  ]);
  const catalogNames = new Map(catalog.map((row) => [row.id, row.name]));
  return {
    model: catalogNames,
    series: catalogNames,
    brand: catalogNames,
    city: new Map(cityRows.map((row) => [row.id, row.name])),
    company: new Map(companyRows.map((row) => [row.id, row.name])),
  };
}

export async function nameBook(db: Db, tenantId: number, mustKnow: { lookup: string; id: number }[] = []) {
  let perTenant = books.get(db);
  if (!perTenant) {
    perTenant = new Map();
    books.set(db, perTenant);
  }
  const cached = perTenant.get(tenantId);
  const complete = (book: NameBook) =>
    mustKnow.every(({ lookup, id }) => !Number.isFinite(id) || book[lookup]?.has(id));
  if (cached && cached.expires > Date.now() && complete(cached.book)) return cached.book;
  const book = await loadBook(db, tenantId);
  perTenant.set(tenantId, { book, expires: Date.now() + ttlMs });
  return book;
}

/** Adds `modelName` beside `modelId` (and so on) to each row, for every reference field. */
export async function withNames(
  db: Db,
  tenantId: number,
  refs: readonly { field: string; lookup: string }[],
  rows: Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  const needed = refs.flatMap(({ field, lookup }) => rows.map((row) => ({ lookup, id: Number(row[field]) })));
  const book = await nameBook(db, tenantId, needed);
  for (const { field, lookup } of refs) {
    const nameKey = `${field.replace(/Id$/, '')}Name`;
    for (const row of rows) row[nameKey] = book[lookup]?.get(Number(row[field])) ?? '';
  }
  return rows;
}
