import type { z } from 'zod';
import { pageButton, routesByKey } from '../routes/catalogue';
import type { RouteDef } from '../routes/types';
import { fieldOf, type Resource } from './resource';

type FieldName<R extends Resource> = keyof R['fields'] & string;

/** A list query once checked: the page, the order, and the filters it carries (which differ by resource). */
export interface ListQuery extends Record<string, unknown> {
  page: number;
  limit: number;
  sort: string;
  order: 'asc' | 'desc';
}

export interface ScreenSpec<R extends Resource> {
  /** The catalogue route the screen is: its menu key opens it, its buttons are its controls. */
  route: string;
  /** Filters the screen always applies (`{ stage: '0' }`), on the server too: not in the URL or the search panel. */
  fixed?: Readonly<Partial<Record<FieldName<R>, string>>>;
  /** The search panel's filters, in order; the resource's filters by default. */
  filters?: readonly FieldName<R>[];
  /** The table's columns, in order; the resource's list fields by default. */
  columns?: readonly FieldName<R>[];
  /** Lifecycle actions each row offers (those the row's state and the user's buttons allow). */
  actions?: readonly string[];
}

/**
 * A screen listing a resource: the family's own list (its route is the resource's page) or another view of
 * it (a vehicle stage screen, 临时交车) with fixed filters and the buttons of its own route.
 */
export function defineScreen<R extends Resource>(resource: R, spec: ScreenSpec<R>) {
  const route: RouteDef | undefined = routesByKey.get(spec.route);
  if (!route || route.hidden) throw new Error(`screen ${spec.route} is not a sidebar page of the route catalogue`);
  const fixed = (spec.fixed ?? {}) as Readonly<Record<string, string>>;
  for (const name of Object.keys(fixed)) {
    if (!fieldOf(resource, name).filter) throw new Error(`screen ${spec.route}: ${name} is not a filter`);
  }
  const filters = (spec.filters ?? resource.filters).filter((name) => !(name in fixed));
  for (const name of filters) {
    if (!fieldOf(resource, name).filter) throw new Error(`screen ${spec.route}: ${name} declares no filter`);
  }
  for (const name of spec.columns ?? []) fieldOf(resource, name);
  for (const action of spec.actions ?? []) {
    if (!resource.lifecycle?.has(action)) throw new Error(`screen ${spec.route}: ${action} is not a lifecycle action`);
  }
  const main = spec.route === resource.page;
  const omitted = Object.fromEntries(Object.keys(fixed).map((name) => [name, true])) as Record<string, true>;
  return {
    resource,
    route,
    key: route.key,
    main,
    fixed,
    filters,
    columns: spec.columns ?? resource.entries.filter(([, def]) => def.list).map(([name]) => name),
    actions: spec.actions ?? [],
    /** The screen's list endpoint: the family's own, or a view of it the server keeps to the fixed filters. */
    endpoint: main ? resource.endpoint : `${resource.endpoint}/views/${route.key}`,
    /** The list query the screen's endpoint takes: the resource's, without the fixed filters. */
    listQuery: resource.listQuery.omit(omitted as never) as unknown as z.ZodType<ListQuery>,
    /** The export of the screen, when its route has an 导出 button: its kind is the route key. */
    exportButton: pageButton(route.key, 'export'),
    /** A button of the screen's own route: `screen.button('add')` → `temporaryDelivery:add`. */
    button: (action: string) => pageButton(route.key, action),
  };
}

export type Screen = ReturnType<typeof defineScreen>;
