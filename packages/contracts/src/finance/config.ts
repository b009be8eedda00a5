import { defineEnum } from '../enums';
import { receivableKind } from '../orders/leaseOrders';
import { check } from '../resource/checks';
import { fields } from '../resource/fields';
import { importBatchResources } from '../resource/importBatches';
import { defineResource } from '../resource/resource';
import { defineScreen } from '../resource/screen';

/** The six categories of the accounting standard's chart of accounts. */
export const financialCodeCategory = defineEnum('科目类别', [
  [1, '资产'],
  [2, '负债'],
  [3, '共同'],
  [4, '所有者权益'],
  [5, '成本'],
  [6, '损益'],
]);

/** Which side an account's balance normally sits on. */
export const balanceDirection = defineEnum('余额方向', [
  [1, '借'],
  [2, '贷'],
]);

/** A ledger code: four digits at the first level, two more for each level below (1122 → 112201 → 11220101). */
export function financialCodeProblem(value: string): string | null {
  return /^\d{4}(?:\d{2}){0,4}$/.test(value) ? null : '应为4位一级科目编码，每下一级加2位，如“112201”';
}

/**
 * 财务编码: the ledger accounts the company's books post to, uploaded from the finance department's xlsx row
 * by row (a code already kept is 重复) — never typed one by one. 交易名称配置 points each business transaction
 * at two of them.
 */
export const financialCodeResource = defineResource({
  key: 'financialCode',
  title: '财务编码',
  page: 'financialCodeImport',
  endpoint: '/api/financial-codes',
  identity: 'code',
  defaultSort: { field: 'code', order: 'asc' },
  import: {
    key: ['code'],
    mode: 'rows',
    maxRows: 5_000,
    page: 'financialCodeImport',
    note: '每行一个会计科目：科目编码已存在的行跳过；导入结果见导入记录',
  },
  fields: {
    code: fields.text('科目编码', {
      required: true,
      unique: true,
      createOnly: true,
      filter: 'like',
      sortable: true,
      max: 12,
      check: financialCodeProblem,
      import: { example: '112201' },
    }),
    name: fields.text('科目名称', { required: true, filter: 'like', max: 60, import: { example: '应收账款-租金' } }),
    category: fields.enumOf(financialCodeCategory, { required: true, filter: 'eq', import: true }),
    direction: fields.enumOf(balanceDirection, { required: true, import: true }),
    enabled: fields.boolean('是否启用', { required: true, filter: 'eq', import: true }),
    remark: fields.text('备注', { max: 200, list: false, import: true }),
    createdAt: fields.datetime('导入时间', { form: false, sortable: true }),
  },
});

export const financialCodeScreens = {
  financialCodeImport: defineScreen(financialCodeResource, {
    route: 'financialCodeImport',
    key: ['name', 'category', 'enabled'],
  }),
};

/** 导入记录: the uploads of 财务编码, each with what became of every row (in its detail). */
export const financialCodeImports = importBatchResources({
  of: 'financialCode',
  page: 'financialCodeImportRecord',
  endpoint: '/api/financial-code-imports',
  title: '导入记录',
});

export const financialCodeImportScreens = {
  batches: defineScreen(financialCodeImports.batches, { route: 'financialCodeImportRecord' }),
  rows: defineScreen(financialCodeImports.rows, {
    route: 'financialCodeImportRecord',
    embedded: { name: 'financialCodeImportRows', title: '每行结果' },
    key: ['rowNumber', 'outcome'],
  }),
};

/** What a business transaction does to an account: a receivable raised, money received, relieved, a bad debt recovered. */
export const transactionDirection = defineEnum('交易类型', [
  [1, '应收确认'],
  [2, '收款'],
  [3, '减免'],
  [4, '坏账回款'],
]);

/**
 * 交易名称配置: the voucher line each kind of receivable posts for each transaction — 借 one financial code, 贷
 * another (租金 收款: 借 银行存款, 贷 应收账款-租金). One per transaction type and receivable kind.
 */
