import type { PageResult, Resource } from '@cp/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { pageOf, sortOf } from '../lists/urlParams';
import { get } from '../request';
import { sharedDefaultPageSize } from '../widgets/paging/paging';
import { searchFieldNames } from './filters';

export interface ResourceListOptions {
  /** The list endpoint: `/api/vehicles`. */
  endpoint: string;
  /** Filters the screen always applies (`{ stage: '0' }`); not in the URL, not in the search panel. */
  fixed?: Readonly<Record<string, string>>;
  /** The filters the search panel offers, in order; the resource's filters by default. */
  filters?: readonly string[];
}

/**
 * The request a list makes for a URL's search part, and its cache key: the one definition both the list
 * (`useResourceList`) and its prefetch use, so a prefetched page is the page the list then shows.
 */
export function resourceListQuery(
  resource: Resource,
  { endpoint, fixed, filters }: ResourceListOptions,
  params: URLSearchParams,
) {
  const names = searchFieldNames(resource, { only: filters, fixed });
  const chosen = names.flatMap((name) => {
    const value = params.get(name) ?? '';
    return value === '' ? [] : [[name, value] as const];
  });
  const sort = sortOf(params, resource.sortable);
  const query: Record<string, string | number> = {
    ...pageOf(params, sharedDefaultPageSize),
    ...(sort ? { sort: sort.field, order: sort.order } : {}),
    ...Object.fromEntries(chosen),
    ...fixed,
  };
  return { query, queryKey: [resource.key, 'list', endpoint, query] as const };
}

/**
 * Starts loading the list a URL shows before its page renders (while the session and the page's code
 * load). Quiet: a failure is left for the list itself to meet and show.
 */
export function prefetchResourceList(
  queryClient: QueryClient,
  resource: Resource,
  options: ResourceListOptions,
  search: string,
): void {
  const { query, queryKey } = resourceListQuery(resource, options, new URLSearchParams(search));
  void queryClient.prefetchQuery({
    queryKey,
    queryFn: () => get<PageResult<unknown>>(options.endpoint, query, { silent: true }),
  });
}
