import type { SorterResult } from 'antd/es/table/interface';

/** The sort a list call sends: the column's key (or dataIndex) and a direction. */
export interface SortState {
  field: string;
  order: 'asc' | 'desc';
}

/** antd's sorter result as the server's sort, or null when the user cleared sorting. */
export function toSortState<T>(sorter: SorterResult<T> | SorterResult<T>[]): SortState | null {
  const active = Array.isArray(sorter) ? sorter.find((entry) => entry.order) : sorter;
  if (!active?.order) return null;
  const key = active.columnKey ?? active.field;
  if (key === undefined) return null;
  return { field: Array.isArray(key) ? key.join('.') : String(key), order: active.order === 'ascend' ? 'asc' : 'desc' };
}
