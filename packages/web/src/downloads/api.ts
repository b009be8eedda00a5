import type { DownloadLink, DownloadRecordDto, ExportStatus, PageResult } from '@cp/contracts';
import { get, post } from '../request';
import { emptyText } from '../resource/emptyText';
import { stripEmpty } from '../widgets';

interface DownloadRecordQuery {
  page: number;
  limit: number;
}

/** The download center's server calls; pages and tests may pass their own. */
export interface DownloadsApi {
  list(query: DownloadRecordQuery): Promise<PageResult<DownloadRecordDto>>;
  /** A signed address of a finished file, valid for a few minutes. */
  link(id: string): Promise<DownloadLink>;
  /** Queues an export of a list (`roleManagement`…) with the filters it shows now. */
  submitExport(kind: string, filters: Record<string, unknown>): Promise<DownloadRecordDto>;
}

export const downloadsApi: DownloadsApi = {
  list: (query) => get<PageResult<DownloadRecordDto>>('/api/download-records', query),
  link: (id) => get<DownloadLink>(`/api/download-records/${id}/url`),
  submitExport: (kind, filters) =>
    post<DownloadRecordDto>('/api/exports', { kind, filters: stripEmpty(filters as Record<string, unknown>) }),
};

/** How often the list asks again while an export is 排队中 or 生成中. */
export const refreshIntervalMs = 2000;

export const exportStates = { queued: 0, running: 1, done: 2, failed: 3, expired: 4 } as const satisfies Record<
  string,
  ExportStatus
>;

export function isInProgress(record: Pick<DownloadRecordDto, 'status'>): boolean {
  return record.status === exportStates.queued || record.status === exportStates.running;
}

/** The refresh interval while any row of the page is still being made, false when all are settled. */
export function refreshWhileBusy(
  page: PageResult<DownloadRecordDto> | undefined,
  intervalMs = refreshIntervalMs,
): number | false {
  return page?.list.some(isInProgress) ? intervalMs : false;
}

/** `0 B`, `812 B`, `14.2 KB`, `3.5 MB`. */
export function formatSize(bytes: number): string {
  if (!bytes) return emptyText;
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(value >= 100 ? 0 : 1)} ${units[unit]}`;
}

/** Fetches the file at a signed address the way a link click would (the server names it). */
export function saveFromUrl(url: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}
