import { z } from 'zod';
import { pageButton, routesByKey } from '../routes/catalogue';
import type { RouteDef } from '../routes/types';
import { fieldOf, type Resource } from './resource';
import { type ScreenTabs, screenTabs, type TabsSpec } from './tabs';

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
  /**
   * A screen with no page of its own, shown only inside another family's detail page as a related list
   * (抽奖详情's 奖品): its own key, its title, and its list at `…/views/<name>`; the route still gives its
   * menu key and buttons.
   */
  embedded?: { name: string; title: string; export?: boolean };
  /** Filters the screen always applies (`{ stage: '0' }`), on the server too: not in the URL or the search panel. */
  fixed?: Readonly<Partial<Record<FieldName<R>, string>>>;
  /**
   * The screen lists the rows of whoever looks at it (待办事项: my tasks; 我发起的: what I started): the server
   * keeps this user reference (an `eq` filter) to the session's user, on the list, its tab counts, its export
   * and its home-page queue. Not in the URL or the search panel.
   */
  mine?: FieldName<R>;
  /** The search panel's filters, in order; the resource's filters by default. */
  filters?: readonly FieldName<R>[];
  /** The table's columns, in order; the resource's list fields by default. */
  columns?: readonly FieldName<R>[];
  /**
   * The columns the screen exists for (GPS管理's GPS设备号): shown right after the identity, so they are on
   * screen without scrolling. Columns of the screen even when `columns` leaves them out.
   */
  key?: readonly FieldName<R>[];
  /** Column widths in pixels where the width of the field's kind does not fit. */
  widths?: Readonly<Partial<Record<FieldName<R>, number>>>;
  /** Status tabs above the table, over one enumeration field, each with its count. */
  tabs?: TabsSpec<FieldName<R>>;
  /** Lifecycle actions each row offers (those the row's state and the user's buttons allow). */
  actions?: readonly string[];
  /**
   * The values of its route's path parameters, for a child page `/x/:type` of the family's page that lists
   * one kind of the page's records (网约车信息's 政策预警 at `…/ride-hailing-info/warnings`): the screen is at
   * that address only, and takes the page's buttons as the page's own screen does.
   */
  params?: Readonly<Record<string, string>>;
  /** What the screen lists, where its route's title is the page's (the kinds a page's tabs offer: 政策预警). */
  title?: string;
}

/** The address of a screen: its route's path, each parameter filled from `params` (`/x/:type` → `/x/warnings`). */
function filledPath(route: RouteDef, params: Readonly<Record<string, string>> | undefined): string {
  if (!params) return route.path;
  const given = Object.keys(params).sort().join(',');
  if (given !== [...route.params].sort().join(',') || Object.values(params).some((value) => !/^[\w-]+$/.test(value))) {
    throw new Error(`screen ${route.key}: params ${given} do not fill ${route.path}`);
  }
  return route.params.reduce((path, name) => path.replace(`:${name}`, params[name] ?? ''), route.path);
}

/** The identity, then the key columns, then the rest in their order: what the table shows by default. */
function orderColumns(identity: string | undefined, key: readonly string[], columns: readonly string[]): string[] {
  return [...new Set([...(identity ? [identity] : []), ...key, ...columns])];
}

/**
 * A screen listing a resource: the family's own list (its route is the resource's page) or another view of
 * it (a vehicle stage screen, 临时交车) with fixed filters and the buttons of its own route.
 */
