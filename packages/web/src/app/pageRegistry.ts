import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type PageComponent = LazyExoticComponent<ComponentType> | ComponentType;

/** Route key (of the contracts' route catalogue) → the page that renders it. */
export type PageRegistry = Readonly<Record<string, PageComponent>>;

/** What a page may start loading before it renders: its data for the URL being opened. */
export interface PagePrefetchContext {
  queryClient: QueryClient;
  /** The URL's search part (`?plateNo=京&page=2`). */
  search: string;
}

export type PagePrefetch = (context: PagePrefetchContext) => void;

/** Loaders of code-split pages, so a page's code (and data) can be fetched before the page is rendered. */
const loaders = new WeakMap<PageComponent, () => Promise<PagePrefetch | undefined>>();

/**
 * A code-split page from a module's named export; `prefetch` picks the module's function that starts
 * loading the page's data for a URL.
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  prefetch?: (module: M) => PagePrefetch,
): PageComponent {
  let loading: Promise<M> | undefined;
  const loadOnce = () => {
    loading ??= load();
    return loading;
  };
  const page = lazy(async () => ({ default: pick(await loadOnce()) }));
  loaders.set(page, async () => {
    const module = await loadOnce();
    return prefetch?.(module);
  });
  return page;
}

/**
 * Starts fetching a page's code now (while the session is still being read), and then its data, so that
 * rendering it later does not wait for another round of downloads. A page that is not code-split has
 * nothing to fetch. Failures are left for the page itself to meet.
 */
export function preloadPage(page: PageComponent | undefined, context?: PagePrefetchContext): void {
  const load = page ? loaders.get(page) : undefined;
  load?.()
    .then((prefetch) => {
      if (prefetch && context) prefetch(context);
    })
    .catch(() => undefined);
}
