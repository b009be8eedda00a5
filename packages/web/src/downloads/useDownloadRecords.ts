import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useUrlListState } from '../lists/useUrlListState';
import { type DownloadsApi, refreshIntervalMs, refreshWhileBusy } from './api';

const noFilters = [] as const;

/**
 * The user's exports, page and size in the URL, asked again every few seconds while any of them is
 * queued or being made, and not at all once every one has settled.
 */
export function useDownloadRecords(api: DownloadsApi, intervalMs = refreshIntervalMs) {
  const list = useUrlListState(noFilters);
  const query = { page: list.page, limit: list.limit };
  const result = useQuery({
    queryKey: ['downloadRecords', query],
    queryFn: () => api.list(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (current) => refreshWhileBusy(current.state.data, intervalMs),
  });
  return { list, result };
}
