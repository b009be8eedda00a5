import type { Screen } from '@cp/contracts';
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
import { defineFamily } from '../resource/family';
import { familyModule } from '../resource/familyModule';

const survey = { title: '调研来源', fields: ['surveyDate', 'source'] };

/** A family's screens by route key, as the kit finds the one on its page. */
const byRoute = (screens: Record<string, Screen>) =>
  Object.fromEntries(Object.values(screens).map((screen) => [screen.key, screen]));

const warningFamily = defineFamily({ resource: competitorWarningResource, screens: byRoute(competitorWarningScreens) });

/** 车型报价: the quoted rent beside its monthly equivalent; an offer's detail lists its city's notices. */
const carFamily = defineFamily({
  resource: competitorCarResource,
  screens: byRoute(competitorCarScreens),
  groups: [
    { title: '车型与公司', fields: ['model', 'companyId', 'cityId', 'energyType', 'businessMode'] },
    {
      title: '报价',
      fields: ['rentAmount', 'rentPeriod', 'monthlyRent', 'taxBasis', 'deposit', 'termMonths'],
    },
    { ...survey, fields: [...survey.fields, 'createdAt'] },
  ],
  related: () => [
    {
      family: warningFamily,
      screen: competitorWarningScreens.warnings.key,
      via: 'cityId',
      from: 'cityId',
      title: '所在城市政策预警',
    },
  ],
});

const businessFamily = defineFamily({
  resource: competitorBusinessResource,
  screens: byRoute(competitorBusinessScreens),
});

/** 公司信息: a competitor's detail lists its 业务方案 and 车型报价. */
const companyFamily = defineFamily({
  resource: competitorCompanyResource,
  screens: byRoute(competitorCompanyScreens),
  related: () => [
    { family: businessFamily, screen: competitorBusinessScreens.businesses.key, via: 'companyId' },
    { family: carFamily, screen: competitorCarScreens.cars.key, via: 'companyId' },
  ],
});

const platformFamily = defineFamily({
  resource: competitorPlatformResource,
  screens: byRoute(competitorPlatformScreens),
});

export const { families, keys, page, prefetch } = familyModule([
  companyFamily,
  businessFamily,
  carFamily,
  warningFamily,
  platformFamily,
]);
