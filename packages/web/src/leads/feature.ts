import { defineFeature } from '../app/defineFeature';
import { lazyPage, type PageRegistry } from '../app/pageRegistry';

/** The leads page that is not a family's (families.tsx): 跟进. */
const pages: PageRegistry = {
  threadDeatailsFollowUp: lazyPage(
    () => import('./FollowUpPage'),
    (module) => module.FollowUpPage,
  ),
};

export const feature = defineFeature({ pages });
