import { companyResource } from '@cp/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { diff, recordAudit } from '../audit/service';
import { businessNow } from '../clock';
import type { Db, Executor } from '../db';
import { sessionOf } from '../http/access';
import { businessError } from '../http/errors';
import { branchCompanies } from './tables';

/** The operating parameters a branch company's services follow, as they stand when read. */
interface CompanySettings {
  /** 出账提前天数: a bill is issued this many days before it falls due. */
  billLeadDays: number;
  /** 宽限天数 a new lease order starts with. */
  graceDays: number;
  /** 滞纳金日费率 (万分之) a new lease order starts with. */
  lateFeeRate: number;
  /** 断电限速: a car faster than this (km/h) is not cut off; the cut waits for it to stop. */
  powerOffSpeedKmh: number;
}

/** What a branch company without its 公司运营配置 row runs on (the values before the screen existed). */
const defaultCompanySettings: CompanySettings = {
  billLeadDays: 5,
  graceDays: 3,
  lateFeeRate: 5,
  powerOffSpeedKmh: 5,
};

/**
 * A branch company's operating parameters, read from its row each time (no cache): an edit on 编辑公司 holds
 * for the next bill, order or power-off command of any process, without a restart.
 */
export async function companySettings(db: Executor, tenantId: number): Promise<CompanySettings> {
  const [row] = await db
    .select({
      billLeadDays: branchCompanies.billLeadDays,
      graceDays: branchCompanies.graceDays,
      lateFeeRate: branchCompanies.lateFeeRate,
      powerOffSpeedKmh: branchCompanies.powerOffSpeedKmh,
    })
    .from(branchCompanies)
    .where(eq(branchCompanies.tenantId, tenantId));
  return row ?? defaultCompanySettings;
}

/**
 * The late-fee terms a new lease order is signed under: what the form gave, or else the branch company's
 * defaults as they stand now. Stored on the order, they never follow a later change of the defaults.
 */
export async function newOrderTerms(
  db: Executor,
  tenantId: number,
  given: { graceDays?: unknown; lateFeeRate?: unknown },
): Promise<{ graceDays: number; lateFeeRate: number }> {
  const defaults = await companySettings(db, tenantId);
  return {
    graceDays: given.graceDays == null ? defaults.graceDays : Number(given.graceDays),
    lateFeeRate: given.lateFeeRate == null ? defaults.lateFeeRate : Number(given.lateFeeRate),
  };
}

/**
 * 出账提前天数 changed from 坏账分级配置's 出账设置 (`/api/finance-settings`): the company's row, its version
 * moved on (an edit of 编辑公司 open meanwhile is refused rather than undoing it) and the change audited.
 */
export async function setBillLeadDays(db: Db, request: FastifyRequest, days: number) {
  const { tenantId, userId } = sessionOf(request);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: branchCompanies.id, days: branchCompanies.billLeadDays })
      .from(branchCompanies)
      .where(eq(branchCompanies.tenantId, tenantId))
      .for('update');
    if (!before) throw businessError('本公司尚未登记公司运营配置');
    await tx
      .update(branchCompanies)
      .set({
        billLeadDays: days,
        updatedBy: userId,
        updatedAt: businessNow(),
        version: sql`${branchCompanies.version} + 1`,
      })
      .where(eq(branchCompanies.id, before.id));
    await recordAudit(tx, request, {
      action: 'update',
      entity: companyResource.key,
      entityId: before.id,
      changes: diff({ billLeadDays: before.days }, { billLeadDays: days }),
    });
  });
}
