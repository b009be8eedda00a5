import type { PageComponent } from '../../app/pageRegistry';

/** A card a section adds to the home page, shown to users who hold its menu key. */
export interface HomeCard {
  key: string;
  menuKey: string;
  Component: PageComponent;
}

/** Sections register their home-page cards here, next to their pages in `app/pages.ts`. */
export const homeCards: readonly HomeCard[] = [];
