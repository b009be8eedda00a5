import { type RouteDef, routeCatalogue } from '@cp/contracts/routes';
import { matchRoutes } from 'react-router';
import type { PageComponent, PageRegistry } from './pageRegistry';

export const systemTitle = 'CP运营管理系统';

export interface RegisteredPage {
  route: RouteDef;
  Component: PageComponent;
}

export interface RouteTable {
  /** Catalogue routes inside the shell that have a page, in catalogue order. */
  pages: readonly RegisteredPage[];
  /** The catalogue route at a path: public ones always, others only when their page is built. */
  resolve(pathname: string): RouteDef | undefined;
  isBuilt(routeKey: string): boolean;
}

/**
 * The router's view of the catalogue. A catalogue route whose page is not registered is not routed (it
 * falls to /404) and does not appear in any menu.
 */
export function createRouteTable(registry: PageRegistry, catalogue: readonly RouteDef[] = routeCatalogue): RouteTable {
  const pages = catalogue.flatMap((route) => {
    const Component = registry[route.key];
    return route.access !== 'public' && Component ? [{ route, Component }] : [];
  });
  const routable = [...catalogue.filter((route) => route.access === 'public'), ...pages.map((page) => page.route)];
  const byKey = new Map(routable.map((route) => [route.key, route]));
  const objects = routable.map((route) => ({ id: route.key, path: route.path }));
  const built = new Set(pages.map((page) => page.route.key));
  return {
    pages,
    resolve(pathname) {
      const id = matchRoutes(objects, pathname)?.[0]?.route.id;
      return id === undefined ? undefined : byKey.get(id);
    },
    isBuilt: (routeKey) => built.has(routeKey),
  };
}

export function pageTitle(route: RouteDef): string {
  return `${route.title} - ${systemTitle}`;
}
