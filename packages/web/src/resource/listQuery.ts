import type { PageResult, Screen } from '@cp/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { pageOf, sortOf } from '../lists/urlParams';
import { get } from '../request';
import { sharedDefaultPageSize } from '../widgets/paging/paging';
import { columnSettingsQuery } from './useColumnSettings';

/** The status tab a URL names (`?tab=delivery`), when the screen has it; none means the screen's first. */
export function tabOf(screen: Screen, params: URLSearchParams): string | undefined {
  const key = params.get('tab');
  return screen.tabs?.items.some((item) => item.key === key) ? (key ?? undefined) : undefined;
}

/**
 * The request a screen's list makes for a URL's search part, and its cache key: the one definition both the
 * list (`useResourceList`) and its prefetch use, so a prefetched page is the page the list then shows. The
 * screen's fixed filters are its endpoint's to apply, not the URL's; its status tab is the URL's.
 */
export function resourceListQuery(screen: Screen, params: URLSearchParams) {
  const chosen = screen.filters.flatMap((name) => {
    const value = params.get(name) ?? '';
    return value === '' ? [] : [[name, value] as const];
  });
  const sort = sortOf(params, screen.resource.sortable);
  const tab = tabOf(screen, params);
  const query: Record<string, string | number> = {
    ...pageOf(params, sharedDefaultPageSize),
    ...(sort ? { sort: sort.field, order: sort.order } : {}),
    ...(tab ? { tab } : {}),
    ...Object.fromEntries(chosen),
  };
  return { query, queryKey: [screen.resource.key, 'list', screen.endpoint, query] as const };
}

/**
 * Starts loading the list a URL shows, and how the user arranged its columns, before its page renders
 * (while the session and the page's code load). Quiet: a failure is left for the list itself to meet and show.
 */
export function prefetchResourceList(queryClient: QueryClient, screen: Screen, search: string): void {
  const { query, queryKey } = resourceListQuery(screen, new URLSearchParams(search));
  void queryClient.prefetchQuery({
    queryKey,
    queryFn: () => get<PageResult<unknown>>(screen.endpoint, query, { silent: true }),
  });
  void queryClient.prefetchQuery(columnSettingsQuery(screen));
}
