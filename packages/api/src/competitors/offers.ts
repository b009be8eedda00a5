import { monthlyRentOf } from '@cp/contracts';
import { and, eq } from 'drizzle-orm';
import { businessError } from '../http/errors';
import type { Row, WriteContext } from '../resource/family';
import { lockCompetitors, refuseWhileReferred } from './rules';
import { competitorBusinesses, competitorCars, competitorCompanies } from './tables';

/**
 * An offer (业务方案, 车型报价) is in its company's city. Read under the company's lock, which its deletion
 * takes too: an offer saved while its company is being deleted finds it gone, never left without one.
 */
export async function offerOfCompany(ctx: WriteContext, companyId: unknown): Promise<Row> {
  if (companyId === undefined || companyId === null) return {};
  await lockCompetitors(ctx, `company:${companyId}`);
  const [company] = await ctx.tx
    .select({ cityId: competitorCompanies.cityId })
    .from(competitorCompanies)
    .where(and(eq(competitorCompanies.tenantId, ctx.auth.tenantId), eq(competitorCompanies.id, Number(companyId))))
    .limit(1);
  if (!company) throw businessError('竞品公司不存在或已删除');
  return { cityId: company.cityId };
}

/** 折合月租 follows the quoted rent and its period (day × 30, week × 30 / 7), whichever of them an edit changes. */
export function monthlyRent(values: Row, before: Row | undefined): Row {
  const amount = values.rentAmount ?? before?.rentAmount;
  const period = values.rentPeriod ?? before?.rentPeriod;
  if (typeof amount !== 'number' || typeof period !== 'number') return {};
  return { monthlyRent: monthlyRentOf(amount, period) };
}

/** A company with offers is not deleted: they would be left without a company. */
export async function refuseCompanyWithOffers(ctx: WriteContext, company: Row) {
  const id = Number(company.id);
  await lockCompetitors(ctx, `company:${id}`);
  await refuseWhileReferred(ctx, id, String(company.name), [
    { table: competitorBusinesses, column: competitorBusinesses.companyId, title: '业务方案' },
    { table: competitorCars, column: competitorCars.companyId, title: '车型报价' },
  ]);
}
