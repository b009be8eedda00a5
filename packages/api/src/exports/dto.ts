import { type DownloadRecordDto, type ExportStatus, exportStatus } from '@cp/contracts';
import { abandonedReason } from '../jobs/leases';
import type { JobStatus } from '../jobs/tables';
import type { ExportRecordRow } from './tables';

/** Export statuses by name, as stored. */
export const exportState = { queued: 0, running: 1, done: 2, failed: 3, expired: 4 } as const satisfies Record<
  string,
  ExportStatus
>;

/** What the download center reads of an export's job with the record. */
export interface ExportJobState {
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  /** Running under a lease that ran out, by the database's clock: its process died or stalled. */
  leaseRanOut: boolean;
}

type Shown = Pick<DownloadRecordDto, 'status' | 'statusLabel' | 'progress' | 'rowCount' | 'failureReason'>;

/**
 * The record as it stands now. It says 生成中 while an attempt writes it; once that attempt's lease ran out no
 * process is generating it any more: it waits to be tried again (重试中) or, with no attempt left, has failed —
 * as the next worker round records. A job queued again after a failed attempt is 重试中 too.
 */
function shownState(row: ExportRecordRow, job: ExportJobState | null): Shown {
  const status = row.status as ExportStatus;
  const stored = {
    status,
    statusLabel: exportStatus.label(status),
    progress: row.progress,
    rowCount: row.rowCount,
    failureReason: row.failureReason ?? '',
  };
  if (!job || (status !== exportState.queued && status !== exportState.running)) return stored;
  const retrying = { status: exportState.queued, statusLabel: '重试中', progress: 0, rowCount: 0, failureReason: '' };
  if (job.status === 'running' && job.leaseRanOut) {
    if (job.attempts < job.maxAttempts) return retrying;
    return {
      ...stored,
      status: exportState.failed,
      statusLabel: exportStatus.label(exportState.failed),
      failureReason: abandonedReason(job.attempts),
    };
  }
  if (job.status === 'queued' && job.attempts > 0) return retrying;
  return stored;
}

export function toDownloadRecord(
  row: ExportRecordRow,
  now = Date.now(),
  job: ExportJobState | null = null,
): DownloadRecordDto {
  const status = row.status as ExportStatus;
  return {
    id: String(row.id),
    kind: row.kind,
    name: row.name,
    fileName: `${row.name}.xlsx`,
    ...shownState(row, job),
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadable: status === exportState.done && row.fileId !== null && (row.expiresAt?.getTime() ?? 0) > now,
  };
}

/** `角色列表_20250601083000` in Beijing time. */
export function exportName(name: string, at = new Date()): string {
  const stamp = new Date(at.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${name}_${stamp}`;
}
