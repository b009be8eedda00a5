import { defineEnum } from '../enums';
import { fields } from './fields';
import { defineResource } from './resource';

/** A batch import's progress: checked and saved row by row, then done (or stopped by a failure). */
export const importBatchStatus = defineEnum(
  '导入状态',
  [
    [0, '处理中'],
    [1, '已完成'],
    [2, '失败'],
  ],
  { status: true },
);

/** What became of one row of a batch import. */
export const importRowOutcome = defineEnum(
  '处理结果',
  [
    [1, '已导入'],
    [2, '重复'],
    [3, '未通过'],
  ],
  { status: true },
);

export interface ImportBatchScreens {
  /** The resource whose uploads these are (`lead`). */
  of: string;
  /** The sidebar page listing the batches (上传日志): its menu key opens batches and their rows. */
  page: string;
  /**
   * Where the batches' API lives: `/api/lead-imports`; their rows beside it at `/api/lead-imports-rows` (under
   * `…/rows/`, a row's `…/rows/{id}` and a batch's `…/{id}/history` would both match `…/rows/history`).
   */
  endpoint: string;
  /** 上传日志 of 线索: what the batch list is called. */
  title: string;
  /**
   * The page's buttons the batches take, when their page is the family's own list rather than a page of batches
   * (快递商品's 运单导入, whose page also has 删除): none, or `['export']`; every one the page has by default.
   */
  operations?: readonly 'export'[];
}

/**
 * The two kit resources of a resource's batch imports (`import: { mode: 'rows' }`): the batches (file, who,
 * when, rows, imported, duplicates, refused, status) and each batch's rows (row number, outcome, message, the
 * created row's id). Both are read-only lists on the generic tables; a family declares their screens like any
 * other and the server serves them with `importBatchFamilies`.
 */
export function importBatchResources({ of, page, endpoint, title, operations }: ImportBatchScreens) {
  const taken = operations ? { operations } : {};
  const batches = defineResource({
    key: `${of}ImportBatch`,
    title,
    page,
    endpoint,
    ...taken,
    identity: 'fileName',
    defaultSort: { field: 'createdAt', order: 'desc' },
    fields: {
      fileName: fields.text('文件名', { form: false, filter: 'like', max: 200 }),
      createdBy: fields.ref('导入人', 'user', { form: false, filter: 'eq' }),
      createdAt: fields.datetime('导入时间', { form: false, filter: 'range', sortable: true }),
      rows: fields.integer('总行数', { form: false }),
      imported: fields.integer('已导入', { form: false }),
      duplicates: fields.integer('重复', { form: false }),
      refused: fields.integer('未通过', { form: false }),
      status: fields.enumOf(importBatchStatus, { form: false, filter: 'eq' }),
      finishedAt: fields.datetime('完成时间', { form: false, list: false }),
    },
  });
  const rows = defineResource({
    key: `${of}ImportRow`,
    title: `${title}明细`,
    page,
    endpoint: `${endpoint}-rows`,
    ...taken,
    defaultSort: { field: 'rowNumber', order: 'asc' },
    fields: {
      batchId: fields.integer('批次', { form: false, filter: 'eq', panel: false, list: false }),
      rowNumber: fields.integer('行号', { form: false, sortable: true }),
      outcome: fields.enumOf(importRowOutcome, { form: false, filter: 'eq' }),
      message: fields.text('说明', { form: false, max: 500 }),
      recordId: fields.integer('新增记录编号', { form: false }),
    },
  });
  return { batches, rows };
}
