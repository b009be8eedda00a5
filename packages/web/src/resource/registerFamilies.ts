import { lazyPage, type PageRegistry } from '../app/pageRegistry';
import type { FamilyModule } from './familyModule';
import { loadFamilyModule, registerFamilyLoader } from './familyRegistry';

/**
 * A feature's family pages for the app's registry: each route key gets the page its families make, loaded
 * with the feature's code (not the entry's) together with the families it names by screen, and, for a list,
 * its first page of rows fetched as the code arrives. The entry must not load the families to learn their
 * keys: `npm run features` reads them from each `families` module into `features.generated.ts`, and the
 * module is held to them as it loads (a list gone stale says to run it again).
 */
export function familyPages(load: () => Promise<FamilyModule>, routeKeys: readonly string[]): PageRegistry {
  registerFamilyLoader(routeKeys, load);
  const checked = () => loadListedFamilies(load, routeKeys);
  return Object.fromEntries(
    routeKeys.map((key) => [
      key,
      lazyPage(
        checked,
        (module) => module.page(key),
        (module) => module.prefetch(key) ?? (() => undefined),
      ),
    ]),
  );
}

/** A feature's families with those they name, refused when their pages are not the keys listed for them. */
export async function loadListedFamilies(
  load: () => Promise<FamilyModule>,
  routeKeys: readonly string[],
): Promise<FamilyModule> {
  const module = await loadFamilyModule(load);
  const listed = [...routeKeys].sort().join();
  const given = [...module.keys].sort().join();
  if (listed !== given) {
    throw new Error(`features.generated.ts 已过期，请运行 npm run features（列出 ${listed}，实有 ${given}）`);
  }
  return module;
}
