import { defineFeature } from '../app/defineFeature';
import { lazyPage, type PageRegistry } from '../app/pageRegistry';

/** The finance pages that are not a family's (families.tsx): 查看账户 and the two rent trends (their chart code loaded only there). */
const pages: PageRegistry = {
  lookaccount: lazyPage(
    () => import('./account/CustomerAccountPage'),
    (module) => module.CustomerAccountPage,
  ),
  staticRentTrend: lazyPage(
    () => import('./trends/RentTrendPage'),
    (module) => module.StaticRentTrendPage,
  ),
  dynamicRentTrend: lazyPage(
    () => import('./trends/RentTrendPage'),
    (module) => module.DynamicRentTrendPage,
  ),
};

export const feature = defineFeature({ pages });
