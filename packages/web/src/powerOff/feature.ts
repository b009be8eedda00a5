import { defineFeature } from '../app/defineFeature';
import { lazyPage, type PageRegistry } from '../app/pageRegistry';

/** 断电统计: a page of its own, not a family's list. */
const pages: PageRegistry = {
  'powerOff.statistic': lazyPage(
    () => import('./PowerOffStatisticsPage'),
    (module) => module.PowerOffStatisticsPage,
  ),
};

export const feature = defineFeature({ pages });
