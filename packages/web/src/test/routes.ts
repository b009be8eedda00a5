import type { RouteDef } from '@cp/contracts';

/** A catalogue-shaped route for tests that need routes the real catalogue does not have. */
export function testRoute(path: string, options: Partial<RouteDef> = {}): RouteDef {
  const key = path.slice(1).replaceAll('/', '.');
  return {
    path,
    title: key,
    key,
    section: null,
    hidden: false,
    cached: false,
    params: [],
    access: 'session',
    menuKey: key,
    buttons: [],
    ...options,
  };
}
