import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type PageComponent = LazyExoticComponent<ComponentType> | ComponentType;

/** Route key (of the contracts' route catalogue) → the page that renders it. */
export type PageRegistry = Readonly<Record<string, PageComponent>>;

/** Loaders of code-split pages, so a page's code can be fetched before the page is rendered. */
const loaders = new WeakMap<PageComponent, () => Promise<unknown>>();

/** A code-split page from a module's named export. */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): PageComponent {
  let loading: Promise<M> | undefined;
  const loadOnce = () => {
    loading ??= load();
    return loading;
  };
  const page = lazy(async () => ({ default: pick(await loadOnce()) }));
  loaders.set(page, loadOnce);
  return page;
}

/**
 * Starts fetching a page's code now (while the session is still being read), so that rendering it later
 * does not wait for a second round of downloads. A page that is not code-split has nothing to fetch.
 */
export function preloadPage(page: PageComponent | undefined): void {
  const load = page ? loaders.get(page) : undefined;
  load?.().catch(() => undefined);
}
