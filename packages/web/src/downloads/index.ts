import { lazyPage, type PageRegistry } from '../app/pageRegistry';

export { useListExport } from './useListExport';

/** The download center, by route key. */
export const downloadPages: PageRegistry = {
  downloadRecord: lazyPage(
    () => import('./DownloadRecordPage'),
    (module) => module.DownloadRecordPage,
  ),
};
