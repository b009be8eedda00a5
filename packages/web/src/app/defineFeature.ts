import type { PageRegistry } from './pageRegistry';

/**
 * A feature folder of the console (`src/<feature>/feature.ts` exports one as `feature`): its pages by route key
 * of the catalogue, each loaded with the feature's own code. `npm run features` lists every folder holding
 * one in `features.generated.ts`, and `app/pages.ts` routes them; nothing else registers it.
 */
export interface Feature {
  pages: PageRegistry;
}

export const defineFeature = (feature: Feature): Feature => feature;
