import { type DownloadRecordDto, type ExportStatus, exportStatus } from '@cp/contracts';
import type { ExportRecordRow } from './tables';

/** Export statuses by name, as stored. */
export const exportState = { queued: 0, running: 1, done: 2, failed: 3, expired: 4 } as const satisfies Record<
  string,
  ExportStatus
>;

export function toDownloadRecord(row: ExportRecordRow, now = Date.now()): DownloadRecordDto {
  const status = row.status as ExportStatus;
  return {
    id: String(row.id),
    kind: row.kind,
    name: row.name,
    fileName: `${row.name}.xlsx`,
    status,
    statusLabel: exportStatus.label(status),
    progress: row.progress,
    rowCount: row.rowCount,
    size: row.size,
    failureReason: row.failureReason ?? '',
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
