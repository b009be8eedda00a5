import type { Resource, SortExpression } from '@cp/contracts';
import { is, SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  IndexBuilder,
  IndexedColumn,
  index,
  PgColumn,
  type PgTableExtraConfigValue,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sortTerms } from '../resource/query';

type Columns = Readonly<Record<string, AnyPgColumn>> & { tenantId: AnyPgColumn; id: AnyPgColumn };
type Key = AnyPgColumn | SQL;

/** What an index builder was given (drizzle keeps it on the builder). */
interface BuiltIndex {
  config: { name?: string; columns: Partial<Key>[]; unique: boolean; method?: string; where?: SQL };
}

/** The column names a key is or reads: a column's own, or those an expression (`short_grams(plate)`) names. */
function namesOf(key: Partial<Key>): string[] {
  if (is(key, PgColumn) || is(key, IndexedColumn)) return [key.name ?? ''];
  if (is(key, SQL)) return key.queryChunks.flatMap((chunk) => (is(chunk, PgColumn) ? [chunk.name] : []));
  return [];
}

/** A key as text, to compare an expression key with another (`(status not in (2, 3))`). */
function textOf(key: Partial<Key>): string {
  if (is(key, PgColumn) || is(key, IndexedColumn)) return key.name ?? '';
  if (is(key, SQL)) {
    return key.queryChunks
      .map((chunk) => (is(chunk, PgColumn) ? chunk.name : ((chunk as { value?: string[] }).value ?? []).join('')))
      .join('');
  }
  return '';
}

/**
 * The indexes a family's lists need, from its declaration — a table's third argument of `pgTable`:
 * `(table) => listIndexes('common_tags', table, commonTagResource)`, or with the table's own indexes (a
 * partial one, one over two filters, a constraint) `listIndexes('vehicles', table, vehicleResource, [...])`:
 * those come first, and an index is added only for what none of them serves. For each resource of the
 * table: a unique index per unique field (tenant first), one giving each sortable field and declared sort in
 * order (tenant, its terms, id), one per filter (tenant, the field, the list's default order, id), and a
 * trigram index per contains-search. A field whose column the table lacks (a parent's, a computed one) gets
 * none. Names: `<table>_tenant_<column>_key` / `_idx` / `_filter_idx`, `<table>_<column>_trgm_idx`.
 * `test/kit/indexes.test.ts` holds every family's filters and sorts to the migrated database.
 */
export function listIndexes(
  name: string,
  table: Columns,
  resources: Resource | readonly Resource[],
  own: readonly PgTableExtraConfigValue[] = [],
): PgTableExtraConfigValue[] {
  const indexes = own
    .filter((extra) => is(extra, IndexBuilder))
    .map((builder) => (builder as unknown as BuiltIndex).config);
  const btrees = indexes.filter((config) => (config.method ?? 'btree') === 'btree' && !config.where);
  /** Whether an own btree index's keys, after the tenant, begin with these. */
  const ordered = (keys: readonly Key[]) =>
    btrees.some((config) => {
      const rest = config.columns.filter((key, n) => !(n === 0 && namesOf(key)[0] === 'tenant_id'));
      return keys.every((key, n) => rest[n] !== undefined && textOf(rest[n] as Key) === textOf(key));
    });
  /** A search is served by a trigram index, or by one on an expression of the column (a mobile's reverse). */
  const searched = (column: AnyPgColumn) =>
    indexes.some((config) =>
      config.columns.some((key) => (config.method === 'gin' || is(key, SQL)) && namesOf(key).includes(column.name)),
    );
  const unique = (column: AnyPgColumn) =>
    indexes.some((config) => config.unique && config.columns.some((key) => namesOf(key).includes(column.name)));
  const withinLimit = (text: string) => {
    if (text.length > 63) throw new Error(`index name ${text} is longer than PostgreSQL keeps (63)`);
    return text;
  };
  const added = new Map<string, IndexBuilder>();
  /** An index under its name, once (two resources of a table may ask for the same one). */
  const add = (indexName: string, make: (named: string) => IndexBuilder) => {
    if (!added.has(indexName)) added.set(indexName, make(withinLimit(indexName)));
  };
  for (const resource of Array.isArray(resources) ? resources : [resources as Resource]) {
    const column = (field: string): AnyPgColumn | undefined => table[field];
    const sorts = new Map<string, Key[]>();
    for (const field of new Set([resource.defaultSort.field, ...resource.sortable])) {
      const found = column(field);
      if (found && !resource.sorts?.[field]) sorts.set(found.name, [found]);
    }
    for (const [sortName, expression] of Object.entries(resource.sorts ?? {}) as [string, SortExpression][]) {
      if (expression.by.every((term) => column(term.field))) sorts.set(sortName, sortTerms(table, expression));
    }
    const defaultOrder =
      sorts.get(
        resource.sorts?.[resource.defaultSort.field]
          ? resource.defaultSort.field
          : (column(resource.defaultSort.field)?.name ?? ''),
      ) ?? [];
    for (const field of resource.uniqueFields) {
      const found = column(field);
      if (found && !unique(found)) {
        add(`${name}_tenant_${found.name}_key`, (key) => uniqueIndex(key).on(table.tenantId, found));
      }
    }
    for (const [key, terms] of sorts) {
      if (!ordered(terms))
        add(`${name}_tenant_${key}_idx`, (named) => index(named).on(table.tenantId, ...terms, table.id));
    }
    for (const [field, def] of resource.entries) {
      const found = def.filter ? column(field) : undefined;
      if (!found) continue;
      if (def.filter === 'like') {
        if (!searched(found)) {
          add(`${name}_${found.name}_trgm_idx`, (named) => index(named).using('gin', sql`${found} gin_trgm_ops`));
        }
      } else if (!ordered([found]) && !sorts.has(found.name)) {
        add(`${name}_tenant_${found.name}_filter_idx`, (named) =>
          index(named).on(table.tenantId, found, ...defaultOrder, table.id),
        );
      }
    }
  }
  return [...own, ...added.values()];
}
