import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { sharedDefaultPageSize } from '../widgets';
import { pageOf } from './urlParams';

type ListFilters<F extends string> = Record<F, string>;

/**
 * A list's filters, page and page size, kept in the URL so a reload or a shared link lands on the same
 * list. Writes replace the current history entry; a new filter starts again at page 1.
 */
export function useUrlListState<F extends string>(filterNames: readonly F[], defaultLimit = sharedDefaultPageSize) {
  const [params, setParams] = useSearchParams();
  const search = params.toString();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `search` is the value identity of `params`
  const state = useMemo(() => {
    const filters = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ''])) as ListFilters<F>;
    return { filters, ...pageOf(params, defaultLimit) };
  }, [search, filterNames, defaultLimit]);

  const setFilters = useCallback(
    (next: Partial<Record<F, string | undefined>>) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          for (const name of filterNames) {
            const value = next[name]?.trim();
            if (value) updated.set(name, value);
            else updated.delete(name);
          }
          updated.delete('page');
          return updated;
        },
        { replace: true },
      ),
    [filterNames, setParams],
  );

  const setPage = useCallback(
    (page: number, limit: number) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (page > 1) updated.set('page', String(page));
          else updated.delete('page');
          if (limit !== defaultLimit) updated.set('limit', String(limit));
          else updated.delete('limit');
          return updated;
        },
        { replace: true },
      ),
    [defaultLimit, setParams],
  );

  return { ...state, setFilters, setPage };
}
