import type { PageResult, Resource } from '@cp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useUrlListState } from '../lists/useUrlListState';
import { get } from '../request';
import { searchFieldNames } from './filters';
import type { ResourceRecord } from './types';
import { useUrlSort } from './useUrlSort';

export interface ResourceListOptions {
  /** The list endpoint: `/api/vehicles`. */
  endpoint: string;
  /** Filters the screen always applies (`{ stage: '0' }`); not in the URL, not in the search panel. */
  fixed?: Readonly<Record<string, string>>;
  /** The filters the search panel offers, in order; the resource's filters by default. */
  filters?: readonly string[];
}

/**
 * A resource list: filters, page, size and sort in the URL (a reload or a shared link shows the same list),
 * and the page of rows the server answers for them.
 */
export function useResourceList<T extends ResourceRecord = ResourceRecord>(
  resource: Resource,
  { endpoint, fixed, filters }: ResourceListOptions,
) {
  const namesKey = [...(filters ?? ['*']), '|', ...Object.keys(fixed ?? {})].join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `namesKey` stands for `filters` and `fixed`
  const filterNames = useMemo(() => searchFieldNames(resource, { only: filters, fixed }), [resource, namesKey]);
  const list = useUrlListState(filterNames);
  const { sort, setSort } = useUrlSort(resource.sortable);
  const query = useMemo(() => {
    const chosen = Object.entries(list.filters).filter(([, value]) => value !== '');
    return {
      page: list.page,
      limit: list.limit,
      ...(sort ? { sort: sort.field, order: sort.order } : {}),
      ...Object.fromEntries(chosen),
      ...fixed,
    };
  }, [list.filters, list.page, list.limit, sort, fixed]);
  const result = useQuery({
    queryKey: [resource.key, 'list', endpoint, query],
    queryFn: () => get<PageResult<T>>(endpoint, query),
    placeholderData: keepPreviousData,
  });
  return { ...list, filterNames, sort, setSort, query, result };
}

export type ResourceList<T extends ResourceRecord = ResourceRecord> = ReturnType<typeof useResourceList<T>>;