export function defineScreen<R extends Resource>(resource: R, spec: ScreenSpec<R>) {
  const route: RouteDef | undefined = routesByKey.get(spec.route);
  const family = routesByKey.get(resource.page);
  // A hidden page under the family's own page (a lead's 跟进记录, 线索日志) may list its rows too: its menu key is the page's.
  if (!route || (route.hidden && route.menuKey !== family?.menuKey)) {
    throw new Error(
      `screen ${spec.route} is not a sidebar page of the route catalogue nor a page under ${resource.page}`,
    );
  }
  const fixed = (spec.fixed ?? {}) as Readonly<Record<string, string>>;
  for (const name of Object.keys(fixed)) {
    if (!fieldOf(resource, name).filter) throw new Error(`screen ${spec.route}: ${name} is not a filter`);
  }
  const mine = spec.mine as string | undefined;
  if (mine) {
    const def = fieldOf(resource, mine);
    if (def.kind !== 'ref' || def.lookup !== 'user' || def.filter !== 'eq') {
      throw new Error(`screen ${spec.route}: mine (${mine}) is not a user reference with an eq filter`);
    }
  }
  const kept = (name: string) => name in fixed || name === mine;
  const filters = (spec.filters ?? resource.filters).filter((name) => !kept(name));
  for (const name of filters) {
    if (!fieldOf(resource, name).filter) throw new Error(`screen ${spec.route}: ${name} declares no filter`);
  }
  const declared = spec.columns ?? resource.entries.filter(([, def]) => def.list).map(([name]) => name);
  const keyColumns = spec.key ?? [];
  for (const name of [...declared, ...keyColumns, ...Object.keys(spec.widths ?? {})]) fieldOf(resource, name);
  for (const action of spec.actions ?? []) {
    if (!resource.lifecycle?.has(action)) throw new Error(`screen ${spec.route}: ${action} is not a lifecycle action`);
  }
  const path = filledPath(route, spec.params);
  // A child page listing a kind of the page's records has no buttons of its own: the page's are its controls.
  const buttonsOf = spec.params ? resource.page : route.key;
  const tabs: ScreenTabs | undefined = spec.tabs && screenTabs(resource, spec.route, fixed, spec.tabs);
  const embedded = spec.embedded;
  const main = spec.route === resource.page && !embedded;
  const key = embedded?.name ?? route.key;
  const omitted = Object.fromEntries(
    [...Object.keys(fixed), ...(mine ? [mine] : [])].map((name) => [name, true]),
  ) as Record<string, true>;
  const ownQuery = resource.listQuery.omit(omitted as never);
  const tabKeys = tabs?.items.map((item) => item.key) as [string, ...string[]] | undefined;
  const listQuery = tabKeys ? ownQuery.extend({ tab: z.enum(tabKeys).optional().meta({ title: '页签' }) }) : ownQuery;
  const identity = resource.identity;
  return {
    resource,
    route,
    key,
    main,
    /** Shown only as a related list of another family's detail page; its title there. */
    embedded: embedded !== undefined,
    title: embedded?.title ?? spec.title ?? route.title,
    fixed,
    /** The user reference the server keeps to the session's user, if the screen lists "mine". */
    mine,
    filters,
    /** The table's columns in their default order: the identity, the key columns, then the rest. */
    columns: orderColumns(identity, keyColumns, declared),
    /** The column naming each row, pinned left and never hidden. */
    identity,
    /** The columns the screen exists for, right after the identity. */
    keyColumns: keyColumns.filter((name) => name !== identity) as readonly string[],
    widths: (spec.widths ?? {}) as Readonly<Record<string, number>>,
    tabs,
    actions: spec.actions ?? [],
    /** The screen's list endpoint: the family's own, or a view of it the server keeps to the fixed filters. */
    endpoint: main ? resource.endpoint : `${resource.endpoint}/views/${key}`,
    /** The list query the screen's endpoint takes: the resource's, without the fixed filters, with its tab. */
    listQuery: listQuery as unknown as z.ZodType<ListQuery>,
    /** The export of the screen, when its route has an 导出 button: its kind is the route key. */
    exportButton: embedded && !embedded.export ? undefined : pageButton(buttonsOf, 'export'),
    /** A button of the screen's own route (`screen.button('add')` → `temporaryDelivery:add`), or its page's. */
    button: (action: string) => pageButton(buttonsOf, action),
    /** Where the screen is: its route's path, with the values of its parameters (`params`). */
    path,
    /** The values of the route's parameters that show this screen (a child `/x/:type` page's kind). */
    params: spec.params,
  };
}

export type Screen = ReturnType<typeof defineScreen>;
