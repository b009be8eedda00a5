import type { PageRegistry } from './pageRegistry';

/**
 * The pages of a feature folder that are not its families' (`src/<feature>/feature.ts` exports one as
 * `feature`: a chart, an account page), by route key of the catalogue, each loaded with the feature's own code.
 * A folder's families (`families.ts(x)`) need no feature file. `npm run features` lists both in
 * `features.generated.ts`, and `app/pages.ts` routes them; nothing else registers them.
 */
export interface Feature {
  pages: PageRegistry;
}

export const defineFeature = (feature: Feature): Feature => feature;
