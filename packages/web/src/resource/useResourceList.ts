import type { PageResult, Resource } from '@cp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useUrlListState } from '../lists/useUrlListState';
import { get } from '../request';
import { searchFieldNames } from './filters';
import { type ResourceListOptions, resourceListQuery } from './listQuery';
import type { ResourceRecord } from './types';
import { useUrlSort } from './useUrlSort';

export type { ResourceListOptions } from './listQuery';

/**
 * A resource list: filters, page, size and sort in the URL (a reload or a shared link shows the same list),
 * and the page of rows the server answers for them.
 */
export function useResourceList<T extends ResourceRecord = ResourceRecord>(
  resource: Resource,
  options: ResourceListOptions,
) {
  const { endpoint, fixed, filters } = options;
  const namesKey = [...(filters ?? ['*']), '|', ...Object.keys(fixed ?? {})].join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `namesKey` stands for `filters` and `fixed`
  const filterNames = useMemo(() => searchFieldNames(resource, { only: filters, fixed }), [resource, namesKey]);
  const list = useUrlListState(filterNames);
  const { sort, setSort } = useUrlSort(resource.sortable);
  const [params] = useSearchParams();
  const search = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `search` stands for `params`, `namesKey` for the options
  const { query, queryKey } = useMemo(
    () => resourceListQuery(resource, { endpoint, fixed, filters }, params),
    [resource, endpoint, namesKey, search],
  );
  const result = useQuery({
    queryKey,
    queryFn: () => get<PageResult<T>>(endpoint, query),
    placeholderData: keepPreviousData,
  });
  return { ...list, filterNames, sort, setSort, query, result };
}

export type ResourceList<T extends ResourceRecord = ResourceRecord> = ReturnType<typeof useResourceList<T>>;
