import type { FieldDef, Resource } from '@cp/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { fieldOf } from './types';

/** A filter as the search form holds it: text, a number, a list of numbers, or a date range. */
export type FilterFormValue = string | number | number[] | [Dayjs, Dayjs] | undefined;

const numeric = (def: FieldDef) =>
  def.kind === 'enum' || def.kind === 'enums' || def.kind === 'integer' || def.kind === 'boolean';

/**
 * The filters a list's search panel offers: the resource's, or those named, minus those held fixed and
 * those only links set (`panel: false`).
 */
export function searchFieldNames(
  resource: Resource,
  options: { only?: readonly string[]; fixed?: Readonly<Record<string, string>> } = {},
): string[] {
  const names = options.only ?? resource.filters;
  for (const name of names) {
    if (!fieldOf(resource, name).filter) throw new Error(`${resource.key}.${name} declares no filter`);
  }
  return names.filter((name) => !(options.fixed && name in options.fixed) && fieldOf(resource, name).panel !== false);
}

/** One URL filter (`0,3`, `2024-01-01,2024-12-31`) as its search field holds it. */
function toFormValue(def: FieldDef, raw: string): FilterFormValue {
  if (raw === '') return undefined;
  switch (def.filter) {
    case 'in':
      return raw.split(',').map(Number);
    case 'range': {
      const [from, to] = raw.split(',');
      return [dayjs(from), dayjs(to)];
    }
    default:
      return numeric(def) ? Number(raw) : raw;
  }
}

/** A search field's value as the list query (and the URL) carries it; '' when empty. */
function toUrlValue(def: FieldDef, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (def.filter === 'range' && Array.isArray(value)) {
    const [from, to] = value as [Dayjs | null, Dayjs | null];
    return from && to ? `${from.format('YYYY-MM-DD')},${to.format('YYYY-MM-DD')}` : '';
  }
  if (Array.isArray(value)) return value.join(',');
  return String(value).trim();
}

export function toFormValues(resource: Resource, filters: Readonly<Record<string, string>>) {
  return Object.fromEntries(
    Object.entries(filters).map(([name, raw]) => [name, toFormValue(fieldOf(resource, name), raw)]),
  );
}

export function toUrlFilters(resource: Resource, names: readonly string[], values: Readonly<Record<string, unknown>>) {
  return Object.fromEntries(names.map((name) => [name, toUrlValue(fieldOf(resource, name), values[name])]));
}
