import { z } from 'zod';
import { defineEnum } from './enums';
import { pageQuery } from './response';
import { text } from './values';

/** An export's progress as the download center shows it. */
export const exportStatus = defineEnum(
  '导出状态',
  [
    [0, '排队中'],
    [1, '生成中'],
    [2, '已完成'],
    [3, '失败'],
    [4, '已过期'],
  ],
  { status: true },
);
export type ExportStatus = (typeof exportStatus)['values'][number];

/** `POST /api/exports`: which list, with the filters it shows now. */
export const exportRequest = z.strictObject({
  kind: text().trim().min(1, '不能为空').max(64).meta({ title: '导出类型' }),
  filters: z.looseObject({}).default({}).meta({ title: '筛选条件' }),
});
export type ExportRequest = z.input<typeof exportRequest>;

export const downloadRecordQuery = pageQuery.strict();

/** An export the user may run: its kind (the list's route key), name and button. */
export const exportKind = z.object({ kind: text(), name: text(), permission: text() });

/** A row of /downloadRecord. */
export const downloadRecordDto = z.object({
  id: text(),
  kind: text(),
  name: text(),
  fileName: text(),
  status: exportStatus.schema,
  statusLabel: text(),
  progress: z.number().int().meta({ description: '0…100' }),
  rowCount: z.number().int(),
  size: z.number().int().meta({ description: '完成的文件字节数，完成前为 0' }),
  failureReason: text(),
  createdAt: text(),
  finishedAt: text().nullable(),
  expiresAt: text().nullable(),
  downloadable: z.boolean().meta({ description: '已完成且未过期' }),
});
export type DownloadRecordDto = z.infer<typeof downloadRecordDto>;

/** `GET /api/download-records/:id/url`: a signed address to fetch the file with. */
export const downloadLink = z.object({ url: text(), fileName: text(), expiresAt: text() });
export type DownloadLink = z.infer<typeof downloadLink>;
