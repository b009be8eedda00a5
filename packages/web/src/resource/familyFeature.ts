import { defineFeature, type Feature } from '../app/defineFeature';
import type { FamilySpec } from './family';
import { familyPages } from './registerFamilies';

/** What a family declares without view code of its own. */
export type PlainFamilySpec = Pick<FamilySpec, 'resource' | 'screens' | 'routes' | 'actionPages' | 'groups'>;

/**
 * A feature of families that are declarations only (通用标签): the route keys its pages answer, and the
 * declarations, loaded with the kit's list, form and detail pages on first use (the entry must not load the
 * contracts' resources to learn the keys, so they are named here; a key the families do not give a page, or a
 * page they give that is not named, is an error when the feature loads).
 */
export function familyFeature(keys: readonly string[], specs: () => Promise<readonly PlainFamilySpec[]>): Feature {
  const load = async () => {
    const [declared, { defineFamily }, { familyModule }] = await Promise.all([
      specs(),
      import('./family'),
      import('./familyModule'),
    ]);
    const module = familyModule(declared.map(defineFamily));
    const named = [...keys].sort().join();
    if ([...module.keys].sort().join() !== named) {
      throw new Error(`feature pages ${named} are not its families' pages ${[...module.keys].sort().join()}`);
    }
    return module;
  };
  return defineFeature({ pages: familyPages(load, keys), families: async () => (await load()).families });
}
