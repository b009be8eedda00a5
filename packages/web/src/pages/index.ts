import { lazyPage, type PageRegistry } from '../app/pageRegistry';

/** Shell pages inside the layout. /login and /404 are public and routed by the guard itself. */
export const shellPages: PageRegistry = {
  home: lazyPage(
    () => import('./home/HomePage'),
    (module) => module.HomePage,
  ),
};

export const LoginPage = lazyPage(
  () => import('./login/LoginPage'),
  (module) => module.LoginPage,
);

export const NotFoundPage = lazyPage(
  () => import('./notFound/NotFoundPage'),
  (module) => module.NotFoundPage,
);

/** /404's content inside the console's frame, for a signed-in user. */
export const NotFoundResult = lazyPage(
  () => import('./notFound/NotFoundPage'),
  (module) => module.NotFoundResult,
);
