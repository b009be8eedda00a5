import {
  competitorBusinessResource,
  competitorBusinessScreens,
  competitorCarResource,
  competitorCarScreens,
  competitorCompanyResource,
  competitorCompanyScreens,
  competitorPlatformResource,
  competitorPlatformScreens,
  competitorWarningResource,
  competitorWarningScreens,
} from '@cp/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { defineFeature } from '../feature';
import { defineServerLookup } from '../lookups/registry';
import { cities } from '../lookups/tables';
import { defineServerResource } from '../resource/family';
import { seedCompetitors } from './demo';
import { monthlyRent, offerOfCompany, refuseCompanyWithOffers } from './offers';
import { refuseSameNameInCity } from './rules';
import {
  competitorBusinesses,
  competitorCars,
  competitorCompanies,
  competitorPlatforms,
  competitorWarnings,
} from './tables';

const companyFamily = defineServerResource({
  resource: competitorCompanyResource,
  table: competitorCompanies,
  screens: competitorCompanyScreens,
  async prepare(values, ctx, before) {
    await refuseSameNameInCity(ctx, competitorCompanies, values, before, '竞品公司');
    return values;
  },
  beforeRemove: (row, ctx) => refuseCompanyWithOffers(ctx, row),
});

const businessFamily = defineServerResource({
  resource: competitorBusinessResource,
  table: competitorBusinesses,
  screens: competitorBusinessScreens,
  prepare: async (values, ctx) => ({ ...values, ...(await offerOfCompany(ctx, values.companyId)) }),
});

const carFamily = defineServerResource({
  resource: competitorCarResource,
  table: competitorCars,
  screens: competitorCarScreens,
  prepare: async (values, ctx, before) => ({
    ...values,
    ...(await offerOfCompany(ctx, values.companyId)),
    ...monthlyRent(values, before),
  }),
});

const warningFamily = defineServerResource({
  resource: competitorWarningResource,
  table: competitorWarnings,
  screens: competitorWarningScreens,
});

const platformFamily = defineServerResource({
  resource: competitorPlatformResource,
  table: competitorPlatforms,
  screens: competitorPlatformScreens,
});

/** The branch company's competitors name its offers, each with its city: two branches of a name differ by it. */
defineServerLookup('competitorCompany', {
  all: async (db, tenantId) =>
    db
      .select({
        id: competitorCompanies.id,
        name: sql<string>`${competitorCompanies.name} || '（' || ${cities.name} || '）'`,
      })
      .from(competitorCompanies)
      .innerJoin(cities, eq(cities.id, competitorCompanies.cityId))
      .where(eq(competitorCompanies.tenantId, tenantId))
      .orderBy(asc(competitorCompanies.name), asc(competitorCompanies.id)),
});

/** 网约车竞品: 公司信息 with its 业务方案, 网约车信息's 车型报价 and 政策预警, 平台信息. */
export const feature = defineFeature({
  families: [companyFamily, businessFamily, carFamily, warningFamily, platformFamily],
  demo: seedCompetitors,
});
