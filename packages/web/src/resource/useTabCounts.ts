import type { Screen, TabCount } from '@cp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get } from '../request';
import { exportFilters } from './exportFilters';

/**
 * The count of each status tab of a screen for the filters its list shows, in one request (not again for
 * another page, order or tab); none for a screen without tabs.
 */
export function useTabCounts(screen: Screen, query: Record<string, unknown>) {
  const { tab: _tab, ...filters } = exportFilters(query);
  const counts = useQuery({
    queryKey: [screen.resource.key, 'tabCounts', screen.endpoint, filters],
    queryFn: () => get<TabCount[]>(`${screen.endpoint}/tab-counts`, filters, { silent: true }),
    enabled: screen.tabs !== undefined,
    placeholderData: keepPreviousData,
  });
  return new Map((counts.data ?? []).map((count) => [count.key, count]));
}
