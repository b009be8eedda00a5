import { defineFeature } from '../app/defineFeature';
import { lazyPage, type PageRegistry } from '../app/pageRegistry';

/** Pages of the roles feature, by route key. */
const pages: PageRegistry = {
  roleManagement: lazyPage(
    () => import('./RoleManagementPage'),
    (module) => module.RoleManagementPage,
  ),
};

export const feature = defineFeature({ pages });
