import { features } from '../features.generated';
import { shellPages } from '../pages';
import type { PageComponent, PageRegistry } from './pageRegistry';
import { createRouteTable } from './routeTable';

/**
 * Every built page, by route key of the contracts' route catalogue: the shell's and each feature folder's
 * (`<feature>/feature.ts`, listed by `npm run features`). Catalogue routes without a page are not routed (404)
 * and not shown in any menu; a route two features give a page is a mistake found at start.
 */
function allPages(): PageRegistry {
  const all = new Map<string, PageComponent>();
  for (const registry of [shellPages, ...features.map((feature) => feature.pages)]) {
    for (const [key, page] of Object.entries(registry)) {
      if (all.has(key)) throw new Error(`route ${key} has two pages`);
      all.set(key, page);
    }
  }
  return Object.fromEntries(all);
}

export const pages = allPages();

export const routeTable = createRouteTable(pages);
