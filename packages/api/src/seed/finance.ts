import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { badDebtLevels, financialCodes, transactionNames } from '../finance/tables';
import { roles, tenants, users } from '../identity/tables';
import { importBatches, importBatchRows } from '../resource/import-tables';
import { approverRoleCodes } from './platform';

/** A leasing company's ledger accounts: [code, name, category, direction]. */
const chart: [string, string, number, number][] = [
  ['1001', '库存现金', 1, 1],
  ['1002', '银行存款', 1, 1],
  ['100201', '银行存款-基本户', 1, 1],
  ['100202', '银行存款-收款专户', 1, 1],
  ['1012', '其他货币资金', 1, 1],
  ['101201', '其他货币资金-微信', 1, 1],
  ['101202', '其他货币资金-支付宝', 1, 1],
  ['1122', '应收账款', 1, 1],
  ['112201', '应收账款-租金', 1, 1],
  ['112202', '应收账款-首付款', 1, 1],
  ['112203', '应收账款-尾款', 1, 1],
  ['112204', '应收账款-退车结算', 1, 1],
  ['112205', '应收账款-代垫费用', 1, 1],
  ['1221', '其他应收款', 1, 1],
  ['122101', '其他应收款-滞纳金', 1, 1],
  ['1231', '坏账准备', 1, 2],
  ['1531', '长期应收款', 1, 1],
  ['1601', '固定资产', 1, 1],
  ['160101', '固定资产-运营车辆', 1, 1],
  ['1602', '累计折旧', 1, 2],
  ['2203', '预收账款', 2, 2],
  ['2241', '其他应付款', 2, 2],
  ['224101', '其他应付款-租车押金', 2, 2],
  ['2221', '应交税费', 2, 2],
  ['222101', '应交税费-应交增值税（销项税额）', 2, 2],
  ['6001', '主营业务收入', 6, 2],
  ['600101', '主营业务收入-车辆租赁', 6, 2],
  ['600102', '主营业务收入-车辆销售', 6, 2],
  ['6051', '其他业务收入', 6, 2],
  ['605101', '其他业务收入-整备服务', 6, 2],
  ['605102', '其他业务收入-费用转嫁', 6, 2],
  ['6301', '营业外收入', 6, 2],
  ['630101', '营业外收入-滞纳金', 6, 2],
  ['6401', '主营业务成本', 6, 1],
  ['6602', '管理费用', 6, 1],
  ['6701', '资产减值损失', 6, 1],
  ['670101', '信用减值损失-坏账', 6, 1],
];

/** [name, direction, receivable kind, debit code, credit code]. */
const postings: [string, number, number, string, string][] = [
  ['租金应收确认', 1, 1, '112201', '600101'],
  ['租金收款', 2, 1, '100202', '112201'],
  ['租金减免', 3, 1, '600101', '112201'],
  ['租金坏账回款', 4, 1, '100202', '1231'],
  ['押金应收确认', 1, 2, '1221', '224101'],
  ['押金收款', 2, 2, '100202', '1221'],
  ['首付款应收确认', 1, 3, '112202', '2203'],
  ['首付款收款', 2, 3, '100202', '112202'],
  ['整备费应收确认', 1, 4, '112205', '605101'],
  ['整备费收款', 2, 4, '100202', '112205'],
  ['尾款收款', 2, 5, '100202', '112203'],
  ['退车结算款收款', 2, 6, '100202', '112204'],
  ['滞纳金应收确认', 1, 7, '122101', '630101'],
  ['滞纳金收款', 2, 7, '100202', '122101'],
  ['滞纳金减免', 3, 7, '630101', '122101'],
  ['违章代缴费收款', 2, 9, '100202', '112205'],
  ['维修费收款', 2, 10, '100202', '112205'],
];

/** [name, min, max, bad debt, late fee ‱, collector role code]. */
const levels: [string, number, number | null, boolean, number, string][] = [
  ['M1', 1, 30, false, 5, approverRoleCodes.finance],
  ['M2', 31, 60, false, 5, approverRoleCodes.finance],
  ['M3', 61, 90, false, 10, approverRoleCodes.manager],
  ['M3+', 91, null, true, 10, approverRoleCodes.manager],
];

/**
 * The finance configuration of each branch company that has none: the chart of accounts as one upload of
 * 财务编码导入 (its 导入记录 with every row), the postings of 交易名称配置, the levels of 坏账分级配置.
 */
export async function seedFinanceConfig(db: Db, now = new Date()): Promise<void> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.loginId, 'admin'));
  if (!admin) return;
  const by = { createdBy: admin.id, updatedBy: admin.id };
  for (const tenant of await db.select().from(tenants).orderBy(asc(tenants.id))) {
    const [existing] = await db
      .select({ id: financialCodes.id })
      .from(financialCodes)
      .where(eq(financialCodes.tenantId, tenant.id))
      .limit(1);
    if (existing) continue;
    await db.transaction(async (tx) => {
      const at = new Date(now.getTime() - 60 * 86_400_000);
      const stamp = { ...by, createdAt: at, updatedAt: at, tenantId: tenant.id };
      const codes = await tx
        .insert(financialCodes)
        .values(
          chart.map(([code, name, category, direction]) => ({
            ...stamp,
            code,
            name,
            category,
            direction,
            enabled: true,
          })),
        )
        .returning({ id: financialCodes.id, code: financialCodes.code });
      const [batch] = await tx
        .insert(importBatches)
        .values({
          ...stamp,
          resourceKey: 'financialCode',
          fileName: '会计科目表2026.xlsx',
          rows: codes.length,
          imported: codes.length,
          status: 1,
          finishedAt: at,
        })
        .returning({ id: importBatches.id });
      if (!batch) return;
      await tx.insert(importBatchRows).values(
        codes.map((code, index) => ({
          ...stamp,
          batchId: batch.id,
          rowNumber: index + 2,
          outcome: 1,
          recordId: code.id,
        })),
      );
      const idOf = new Map(codes.map((code) => [code.code, code.id]));
      await tx.insert(transactionNames).values(
        postings.map(([name, direction, receivable, debit, credit]) => ({
          ...stamp,
          name,
          direction,
          receivableKind: receivable,
          debitCodeId: idOf.get(debit) as number,
          creditCodeId: idOf.get(credit) as number,
          enabled: true,
        })),
      );
      const collectors = await tx
        .select({ id: roles.id, code: roles.code })
        .from(roles)
        .where(and(eq(roles.tenantId, tenant.id), inArray(roles.code, Object.values(approverRoleCodes))));
      const roleOf = new Map(collectors.map((role) => [role.code, role.id]));
      const rows = levels.flatMap(([name, minDays, maxDays, badDebt, lateFeeRate, role]) => {
        const collectorRoleId = roleOf.get(role);
        return collectorRoleId ? [{ ...stamp, name, minDays, maxDays, badDebt, lateFeeRate, collectorRoleId }] : [];
      });
      if (rows.length > 0) await tx.insert(badDebtLevels).values(rows);
    });
  }
}
