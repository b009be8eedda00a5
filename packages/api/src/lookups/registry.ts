import { type LookupDef, type LookupOption, lookupOf } from '@cp/contracts';
import type { SQL } from 'drizzle-orm';
import type { Db, Executor } from '../db';
import { perDatabase } from '../db/perDatabase';

/** A referenced row as lookups answer it: its id and the name people know it by. */
export interface Named {
  id: number;
  name: string;
  /** What the picker shows beside the name (a car's model, stage and mileage). */
  details?: string[];
}

/** A dropdown option as the endpoints answer it (ids as strings). */
export type Option = LookupOption;

interface SearchQuery {
  text?: string | undefined;
  ids?: readonly number[] | undefined;
  filters?: Readonly<Record<string, unknown>>;
  /** Conditions of the scopes asked for (`handoverFor=12`), on the lookup's own table. */
  scopes?: readonly SQL[];
  limit: number;
}

/**
 * How the server reads a lookup. A small lookup gives all its rows at once (`all`): they are kept a minute
 * per branch company as the name book that names every list's references. A large one (vehicles) is
 * searched instead, and answers only the rows asked for.
 */
export interface ServerLookup {
  def: LookupDef;
  /** Every row a branch company may choose, for a small lookup. */
  all?(db: Executor, tenantId: number): Promise<Named[]>;
  /** The rows matching a search, or those of `ids`, for a large lookup. */
  search?(db: Executor, tenantId: number, query: SearchQuery): Promise<Named[]>;
  /** How an import cell is compared with names (a plate is written in capitals, without spaces). */
  normalize?(text: string): string;
  /** The ids of these names (normalised), for a large lookup; a small one finds them in its rows. */
  resolve?(db: Executor, tenantId: number, names: readonly string[]): Promise<Map<string, number>>;
  /** What the dropdown endpoint answers when it is not the flat list of `all` (the catalogue's tree). */
  options?(db: Executor, tenantId: number): Promise<Option[]>;
  /**
   * Pages or buttons that use a searched lookup outside the resource declarations (a web family's picker of
   * the row an action is for), on top of those `grants.ts` derives. A lookup loaded whole names what lists
   * show anyway and is open to any signed-in user.
   */
  access?: readonly string[];
}

const registry = new Map<string, ServerLookup>();

/** Registers how the server reads a lookup of the contracts' registry (`lookups.city`…). */
export function defineServerLookup(key: string, spec: Omit<ServerLookup, 'def'>): ServerLookup {
  const lookup = { def: lookupOf(key), ...spec };
  if (!lookup.all && !lookup.search) throw new Error(`lookup ${key}: neither all nor search`);
  registry.set(key, lookup);
  return lookup;
}

/**
 * What a lookup parameter means (`handoverFor=12`): the condition on the lookup's rows that one row may
 * choose, read for that row in the caller's branch company. Declared by the feature that knows the rule (the
 * orders know which cars an order may hand over), so the picker and the check read one rule.
 */
export type LookupScope = (db: Executor, tenantId: number, id: number) => Promise<SQL>;

const scopes = new Map<string, LookupScope>();

export function defineLookupScope(key: string, param: string, scope: LookupScope): void {
  if (!lookupOf(key).params?.includes(param)) throw new Error(`lookup ${key} declares no parameter ${param}`);
  scopes.set(`${key}.${param}`, scope);
}

export function lookupScope(key: string, param: string): LookupScope {
  const scope = scopes.get(`${key}.${param}`);
  if (!scope) throw new Error(`lookup ${key}: parameter ${param} has no scope (defineLookupScope)`);
  return scope;
}

export function registeredLookups(): ServerLookup[] {
  return [...registry.values()];
}

export function serverLookup(key: string): ServerLookup {
  const lookup = registry.get(key);
  if (!lookup) throw new Error(`lookup ${key} has no server side (lookups/sources.ts)`);
  return lookup;
}

/** Names of every small lookup of a tenant, by lookup key, then by id as text (as DTOs carry ids). */
export type NameBook = ReadonlyMap<string, ReadonlyMap<string, string>>;

interface CachedBook {
  book: NameBook;
  loadedAt: number;
}

const booksOf = perDatabase<number, CachedBook>();
const ttlMs = 60_000;
/** A book just loaded is not loaded again for an id it lacks (a deleted row's): at most once in 5 s. */
const reloadAfterMs = 5_000;

async function loadBook(db: Executor, tenantId: number): Promise<NameBook> {
  const small = [...registry.values()].filter((lookup) => lookup.all);
  // One after another: inside a transaction they share one connection, which takes one query at a time.
  const rows: Awaited<ReturnType<NonNullable<(typeof small)[number]['all']>>>[] = [];
  for (const lookup of small) rows.push((await lookup.all?.(db, tenantId)) ?? []);
  return new Map(
    small.map((lookup, index) => [lookup.def.key, new Map(rows[index]?.map((row) => [String(row.id), row.name]))]),
  );
}

/**
 * The names of a tenant's small lookups, read in one go and kept for a minute: they are few, change rarely,
 * and every list row shows them, so a page costs no extra query. A renamed company shows within the minute;
 * a new one at once, because an id missing from the book (`complete` false) reloads it.
 */
export async function nameBook(
  db: Db,
  tenantId: number,
  complete?: (book: NameBook) => boolean,
  executor: Executor = db,
  /** A check of what may be saved reloads a book that lacks an id however fresh it is. */
  strict = false,
): Promise<NameBook> {
  const perTenant = booksOf(db);
  const cached = perTenant.get(tenantId);
  const age = cached ? Date.now() - cached.loadedAt : Number.POSITIVE_INFINITY;
  const fresh = age < reloadAfterMs && !strict;
  if (cached && age < ttlMs && (fresh || !complete || complete(cached.book))) return cached.book;
  // Inside a transaction the book is read through it: PGlite has one connection.
  const book = await loadBook(executor, tenantId);
  if (perTenant.size > 1000) perTenant.clear();
  perTenant.set(tenantId, { book, loadedAt: Date.now() });
  return book;
}

/** After a change to a small lookup's rows (a role added): the next read loads the book again. */
export function forgetNameBooks(db: Db): void {
  booksOf(db).clear();
}

/** Which of these ids a tenant may choose in the lookup; the others are missing or another tenant's. */
export async function existingIds(
  db: Db,
  tenantId: number,
  key: string,
  ids: readonly number[],
  executor: Executor = db,
): Promise<Set<number>> {
  const lookup = serverLookup(key);
  if (ids.length === 0) return new Set();
  if (lookup.all) {
    const book = await nameBook(
      db,
      tenantId,
      (loaded) => ids.every((id) => loaded.get(key)?.has(String(id))),
      executor,
      true,
    );
    const names = book.get(key);
    return new Set(ids.filter((id) => names?.has(String(id))));
  }
  const found = (await lookup.search?.(executor, tenantId, { ids, limit: ids.length })) ?? [];
  return new Set(found.map((row) => row.id));
}

/** The ids of names written in an import sheet (as normalised), for a tenant. */
export async function resolveNames(
  db: Executor,
  tenantId: number,
  key: string,
  names: readonly string[],
): Promise<Map<string, number>> {
  const lookup = serverLookup(key);
  if (names.length === 0) return new Map();
  if (lookup.resolve) return lookup.resolve(db, tenantId, names);
  const rows = (await lookup.all?.(db, tenantId)) ?? [];
  const normalize = lookup.normalize ?? ((text: string) => text);
  const wanted = new Set(names);
  return new Map(rows.filter((row) => wanted.has(normalize(row.name))).map((row) => [normalize(row.name), row.id]));
}
