import { lazyPage, type PageRegistry } from '../app/pageRegistry';
import type { FamilyModule } from './familyModule';

/**
 * A feature's pages for the app's registry: each route key gets the page its families make, loaded with
 * the feature's code (not the entry's) and, for a list, its first page of rows fetched as the code arrives.
 * The keys are listed here because the entry must not load the families to learn them; a test holds the
 * list to the module's.
 */
export function familyPages(load: () => Promise<FamilyModule>, routeKeys: readonly string[]): PageRegistry {
  return Object.fromEntries(
    routeKeys.map((key) => [
      key,
      lazyPage(
        load,
        (module) => module.page(key),
        (module) => module.prefetch(key) ?? (() => undefined),
      ),
    ]),
  );
}
