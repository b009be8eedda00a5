// Rows as the API sends them: each reference named beside its id — from the tenant's name book for small lookups,
// by one search of the page's ids for a searched one (drivers) — never by a join.
import { refNameOf } from '@cp/contracts';
import type { Db } from '../db';
import { withFileNames } from '../files/names';
import { type NameBook, nameBook, serverLookup } from '../lookups/registry';
import { toDto } from './dto';
import type { Row, ServerResource } from './family';

const namedRefsOf = new WeakMap<ServerResource, { field: string; lookup: string; nameKey: string }[]>();

/** The reference fields named from the name book: those whose lookup is small enough to be kept whole. */
export function namedRefs(family: ServerResource) {
  let refs = namedRefsOf.get(family);
  if (!refs) {
    refs = family.resource.entries
      .filter(([, def]) => (def.kind === 'ref' || def.kind === 'refs') && serverLookup(def.lookup ?? '').all)
      .map(([field, def]) => ({ field, lookup: def.lookup ?? '', nameKey: refNameOf(field) }));
    namedRefsOf.set(family, refs);
  }
  return refs;
}

/**
 * Writes `cityName` beside `cityId` (`roleNames` beside `roleIds`) into each DTO, in one pass over the rows;
 * answers whether the book knew every id (a company added a moment ago is not in it yet).
 */
function fillNames(book: NameBook, read: ReturnType<typeof namedRefs>, rows: readonly Row[], dtos: Row[]): boolean {
  let complete = true;
  const nameOf = (names: ReadonlyMap<string, string> | undefined, id: unknown) => {
    const name = names?.get(typeof id === 'string' ? id : String(id));
    if (name === undefined) complete = false;
    return name ?? '';
  };
  for (const { field, lookup, nameKey } of read) {
    const names = book.get(lookup);
    for (let index = 0; index < rows.length; index++) {
      const value = (rows[index] as Row)[field];
      const dto = dtos[index] as Row;
      if (Array.isArray(value)) dto[nameKey] = value.map((id) => nameOf(names, id));
      else dto[nameKey] = value === null || value === undefined || value === '' ? '' : nameOf(names, value);
    }
  }
  return complete;
}

const searchedRefsOf = new WeakMap<ServerResource, { field: string; lookup: string; nameKey: string }[]>();

/** The reference fields whose lookup is searched (drivers): named by asking the lookup for the page's ids. */
export function searchedRefs(family: ServerResource) {
  let refs = searchedRefsOf.get(family);
  if (!refs) {
    refs = family.resource.entries
      .filter(([, def]) => def.kind === 'ref' && !serverLookup(def.lookup ?? '').all)
      .map(([field, def]) => ({ field, lookup: def.lookup ?? '', nameKey: refNameOf(field) }));
    searchedRefsOf.set(family, refs);
  }
  return refs;
}

/** Names references to a searched lookup: one search by the ids the rows hold, per field. */
export async function withSearchedNames(db: Db, tenantId: number, family: ServerResource, rows: Row[], dtos: Row[]) {
  const first = rows[0] as Row;
  for (const { field, lookup, nameKey } of searchedRefs(family).filter(({ field }) => field in first)) {
    const ids = [...new Set(rows.map((row) => row[field]).filter((id) => id !== null && id !== undefined && id !== ''))]
      .map(Number)
      .filter(Number.isSafeInteger);
    const search = serverLookup(lookup).search;
    const found = ids.length && search ? await search(db, tenantId, { ids, limit: ids.length }) : [];
    const names = new Map(found.map((named) => [String(named.id), named.name]));
    rows.forEach((row, index) => {
      const value = row[field];
      (dtos[index] as Row)[nameKey] = value === null || value === undefined ? '' : (names.get(String(value)) ?? '');
    });
  }
}

/** Adds the names of every reference the rows carry, from the name book; an id it lacks reloads the book once. */
async function withNames(db: Db, tenantId: number, family: ServerResource, rows: Row[], dtos: Row[]) {
  const first = rows[0];
  if (!first) return;
  await withSearchedNames(db, tenantId, family, rows, dtos);
  const read = namedRefs(family).filter(({ field }) => field in first);
  if (read.length === 0) return;
  if (fillNames(await nameBook(db, tenantId), read, rows, dtos)) return;
  fillNames(await nameBook(db, tenantId, () => false), read, rows, dtos);
}

/** Rows as the API sends them, with the names of what they refer to (from the name book, no join). */
export async function present(db: Db, tenantId: number, family: ServerResource, rows: Row[], files = false) {
  const dtos = rows.map((row) => {
    if (family.passThrough.length === 0) return toDto(family.resource, row);
    const extra: Row = {};
    for (const name of family.passThrough) {
      if (!(name in row)) continue;
      const value = row[name];
      // Ids travel as strings; what else a family exposes (a delivery's checklist) as it is.
      extra[name] = typeof value === 'number' ? String(value) : value;
    }
    return toDto(family.resource, row, extra);
  });
  await withNames(db, tenantId, family, rows, dtos);
  return files ? withFileNames(db, tenantId, family.resource, dtos) : dtos;
}
