import { z } from 'zod';
import { defineEnum } from './enums';
import { pageQuery } from './response';
import { text } from './values';

/** An export's progress as the download center shows it. */
export const exportStatus = defineEnum('导出状态', [
  [0, '排队中'],
  [1, '生成中'],
  [2, '已完成'],
  [3, '失败'],
  [4, '已过期'],
]);
export type ExportStatus = (typeof exportStatus)['values'][number];

/** `POST /api/exports`: which list, with the filters it shows now. */
export const exportRequest = z.strictObject({
  kind: text().trim().min(1, '不能为空').max(64).meta({ title: '导出类型' }),
  filters: z.looseObject({}).default({}).meta({ title: '筛选条件' }),
});
export type ExportRequest = z.input<typeof exportRequest>;

export const downloadRecordQuery = pageQuery.strict();

/** A row of /downloadRecord. */
export interface DownloadRecordDto {
  id: string;
  kind: string;
  name: string;
  fileName: string;
  status: ExportStatus;
  statusLabel: string;
  /** 0…100 */
  progress: number;
  rowCount: number;
  /** Bytes of the finished file, 0 before. */
  size: number;
  failureReason: string;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string | null;
  /** Finished and not yet expired. */
  downloadable: boolean;
}

/** `GET /api/download-records/:id/url`: a signed address to fetch the file with. */
export interface DownloadLink {
  url: string;
  fileName: string;
  expiresAt: string;
}
