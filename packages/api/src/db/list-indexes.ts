import type { Resource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, uniqueIndex } from 'drizzle-orm/pg-core';

type Columns = Readonly<Record<string, AnyPgColumn>> & { tenantId: AnyPgColumn; id: AnyPgColumn };

/**
 * The indexes a family's lists need, from its declaration — a table's third argument of `pgTable`
 * (`(table) => listIndexes('common_tags', table, commonTagResource)`): a unique index per unique field (tenant
 * first), one giving each sortable field and declared sort in order (tenant, its terms, id), one per filter
 * (tenant, the field, then the list's default order), and a trigram index per contains-search. Names are
 * `<table>_tenant_<column>_key` / `_idx` / `_filter_idx` and `<table>_<column>_trgm_idx`; a family with indexes of its
 * own (a partial one, one over two filters) adds them after these.
 */
export function listIndexes(name: string, table: Columns, resource: Resource) {
  const column = (field: string) => {
    const found = table[field];
    if (!found) throw new Error(`${name}: field ${field} of ${resource.key} has no column`);
    return found;
  };
  const named = (text: string) => {
    if (text.length > 63) throw new Error(`index name ${text} is longer than PostgreSQL keeps (63)`);
    return text;
  };
  const defaultField = resource.defaultSort.field;
  const sorts = new Map<string, AnyPgColumn[]>();
  for (const field of new Set([defaultField, ...resource.sortable])) {
    if (!resource.sorts?.[field]) sorts.set(column(field).name, [column(field)]);
  }
  for (const [sortName, expression] of Object.entries(resource.sorts ?? {})) {
    sorts.set(
      sortName,
      expression.by.map((term) => column(term.field)),
    );
  }
  const defaultOrder = sorts.get(resource.sorts?.[defaultField] ? defaultField : column(defaultField).name) ?? [];
  const filters = resource.entries
    .filter(([, def]) => def.filter && def.filter !== 'like')
    .map(([field]) => column(field));
  const searches = resource.entries.filter(([, def]) => def.filter === 'like').map(([field]) => column(field));
  return [
    ...resource.uniqueFields.map((field) =>
      uniqueIndex(named(`${name}_tenant_${column(field).name}_key`)).on(table.tenantId, column(field)),
    ),
    ...[...sorts].map(([key, terms]) =>
      index(named(`${name}_tenant_${key}_idx`)).on(table.tenantId, ...terms, table.id),
    ),
    ...filters
      .filter((filter) => !sorts.has(filter.name))
      .map((filter) =>
        index(named(`${name}_tenant_${filter.name}_filter_idx`)).on(table.tenantId, filter, ...defaultOrder, table.id),
      ),
    ...searches.map((search) =>
      index(named(`${name}_${search.name}_trgm_idx`)).using('gin', sql`${search} gin_trgm_ops`),
    ),
  ];
}
