import type { Resource } from '@cp/contracts';
import type { TableColumnsType } from 'antd';
import type { SortState } from '../widgets';
import { displayTitle, renderValue } from './format';
import { pickFields, type ResourceRecord } from './types';

export interface ColumnOptions {
  /** Columns in this order instead of the resource's list fields. */
  only?: readonly string[];
  /** The list's current server sort, so the sorted column shows its arrow. */
  sort?: SortState | null;
}

/**
 * The table columns of a resource's list fields: enumeration labels, the names of referenced rows, yuan,
 * local dates, tags; sortable fields sort on the server.
 */
export function buildColumns<T extends ResourceRecord = ResourceRecord>(
  resource: Resource,
  { only, sort }: ColumnOptions = {},
): TableColumnsType<T> {
  const entries = pickFields(resource, only).filter(([, def]) => only || def.list);
  return entries.map(([name, def]) => ({
    key: name,
    dataIndex: name,
    title: displayTitle(def),
    align: def.kind === 'money' || def.kind === 'integer' ? 'right' : undefined,
    render: (_: unknown, record: T) => renderValue(name, def, record),
    ...(def.sortable
      ? {
          sorter: true,
          sortOrder: sort?.field === name ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
          sortDirections: ['descend', 'ascend'] as ('descend' | 'ascend')[],
        }
      : {}),
  }));
}
