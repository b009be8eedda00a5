import type { ComponentType } from 'react';
import type { PagePrefetch } from '../app/pageRegistry';
import type { WebFamily } from './family';
import { prefetchResourceList } from './listQuery';
import { ResourceActionPage } from './ResourceActionPage';
import { ResourceDetailPage } from './ResourceDetailPage';
import { ResourceFormPage } from './ResourceFormPage';
import { ResourceListPage } from './ResourceListPage';
import { AtScreenPath, viewsOf } from './ScreenViews';

/** What a feature's lazily loaded module answers for the route keys its families give pages. */
export interface FamilyModule {
  /** The feature's families, for the tests that hold them to the catalogue. */
  families: readonly WebFamily[];
  /** Every route key with a page: each screen, the detail / add / edit routes and the actions' pages. */
  keys: readonly string[];
  page(routeKey: string): ComponentType;
  /** Loads the first page of a screen's list for a URL, before the screen renders. */
  prefetch(routeKey: string): PagePrefetch | undefined;
}

/**
 * The pages of a feature's families, by route key, each made once; `pages` adds the feature's pages that are
 * not a family's list, form or detail (an approval form).
 */
export function familyModule(
  families: readonly WebFamily[],
  pages: Readonly<Record<string, ComponentType>> = {},
): FamilyModule {
  const built = new Map<string, ComponentType>();
  const prefetches = new Map<string, PagePrefetch>();
  const add = (key: string, page: ComponentType) => {
    if (built.has(key)) throw new Error(`route ${key} has two pages`);
    built.set(key, page);
  };
  for (const [key, page] of Object.entries(pages)) add(key, page);
  const screens = families.flatMap((family) => Object.values(family.screens));
  for (const family of families) {
    // An embedded screen is a related list of another family's detail page, not a page.
    for (const screen of Object.values(family.screens).filter((candidate) => !candidate.embedded)) {
      const views = viewsOf(screens, screen);
      add(screen.key, () => (
        <AtScreenPath screen={screen}>
          <ResourceListPage family={family} screen={screen} views={views} />
        </AtScreenPath>
      ));
      prefetches.set(screen.key, ({ queryClient, search }) => prefetchResourceList(queryClient, screen, search));
    }
    const { detail, detailBy, add: addRoute, edit } = family.routes ?? {};
    // A detail route that is another family's list filtered by the row is that family's page.
    if (detail && !detailBy) add(detail, () => <ResourceDetailPage family={family} />);
    if (addRoute) add(addRoute, () => <ResourceFormPage family={family} mode="add" />);
    if (edit) add(edit, () => <ResourceFormPage family={family} mode="edit" />);
    for (const [action, key] of Object.entries(family.actionPages ?? {})) {
      add(key, () => <ResourceActionPage family={family} action={action} />);
    }
  }
  return {
    families,
    keys: [...built.keys()],
    page(routeKey) {
      const page = built.get(routeKey);
      if (!page) throw new Error(`no page for route ${routeKey}`);
      return page;
    },
    prefetch: (routeKey) => prefetches.get(routeKey),
  };
}
