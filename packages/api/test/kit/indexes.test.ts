import { is, SQL, sql } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db';
import { migrate, rowsOf } from '../../src/db/migrate';
import { families } from '../../src/families';
import type { ServerResource } from '../../src/resource/family';
import { type FreshDatabase, freshDatabase } from '../harness';

let fresh: FreshDatabase;
let database: Database;

beforeAll(async () => {
  fresh = await freshDatabase();
  database = fresh.database;
  await migrate(database);
});
afterAll(async () => {
  await database.close();
  await fresh.drop();
});

/** An index of the migrated database: its table, method and key columns (or expressions) in order. */
interface IndexDef {
  table: string;
  name: string;
  method: string;
  keys: string[];
}

let indexes: IndexDef[];

beforeAll(async () => {
  const result = await database.db.execute(sql`
    select t.relname as "table", c.relname as name, am.amname as method,
      array(select pg_get_indexdef(i.indexrelid, k, true) from generate_series(1, i.indnkeyatts) k) as keys
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_class t on t.oid = i.indrelid
    join pg_am am on am.oid = c.relam
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = 'public'`);
  indexes = rowsOf<IndexDef>(result);
});

const tableName = (family: ServerResource) =>
  (family.table as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')] as string;

/** The columns of the table a screen's own conditions fix to one value (a to-do list's status, a slice's kind). */
function fixedColumns(family: ServerResource): Set<string> {
  const own = family.own as Record<string, { name: string } | undefined>;
  const fixed = new Set(['tenant_id', 'deleted']);
  for (const screen of family.screens) {
    for (const name of [...Object.keys(screen.fixed ?? {}), ...(screen.mine ? [screen.mine] : [])]) {
      const column = own[name]?.name;
      if (column) fixed.add(column);
    }
    if (screen.tabs) fixed.add(own[screen.tabs.field]?.name ?? '');
  }
  for (const key of Object.keys(family.slice ?? {})) fixed.add(own[key]?.name ?? key);
  // A family's own scope of a shared table (a resource's import batches): its columns are fixed too.
  const visit = (chunk: unknown): void => {
    if (is(chunk, PgColumn)) fixed.add(chunk.name);
    else if (is(chunk, SQL)) chunk.queryChunks.forEach(visit);
  };
  visit(family.rowScope);
  return fixed;
}

/** Whether an index's keys, after columns the list fixes, start with `columns` (btree) or hold the column. */
function serves(index: IndexDef, columns: readonly string[], fixed: Set<string>): boolean {
  if (index.method === 'gin' || index.method === 'gist')
    return index.keys.some((key) => key.includes(columns[0] ?? ''));
  let keys = index.keys;
  while (keys.length > 0 && fixed.has(keys[0] as string) && keys[0] !== columns[0]) keys = keys.slice(1);
  return columns.every((column, n) => keys[n] === column || keys[n]?.startsWith(`(${column} `));
}

describe('every list filter and sort of every family is served by an index', () => {
  it('has an index for each declared filter: on its column after the columns the list fixes, or a search index', () => {
    const unserved: string[] = [];
    for (const family of families) {
      const table = tableName(family);
      const own = family.own as Record<string, { name: string } | undefined>;
      const fixed = fixedColumns(family);
      for (const [name, def] of family.resource.entries) {
        const column = own[name]?.name;
        if (!def.filter || family.filters?.[name] || !column || fixed.has(column)) continue;
        const candidates = indexes.filter((index) => index.table === table);
        const served = candidates.some((index) =>
          def.filter === 'like'
            ? index.method !== 'btree' && index.keys.some((key) => key.includes(column))
            : serves(index, [column], fixed),
        );
        if (!served) unserved.push(`${family.resource.key}.${name} (${table}.${column})`);
      }
    }
    expect(unserved).toEqual([]);
  });

  it('has an index giving each declared sort in order after the columns the list fixes', () => {
    const unsorted: string[] = [];
    for (const family of families) {
      const { resource } = family;
      const table = tableName(family);
      const own = family.own as Record<string, { name: string } | undefined>;
      const fixed = fixedColumns(family);
      const sorts = new Set([resource.defaultSort.field, ...resource.sortable, ...Object.keys(resource.sorts ?? {})]);
      for (const sort of sorts) {
        const terms = resource.sorts?.[sort]?.by.map((term) => own[term.field]?.name) ?? [own[sort]?.name];
        if (terms.some((term) => term === undefined)) continue;
        const columns = terms as string[];
        const served = indexes.some(
          (index) => index.table === table && index.method === 'btree' && serves(index, columns, fixed),
        );
        if (!served) unsorted.push(`${resource.key}.${sort} (${table}.${columns.join(', ')})`);
      }
    }
    expect(unsorted).toEqual([]);
  });
});
