import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db';
import { perDatabase } from '../db/perDatabase';
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
const booksOf = perDatabase<number, Cached>();
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

/** A reference value that names something: a number or numeric text, not null or empty. */
function referenceId(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const id = Number(value);
  return Number.isFinite(id) ? id : undefined;
}

async function nameBook(db: Db, tenantId: number, complete: (book: NameBook) => boolean): Promise<NameBook> {
  const perTenant = booksOf(db);
  const cached = perTenant.get(tenantId);
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
  // A list that does not read a reference (a page of list columns only) gets no name for it.
  const read = refs.filter(({ field }) => rows.some((row) => field in row));
  if (read.length === 0) return rows;
  const knowsAll = (book: NameBook) =>
    read.every(({ field, lookup }) =>
      rows.every((row) => {
        const id = referenceId(row[field]);
        return id === undefined || book[lookup]?.has(id) === true;
      }),
    );
  const book = await nameBook(db, tenantId, knowsAll);
  for (const { field, lookup } of read) {
    const nameKey = `${field.replace(/Id$/, '')}Name`;
    const names = book[lookup];
    for (const row of rows) {
      const id = referenceId(row[field]);
      row[nameKey] = (id !== undefined && names?.get(id)) || '';
    }
  }
  return rows;
}
