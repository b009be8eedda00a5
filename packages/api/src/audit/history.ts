import { type FieldDef, type HistoryEntry, maskSensitive, type Resource } from '@cp/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db';
import { fileNames } from '../files/names';
import { type NameBook, nameBook, serverLookup } from '../lookups/registry';
import { auditLog } from './tables';

export type { HistoryEntry };

/** The change history of one entity, newest first, as detail pages show it. */
export async function entityHistory(db: Db, tenantId: number, entity: string, entityId: string, limit = 200) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return rows.map(
    (row): HistoryEntry => ({
      id: String(row.id),
      action: row.action,
      userName: row.userName ?? '',
      at: row.at.toISOString(),
      changes: row.changes,
    }),
  );
}

/** How a history names a referenced row that no longer exists (or is no longer the branch company's). */
const goneName = (id: string) => `#${id}（已删除）`;

type Change = NonNullable<HistoryEntry['changes']>[string];

const valuesOf = (value: unknown): string[] =>
  value === null || value === undefined ? [] : (Array.isArray(value) ? value : [value]).map(String);

/** The fields of the resource whose values a history names: references (by lookup) and files. */
function namedField(resource: Resource, key: string): FieldDef | undefined {
  const def = resource.fields[key];
  if (!def) return undefined;
  return ((def.kind === 'ref' || def.kind === 'refs') && def.lookup) || def.kind === 'files' ? def : undefined;
}

/** Every value of the history's changes that names something, by lookup (`files` for file locations). */
function wantedValues(resource: Resource, entries: readonly HistoryEntry[]): Map<string, Set<string>> {
  const wanted = new Map<string, Set<string>>();
  for (const entry of entries) {
    for (const [key, change] of Object.entries(entry.changes ?? {})) {
      const def = namedField(resource, key);
      if (!def) continue;
      const bucket = def.kind === 'files' ? 'files' : (def.lookup as string);
      const set = wanted.get(bucket) ?? new Set<string>();
      for (const value of [...valuesOf(change.from), ...valuesOf(change.to)]) set.add(value);
      wanted.set(bucket, set);
    }
  }
  return wanted;
}

/**
 * The names of what the values refer to, by lookup then value: a small lookup's from the name book (read
 * again once when it lacks one of them), a searched lookup's (vehicles) by asking it for those ids, files'
 * as they were uploaded.
 */
async function namesOf(db: Db, tenantId: number, wanted: Map<string, Set<string>>) {
  const names = new Map<string, ReadonlyMap<string, string>>();
  const small = [...wanted.keys()].filter((key) => key !== 'files' && serverLookup(key).all);
  if (small.length > 0) {
    const knowsAll = (book: NameBook) =>
      small.every((key) => [...(wanted.get(key) ?? [])].every((id) => book.get(key)?.has(id)));
    const book = await nameBook(db, tenantId, knowsAll);
    for (const key of small) names.set(key, book.get(key) ?? new Map());
  }
  for (const [key, values] of wanted) {
    if (key === 'files') {
      names.set(key, new Map(Object.entries(await fileNames(db, tenantId, [...values]))));
    } else if (!serverLookup(key).all) {
      const ids = [...values].map(Number).filter(Number.isSafeInteger);
      if (ids.length === 0) continue;
      const rows = (await serverLookup(key).search?.(db, tenantId, { ids, limit: ids.length })) ?? [];
      names.set(key, new Map(rows.map((row) => [String(row.id), row.name])));
    }
  }
  return names;
}

/** A value's name(s): a reference's row (or that it is gone), a file's uploaded name (or its location's last part). */
function nameValue(def: FieldDef, names: ReadonlyMap<string, string> | undefined, value: unknown) {
  const name = (item: string) =>
    names?.get(item) ?? (def.kind === 'files' ? (item.split('/').at(-1) ?? item) : goneName(item));
  return Array.isArray(value) ? value.map((item) => name(String(item))) : name(String(value));
}

/** The history with each sensitive field's values masked, as lists and details show them. */
function masked(resource: Resource, entries: HistoryEntry[]): HistoryEntry[] {
  const sensitive = resource.entries.filter(([, def]) => def.sensitive);
  if (sensitive.length === 0) return entries;
  const mask = (def: FieldDef, value: unknown) =>
    typeof value === 'string' && def.sensitive ? maskSensitive(def.sensitive, value) : value;
  return entries.map((entry) => {
    const changes = entry.changes;
    if (!changes || !sensitive.some(([name]) => name in changes)) return entry;
    const copy = { ...changes };
    for (const [name, def] of sensitive) {
      const change = copy[name];
      if (change) copy[name] = { ...change, from: mask(def, change.from), to: mask(def, change.to) };
    }
    return { ...entry, changes: copy };
  });
}

/**
 * The history with every reference and file named beside its value (`fromName` / `toName`), as lists name
 * them: people read 城市：北京市 → 上海市, not 城市：1 → 2. A referenced row that is gone says so.
 */
export async function withHistoryNames(
  db: Db,
  tenantId: number,
  resource: Resource,
  given: HistoryEntry[],
): Promise<HistoryEntry[]> {
  const entries = masked(resource, given);
  const wanted = wantedValues(resource, entries);
  if (wanted.size === 0) return entries;
  const names = await namesOf(db, tenantId, wanted);
  return entries.map((entry) => {
    if (!entry.changes) return entry;
    const changes: Record<string, Change> = {};
    for (const [key, change] of Object.entries(entry.changes)) {
      const def = namedField(resource, key);
      const book = def && names.get(def.kind === 'files' ? 'files' : (def.lookup as string));
      changes[key] = !def
        ? change
        : {
            ...change,
            ...(change.from === null || change.from === undefined
              ? {}
              : { fromName: nameValue(def, book, change.from) }),
            ...(change.to === null || change.to === undefined ? {} : { toName: nameValue(def, book, change.to) }),
          };
    }
    return { ...entry, changes };
  });
}
