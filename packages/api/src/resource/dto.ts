import { maskSensitive, type Resource, type SensitiveKind } from '@cp/contracts';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A `sensitive` field's kind: its value is sent masked (`1101**********1234`), whatever the route. */
type Conversion = 'list' | 'ref' | 'refs' | 'plain' | SensitiveKind;

/** How each field of a resource is converted, worked out once per resource rather than per row. */
const plans = new WeakMap<Resource, ReadonlyMap<string, Conversion>>();

function planOf(resource: Resource): ReadonlyMap<string, Conversion> {
  let plan = plans.get(resource);
  if (!plan) {
    plan = new Map(
      resource.entries.map(([name, def]): [string, Conversion] => {
        if (def.kind === 'files' || def.kind === 'tags' || def.kind === 'enums') return [name, 'list'];
        if (def.kind === 'ref' || def.kind === 'refs') return [name, def.kind];
        if (def.isId) return [name, 'ref'];
        if (def.sensitive) return [name, def.sensitive];
        return [name, 'plain'];
      }),
    );
    plans.set(resource, plan);
  }
  return plan;
}

function converted(conversion: Conversion, value: unknown): unknown {
  if (value === null || value === undefined) return conversion === 'list' || conversion === 'refs' ? [] : null;
  switch (conversion) {
    case 'idCard':
    case 'bankCard':
      return maskSensitive(conversion, String(value));
    case 'ref':
      return String(value);
    case 'refs':
      return (value as unknown[]).map(String);
    default:
      return value instanceof Date ? value.toISOString() : value;
  }
}

/**
 * A row as the API sends it: ids and references as strings, timestamps as ISO text. Only the row's own
 * fields are read (a list page reads fewer columns than the detail). `extra` fields (a joined plate, a
 * derived id) are added to the same object, so a page of rows is built without copies.
 */
export function toDto(
  resource: Resource,
  row: Record<string, unknown>,
  extra?: Record<string, unknown>,
): Record<string, unknown> {
  const plan = planOf(resource);
  const dto: Record<string, unknown> = { id: String(row.id) };
  for (const name in row) {
    const conversion = plan.get(name);
    if (conversion !== undefined) dto[name] = converted(conversion, row[name]);
  }
  if ('version' in row) dto.version = row.version;
  if (row.createdAt instanceof Date) dto.createdAt = row.createdAt.toISOString();
  if (extra) for (const name in extra) dto[name] = converted(plan.get(name) ?? 'plain', extra[name]);
  return dto;
}

/**
 * Reads a list page straight from the driver's rows (a prepared statement's `all()`: keyed by column name,
 * timestamps as text) into the rows `toDto` gives, in one pass and one object a row, without drizzle's row
 * objects in between. `passThrough` columns (a record's `vehicleId`) travel as strings. Built once per
 * statement; undefined when the selection is not plain columns of distinct names (computed fields), which
 * drizzle's own mapping then reads.
 */
export function rowReader(
  resource: Resource,
  selection: Readonly<Record<string, unknown>>,
  passThrough: readonly string[],
): ((raw: Record<string, unknown>) => Record<string, unknown>) | undefined {
  const columns = Object.entries(selection);
  const isColumn = (value: unknown): value is PgColumn =>
    typeof (value as PgColumn).mapFromDriverValue === 'function' && typeof (value as PgColumn).name === 'string';
  if (!columns.every(([, column]) => isColumn(column))) return undefined;
  const names = columns.map(([, column]) => (column as PgColumn).name);
  if (new Set(names).size !== names.length) return undefined;
  const plan = planOf(resource);
  const fields = (columns as [string, PgColumn][]).flatMap(([key, column]) => {
    if (key === 'id' || key === 'version') return [];
    const conversion = plan.get(key) ?? (passThrough.includes(key) ? 'ref' : undefined);
    return conversion === undefined ? [] : [{ key, name: column.name, read: cellReader(column, conversion) }];
  });
  const id = (selection.id as PgColumn).name;
  const version = (selection.version as PgColumn | undefined)?.name;
  return (raw) => {
    const dto: Record<string, unknown> = { id: String(raw[id]) };
    for (const { key, name, read } of fields) dto[key] = read(raw[name]);
    if (version) dto.version = raw[version];
    return dto;
  };
}

/** Columns whose driver value is already what the API sends (text, numbers, flags, dates as text). */
const sentAsRead = new Set(['PgText', 'PgSmallInt', 'PgInteger', 'PgBoolean', 'PgDateString', 'PgVarchar']);

/** How one cell of a driver row becomes its DTO value, chosen once per column rather than per cell. */
function cellReader(column: PgColumn, conversion: Conversion): (value: unknown) => unknown {
  if (conversion === 'ref') return (value) => (value === null || value === undefined ? null : String(value));
  if (conversion === 'refs') return (value) => (Array.isArray(value) ? value.map(String) : []);
  if (conversion === 'list') return (value) => value ?? [];
  if (conversion === 'idCard' || conversion === 'bankCard') {
    return (value) => (value === null || value === undefined ? null : maskSensitive(conversion, String(value)));
  }
  if (sentAsRead.has(column.columnType)) return (value) => value ?? null;
  if (column.columnType === 'PgTimestamp') {
    return (value) =>
      value === null || value === undefined ? null : (column.mapFromDriverValue(value) as Date).toISOString();
  }
  return (value) =>
    value === null || value === undefined ? null : converted('plain', column.mapFromDriverValue(value));
}

/** A DTO as an export for a holder of the page's `…:viewSensitive` writes it: its sensitive fields whole. */
export function unmasked(
  resource: Resource,
  dto: Record<string, unknown>,
  row: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  for (const name of resource.sensitiveFields) if (name in row) dto[name] = row[name] ?? null;
  return dto;
}

/** The values of a set (`refs`, `enums`) as the table keeps them: each once, in ascending order. */
export function distinctNumbers(value: unknown): number[] {
  return [...new Set(((value as unknown[] | null) ?? []).map(Number))].sort((a, b) => a - b);
}

/** Input as the table takes it: references back to numbers, empty values as null. */
export function fromInput(resource: Resource, input: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, def] of resource.entries) {
    if (!def.form || !(name in input)) continue;
    const value = input[name];
    if (def.kind === 'ref') values[name] = value == null ? null : Number(value);
    else if (def.kind === 'refs') values[name] = ((value as string[] | null) ?? []).map(Number);
    else if (def.kind === 'files' || def.kind === 'tags') values[name] = value ?? [];
    else if (def.kind === 'enums') values[name] = distinctNumbers(value);
    else values[name] = value ?? null;
  }
  return values;
}
