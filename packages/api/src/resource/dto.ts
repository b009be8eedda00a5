import { maskSensitive, type Resource, type SensitiveKind } from '@cp/contracts';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Cells } from '../db/cells';

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
    case 'mobile':
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

/** A reference field named from the name book: `cityName` beside `cityId`, from the lookup's names. */
export interface NamedRef {
  field: string;
  lookup: string;
  nameKey: string;
}

/** Names by lookup and id (as text): what `nameBook` keeps. */
type Names = ReadonlyMap<string, ReadonlyMap<string, string>>;

/**
 * Reads a list page from the driver's row arrays (`cellsOf`) into the rows `toDto` gives, with the names of
 * the `named` references the rows carry (`cityName` beside `cityId`): `complete` is false when the book
 * lacked an id (a company added a moment ago), to read again with a fresh one.
 */
export type PageReader = (
  rows: readonly Cells[],
  book: Names,
) => { dtos: Record<string, unknown>[]; complete: boolean };

/**
 * The reader of a statement's rows, built once per statement: each row one object literal with every key
 * (compiled from the selection, so each row is built at once in its final shape rather than key by key),
 * its cells converted by a reader chosen per column. `passThrough` columns (a record's `vehicleId`) travel
 * as strings. Undefined when the selection is not plain columns (computed fields), which drizzle's own
 * mapping then reads. The keys come from the declarations, never from data, and are written as JSON string
 * literals.
 */
export function pageReader(
  resource: Resource,
  selection: Readonly<Record<string, unknown>>,
  passThrough: readonly string[],
  named: readonly NamedRef[],
): PageReader | undefined {
  const columns = Object.entries(selection);
  const isColumn = (value: unknown): value is PgColumn =>
    typeof (value as PgColumn).mapFromDriverValue === 'function' && typeof (value as PgColumn).name === 'string';
  if (!columns.every(([, column]) => isColumn(column))) return undefined;
  const plan = planOf(resource);
  const at = new Map(columns.map(([key], index) => [key, index]));
  const readers: ((value: unknown) => unknown)[] = [];
  const entries = [`"id": String(c[${at.get('id')}])`];
  for (const [index, [key, column]] of (columns as [string, PgColumn][]).entries()) {
    if (key === 'id' || key === 'version') continue;
    const conversion = plan.get(key) ?? (passThrough.includes(key) ? 'ref' : undefined);
    if (conversion === undefined) continue;
    const cell = `c[${index}]`;
    if (conversion === 'plain' && sentAsRead.has(column.columnType))
      entries.push(`${JSON.stringify(key)}: ${cell} ?? null`);
    else if (conversion === 'ref') entries.push(`${JSON.stringify(key)}: ${cell} == null ? null : String(${cell})`);
    else {
      readers.push(cellReader(column, conversion));
      entries.push(`${JSON.stringify(key)}: r[${readers.length - 1}](${cell})`);
    }
  }
  const version = at.get('version');
  if (version !== undefined) entries.push(`"version": ${`c[${version}]`}`);
  const names = named.filter(({ field }) => at.has(field));
  for (const { nameKey } of names) entries.push(`${JSON.stringify(nameKey)}: ""`);
  const naming = names.map(
    ({ field, nameKey }, j) => `d[${JSON.stringify(nameKey)}] = N(${j}, d[${JSON.stringify(field)}]);`,
  );
  const build = new Function(
    'r',
    'c',
    'N',
    `"use strict"; const d = { ${entries.join(', ')} }; ${naming.join(' ')} return d;`,
  ) as (
    readers: readonly ((value: unknown) => unknown)[],
    cells: Cells,
    name: (j: number, id: unknown) => unknown,
  ) => Record<string, unknown>;
  return (rows, book) => {
    let complete = true;
    const maps = names.map(({ lookup }) => book.get(lookup));
    const nameOf = (j: number, id: unknown) => {
      const name = maps[j]?.get(typeof id === 'string' ? id : String(id));
      if (name === undefined) complete = false;
      return name ?? '';
    };
    const name = (j: number, id: unknown) => {
      if (Array.isArray(id)) return id.map((each) => nameOf(j, each));
      return id === null || id === undefined || id === '' ? '' : nameOf(j, id);
    };
    const dtos = new Array<Record<string, unknown>>(rows.length);
    for (let index = 0; index < rows.length; index++) dtos[index] = build(readers, rows[index] as Cells, name);
    return { dtos, complete };
  };
}

/** Columns whose driver value is already what the API sends (text, numbers, flags, dates as text). */
const sentAsRead = new Set(['PgText', 'PgSmallInt', 'PgInteger', 'PgBoolean', 'PgDateString', 'PgVarchar']);

/** How one cell of a driver row becomes its DTO value, chosen once per column rather than per cell. */
function cellReader(column: PgColumn, conversion: Conversion): (value: unknown) => unknown {
  if (conversion === 'ref') return (value) => (value === null || value === undefined ? null : String(value));
  if (conversion === 'refs') return (value) => (Array.isArray(value) ? value.map(String) : []);
  if (conversion === 'list') return (value) => value ?? [];
  if (conversion === 'idCard' || conversion === 'bankCard' || conversion === 'mobile') {
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
