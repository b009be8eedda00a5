import type { PageResult, Screen } from '@cp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useUrlListState } from '../lists/useUrlListState';
import { get } from '../request';
import { resourceListQuery, tabOf } from './listQuery';
import type { ResourceRecord } from './types';
import { useUrlSort } from './useUrlSort';

/**
 * A screen's list: filters, page, size, sort and status tab in the URL (a reload or a shared link shows the
 * same list), and the page of rows the server answers for them.
 */
export function useResourceList<T extends ResourceRecord = ResourceRecord>(screen: Screen) {
  const list = useUrlListState(screen.filters);
  const { sort, setSort } = useUrlSort(screen.resource.sortable);
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `search` stands for `params`
  const { query, queryKey } = useMemo(() => resourceListQuery(screen, params), [screen, search]);
  const result = useQuery({
    queryKey,
    queryFn: () => get<PageResult<T>>(screen.endpoint, query),
    placeholderData: keepPreviousData,
  });
  const first = screen.tabs?.items[0]?.key;
  /** The status tab shown: the URL's, or the screen's first. */
  const tab = tabOf(screen, params) ?? first;
  const setTab = useCallback(
    (key: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (key === first) updated.delete('tab');
          else updated.set('tab', key);
          updated.delete('page');
          return updated;
        },
        { replace: true },
      ),
    [first, setParams],
  );
  return { ...list, filterNames: screen.filters, sort, setSort, tab, setTab, query, result, screen };
}

export type ResourceList<T extends ResourceRecord = ResourceRecord> = ReturnType<typeof useResourceList<T>>;
