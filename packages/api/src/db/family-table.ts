import type { FieldDef, Resource } from '@cp/contracts';
import {
  bigint,
  boolean,
  date,
  integer,
  type PgColumnBuilderBase,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, versionColumn } from './columns';
import { listIndexes } from './list-indexes';

/** The column of a field of one value, named in snake case; NOT NULL where the field is required. */
function columnOf(field: string, def: FieldDef): PgColumnBuilderBase {
  const name = field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  const builders: Partial<Record<FieldDef['kind'], () => PgColumnBuilderBase>> = {
    text: () => text(name),
    integer: () => integer(name),
    money: () => bigint(name, { mode: 'number' }),
    date: () => date(name),
    datetime: () => timestamp(name, { withTimezone: true }),
    enum: () => smallint(name),
    boolean: () => boolean(name),
    ref: () => bigint(name, { mode: 'number' }),
  };
  const builder = builders[def.kind];
  if (!builder) throw new Error(`field ${field}: a ${def.kind} field needs a column declared by hand`);
  const column = builder() as PgColumnBuilderBase & { notNull(): PgColumnBuilderBase };
  return def.required ? column.notNull() : column;
}

const stamped = new Set(Object.keys(businessColumns()));

/**
 * The table of a plain family, from its declaration: an id, a column per field (the business stamps —
 * tenant, who and when — from `businessColumns`), the version, and the indexes its lists need
 * (`listIndexes`). A family with columns the fields do not describe (a list, a default, a check) writes its
 * table with `pgTable` and `listIndexes`.
 */
export function familyTable(name: string, resource: Resource) {
  const own = Object.fromEntries(
    resource.entries.filter(([field]) => !stamped.has(field)).map(([field, def]) => [field, columnOf(field, def)]),
  );
  return pgTable(name, { id: idColumn(), ...own, version: versionColumn(), ...businessColumns() }, (table) =>
    listIndexes(name, table as never, resource),
  );
}
