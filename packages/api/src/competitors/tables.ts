import {
  competitorBusinessResource,
  competitorCarResource,
  competitorCompanyResource,
  competitorPlatformResource,
  competitorWarningResource,
} from '@cp/contracts';
import { familyTable } from '../db/family-table';

/** 公司信息: leasing competitors, one row per company and city. */
export const competitorCompanies = familyTable('competitor_companies', competitorCompanyResource);
/** 业务方案: a competitor's schemes for drivers; the city is copied from the company. */
export const competitorBusinesses = familyTable('competitor_businesses', competitorBusinessResource);
/** 车型报价: rents as quoted and as their monthly equivalent. */
export const competitorCars = familyTable('competitor_cars', competitorCarResource);
/** 政策预警: cities' notices on the ride-hailing market. */
export const competitorWarnings = familyTable('competitor_warnings', competitorWarningResource);
/** 平台信息: ride-hailing platforms, rates in basis points. */
export const competitorPlatforms = familyTable('competitor_platforms', competitorPlatformResource);
