import { defineFeature } from '../app/defineFeature';
import { lazyPage, type PageRegistry } from '../app/pageRegistry';

/** 线索统计: a page of its own (not a family's list), its chart code loaded only there. */
const pages: PageRegistry = {
  threadStatistics: lazyPage(
    () => import('./LeadStatisticsPage'),
    (module) => module.LeadStatisticsPage,
  ),
};

export const feature = defineFeature({ pages });
