import type { SortState } from '../widgets/table/sortState';

function positiveInt(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : fallback;
}

/** A list's page and page size in a URL's search: positive integers, else page 1 and `defaultLimit`. */
export function pageOf(params: URLSearchParams, defaultLimit: number): { page: number; limit: number } {
  return { page: positiveInt(params.get('page'), 1), limit: positiveInt(params.get('limit'), defaultLimit) };
}

/** A list's sort in a URL's search (`?sort=mileage&order=asc`); only the given fields count. */
export function sortOf(params: URLSearchParams, sortable: readonly string[]): SortState | null {
  const field = params.get('sort');
  const order = params.get('order');
  return field && sortable.includes(field) && (order === 'asc' || order === 'desc') ? { field, order } : null;
}
