import { defineFeature } from '../app/defineFeature';
import { lazyPage, type PageRegistry } from '../app/pageRegistry';

/**
 * The download center, by route key. Only the registry lives here: the app's entry imports it, so list
 * screens import `useListExport` from its own module.
 */
const pages: PageRegistry = {
  downloadRecord: lazyPage(
    () => import('./DownloadRecordPage'),
    (module) => module.DownloadRecordPage,
  ),
};

export const feature = defineFeature({ pages });
