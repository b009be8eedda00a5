import { lazyPage, type PageRegistry } from '../app/pageRegistry';

/** Pages of the roles feature, by route key. */
export const rolePages: PageRegistry = {
  roleManagement: lazyPage(
    () => import('./RoleManagementPage'),
    (module) => module.RoleManagementPage,
  ),
};
