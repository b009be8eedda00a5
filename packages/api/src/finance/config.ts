import {
  badDebtLevelResource,
  badDebtLevelScreens,
  financialCodeImportScreens,
  financialCodeImports,
  financialCodeResource,
  financialCodeScreens,
  rangesOverlap,
  transactionDirection,
  transactionNameResource,
  transactionNameScreens,
} from '@cp/contracts';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import { businessError } from '../http/errors';
import { enqueueJob } from '../jobs/queue';
import { defineServerLookup } from '../lookups/registry';
import { defineServerResource } from '../resource/family';
import { importBatchFamilies } from '../resource/import-batch-families';
import { reclassifyJob } from './overdue';
import { badDebtLevels, financialCodes, transactionNames } from './tables';

/** 财务编码: uploaded row by row; a code 交易名称配置 posts to cannot be removed (the page has no 删除 anyway). */
const financialCodeFamily = defineServerResource({
  resource: financialCodeResource,
  table: financialCodes,
  screens: Object.values(financialCodeScreens),
});

/** 导入记录 and each upload's rows (in its detail). */
const financialCodeImportFamilies = importBatchFamilies(
  'financialCode',
  financialCodeImports,
  financialCodeImportScreens,
);

defineServerLookup('financialCode', {
  all: (db, tenantId) =>
    db
      .select({ id: financialCodes.id, name: sql<string>`${financialCodes.code} || ' ' || ${financialCodes.name}` })
      .from(financialCodes)
      .where(eq(financialCodes.tenantId, tenantId))
      .orderBy(asc(financialCodes.code)),
});

/** 交易名称配置: one voucher line per transaction type and receivable kind, posting to two enabled, different codes. */
const transactionNameFamily = defineServerResource({
  resource: transactionNameResource,
  table: transactionNames,
  screens: Object.values(transactionNameScreens),
  async prepare(values, ctx, before) {
    const merged = { ...before, ...values };
    for (const [field, title] of [
      ['debitCodeId', '借方科目'],
      ['creditCodeId', '贷方科目'],
    ] as const) {
      if (values[field] == null) continue;
      const [code] = await ctx.tx
        .select({ code: financialCodes.code, enabled: financialCodes.enabled })
        .from(financialCodes)
        .where(and(eq(financialCodes.tenantId, ctx.auth.tenantId), eq(financialCodes.id, Number(values[field]))));
      if (code && !code.enabled) throw businessError(`${title}：科目 ${code.code} 已停用`);
    }
    const [taken] = await ctx.tx
      .select({ name: transactionNames.name })
      .from(transactionNames)
      .where(
        and(
          eq(transactionNames.tenantId, ctx.auth.tenantId),
          eq(transactionNames.direction, Number(merged.direction)),
          eq(transactionNames.receivableKind, Number(merged.receivableKind)),
          before ? ne(transactionNames.id, Number(before.id)) : undefined,
        ),
      );
    if (taken) {
      throw businessError(
        `${transactionDirection.label(Number(merged.direction))}的该应收类型已配置为「${taken.name}」`,
      );
    }
    return values;
  },
  constraints: { transaction_names_tenant_kind_key: 'receivableKind' },
});

/**
 * 坏账分级配置: ranges checked against the branch company's other levels under one lock, so two saves
 * racing cannot both add overlapping ranges.
 */
const badDebtLevelFamily = defineServerResource({
  resource: badDebtLevelResource,
  table: badDebtLevels,
  screens: Object.values(badDebtLevelScreens),
  async prepare(values, ctx, before) {
    const merged = { ...before, ...values } as { minDays: number; maxDays: number | null; id?: unknown };
    const range = { minDays: Number(merged.minDays), maxDays: merged.maxDays == null ? null : Number(merged.maxDays) };
    await ctx.tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`badDebtLevels:${ctx.auth.tenantId}`}))`);
    const others = await ctx.tx
      .select({ name: badDebtLevels.name, minDays: badDebtLevels.minDays, maxDays: badDebtLevels.maxDays })
      .from(badDebtLevels)
      .where(
        and(
          eq(badDebtLevels.tenantId, ctx.auth.tenantId),
          before ? ne(badDebtLevels.id, Number(before.id)) : undefined,
          or(sql`${badDebtLevels.maxDays} is null`, sql`${badDebtLevels.maxDays} >= ${range.minDays}`),
        ),
      );
    const clash = others.find((other) => rangesOverlap(range, other));
    if (clash) {
      const span = clash.maxDays == null ? `${clash.minDays}天以上` : `${clash.minDays}–${clash.maxDays}天`;
      throw businessError(`逾期天数与等级「${clash.name}」（${span}）重叠`);
    }
    return values;
  },
  // Overdue money already filed follows the change: queued with it, done by a worker.
  async onChange(ctx) {
    await enqueueJob(ctx.tx, reclassifyJob, {
      payload: { tenantId: ctx.auth.tenantId },
      tenantId: ctx.auth.tenantId,
      dedupeKey: `finance.reclassify:${ctx.auth.tenantId}`,
    });
  },
});

defineServerLookup('badDebtLevel', {
  all: (db, tenantId) =>
    db
      .select({ id: badDebtLevels.id, name: badDebtLevels.name })
      .from(badDebtLevels)
      .where(eq(badDebtLevels.tenantId, tenantId))
      .orderBy(asc(badDebtLevels.minDays)),
});

export const financeConfigFamilies = [
  financialCodeFamily,
  financialCodeImportFamilies.batches,
  financialCodeImportFamilies.rows,
  transactionNameFamily,
  badDebtLevelFamily,
];
