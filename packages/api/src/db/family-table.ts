import type { FieldDef, Resource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
function columnOf(field: string, def: FieldDef, initial?: number | string | boolean): PgColumnBuilderBase {
  const name = field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  const builders: Partial<Record<FieldDef['kind'], () => PgColumnBuilderBase>> = {
    text: () => text(name),
    richText: () => text(name),
    integer: () => integer(name),
    money: () => bigint(name, { mode: 'number' }),
    date: () => date(name),
    datetime: () => timestamp(name, { withTimezone: true }),
    enum: () => smallint(name),
    boolean: () => boolean(name),
    ref: () => bigint(name, { mode: 'number' }),
    // Stored file locations and free tags: an array, empty rather than null.
    files: () => text(name).array().notNull().default(sql`'{}'::text[]`),
    tags: () => text(name).array().notNull().default(sql`'{}'::text[]`),
  };
  const builder = builders[def.kind];
  if (!builder) throw new Error(`field ${field}: a ${def.kind} field needs a column declared by hand`);
  type Built = PgColumnBuilderBase & { notNull(): Built; default(value: unknown): Built };
  const column = builder() as Built;
  if (initial !== undefined) return column.notNull().default(initial);
  return def.required && def.kind !== 'files' && def.kind !== 'tags' ? column.notNull() : column;
}

const stamped = new Set(Object.keys(businessColumns()));

/**
 * The table of a family, from its declaration: an id, a column per field (the business stamps — tenant, who
 * and when — from `businessColumns`; fields the family computes, `computed`, have none), the version, and the
 * indexes its lists need (`listIndexes`); `defaults` are the values a new row starts with (a lifecycle's
 * first state). A family with columns the fields do not describe (links, a check) writes its table with
 * `pgTable` and `listIndexes`.
 */
/** The columns of a family's table by field, and the id, version and stamps every one has. */
type FamilyColumns<R extends Resource> = {
  [K in (keyof R['fields'] & string) | 'id' | 'version' | keyof ReturnType<typeof businessColumns>]: AnyPgColumn;
};

export function familyTable<R extends Resource>(
  name: string,
  resource: R,
  options: {
    computed?: readonly string[];
    /** `refs` fields kept in a link table of their own (an article's tags): no column here. */
    linked?: readonly string[];
    defaults?: Readonly<Record<string, number | string | boolean>>;
  } = {},
) {
  const { computed = [], linked = [], defaults = {} } = options;
  const own = Object.fromEntries(
    resource.entries
      .filter(([field]) => !stamped.has(field) && !computed.includes(field) && !linked.includes(field))
      .map(([field, def]) => [field, columnOf(field, def, defaults[field])]),
  );
  const table = pgTable(name, { id: idColumn(), ...own, version: versionColumn(), ...businessColumns() }, (columns) =>
    listIndexes(name, columns as never, resource),
  );
  return table as typeof table & FamilyColumns<R>;
}
