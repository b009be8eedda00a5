import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type PageComponent = LazyExoticComponent<ComponentType> | ComponentType;

/** Route key (of the contracts' route catalogue) → the page that renders it. */
export type PageRegistry = Readonly<Record<string, PageComponent>>;

/** A code-split page from a module's named export. */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): PageComponent {
  return lazy(async () => ({ default: pick(await load()) }));
}
