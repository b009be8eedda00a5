import { lazyPage, type PageRegistry } from '../app/pageRegistry';

/** 线索统计: a page of its own (not a family's list), its chart code loaded only there. */
export const leadStatisticsPages: PageRegistry = {
  threadStatistics: lazyPage(
    () => import('./LeadStatisticsPage'),
    (module) => module.LeadStatisticsPage,
  ),
};
