import type { WebFamily } from '../resource/family';
import type { PageRegistry } from './pageRegistry';

/**
 * A feature folder of the console (`src/<feature>/feature.ts` exports one as `feature`): its pages by route key
 * of the catalogue, each loaded with the feature's own code. `npm run features` lists every folder holding
 * one in `features.generated.ts`, and `app/pages.ts` routes them; nothing else registers it.
 */
export interface Feature {
  pages: PageRegistry;
  /**
   * The families of a declarations-only feature (`familyFeature`), loaded as its pages load them: for the
   * checks that hold every family to the catalogue. A feature with a `families.tsx` is found by that file.
   */
  families?: () => Promise<readonly WebFamily[]>;
}

export const defineFeature = (feature: Feature): Feature => feature;
