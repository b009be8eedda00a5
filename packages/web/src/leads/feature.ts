import { defineFeature } from '../app/defineFeature';
import { lazyPage, type PageRegistry } from '../app/pageRegistry';
import { familyPages } from '../resource/registerFamilies';

/** The leads section's pages: its families' screens, and the follow-up page. */
const pages: PageRegistry = {
  ...familyPages(
    () => import('./families'),
    ['threadDeatails', 'threadDetailsLog', 'invalidThreadCofig', 'upLoadLog', 'uploadLogDetail'],
  ),
  threadDeatailsFollowUp: lazyPage(
    () => import('./FollowUpPage'),
    (module) => module.FollowUpPage,
  ),
};

export const feature = defineFeature({ pages });