export const transactionNameResource = defineResource({
  key: 'transactionName',
  title: '交易名称',
  page: 'transactionNameConfiguration',
  endpoint: '/api/transaction-names',
  identity: 'name',
  defaultSort: { field: 'updatedAt', order: 'desc' },
  fields: {
    name: fields.text('交易名称', { required: true, unique: true, filter: 'like', max: 30 }),
    direction: fields.enumOf(transactionDirection, { required: true, filter: 'eq' }),
    receivableKind: fields.enumOf(receivableKind, { required: true, filter: 'eq' }),
    debitCodeId: fields.ref('借方科目', 'financialCode', { required: true, filter: 'eq' }),
    creditCodeId: fields.ref('贷方科目', 'financialCode', { required: true, filter: 'eq' }),
    enabled: fields.boolean('是否启用', { required: true, filter: 'eq' }),
    remark: fields.text('备注', { max: 200, list: false }),
    updatedAt: fields.datetime('更新时间', { form: false, sortable: true }),
  },
  checks: [check.differs('creditCodeId', 'debitCodeId', '不能与借方科目相同')],
});

export const transactionNameScreens = {
  transactionNameConfiguration: defineScreen(transactionNameResource, {
    route: 'transactionNameConfiguration',
    key: ['direction', 'receivableKind', 'debitCodeId', 'creditCodeId'],
  }),
};

/** Longest overdue a level's range may name. */
export const overdueDaysMax = 3650;

/**
 * 坏账分级配置: overdue-day ranges, each a level (M1 1–30 天 …) with its late fee and the collector group its
 * accounts go to; the daily job files each overdue account under the level its days fall in. Ranges never
 * overlap; an open end (逾期天数止 empty) means "and more". These ranges are also 逾期预警's aging buckets.
 */
export const badDebtLevelResource = defineResource({
  key: 'badDebtLevel',
  title: '坏账分级',
  page: 'hierarchicalAllocation',
  endpoint: '/api/bad-debt-levels',
  identity: 'name',
  defaultSort: { field: 'minDays', order: 'asc' },
  fields: {
    name: fields.text('等级名称', { required: true, unique: true, filter: 'like', max: 20, hint: '如：M1' }),
    minDays: fields.integer('逾期天数起', { required: true, min: 1, max: overdueDaysMax, sortable: true }),
    maxDays: fields.integer('逾期天数止', { min: 1, max: overdueDaysMax, hint: '不填为以上' }),
    badDebt: fields.boolean('计入坏账', { required: true, filter: 'eq', hint: '是：此等级的账户列入坏账列表' }),
    lateFeeRate: fields.integer('滞纳金日费率（‱）', {
      required: true,
      min: 0,
      max: 100,
      hint: '每日按逾期未收金额的万分之几计收，0为不收',
    }),
    collectorRoleId: fields.ref('默认催收组', 'role', { required: true, filter: 'eq' }),
    remark: fields.text('备注', { max: 200, list: false }),
    updatedAt: fields.datetime('更新时间', { form: false }),
  },
  checks: [check.notBelow('maxDays', 'minDays', '应不小于逾期天数起')],
});

export const badDebtLevelScreens = {
  hierarchicalAllocation: defineScreen(badDebtLevelResource, {
    route: 'hierarchicalAllocation',
    key: ['minDays', 'maxDays', 'badDebt', 'collectorRoleId'],
  }),
};

/** Two levels' ranges share a day (an open end reaches every day after its start). */
export function rangesOverlap(
  a: { minDays: number; maxDays: number | null },
  b: { minDays: number; maxDays: number | null },
): boolean {
  return a.minDays <= (b.maxDays ?? Number.POSITIVE_INFINITY) && b.minDays <= (a.maxDays ?? Number.POSITIVE_INFINITY);
}
