import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { sortOf } from '../lists/urlParams';
import type { SortState } from '../widgets';

/** A list's server sort in the URL (`?sort=mileage&order=asc`); only the given fields count. */
export function useUrlSort(sortable: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const field = params.get('sort');
  const order = params.get('order');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `field` and `order` are what `sortOf` reads of `params`
  const sort = useMemo(() => sortOf(params, sortable), [field, order, sortable]);
  const setSort = useCallback(
    (next: SortState | null) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) {
            updated.set('sort', next.field);
            updated.set('order', next.order);
          } else {
            updated.delete('sort');
            updated.delete('order');
          }
          updated.delete('page');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { sort, setSort };
}
