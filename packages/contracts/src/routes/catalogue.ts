import { appRoutes } from './sections/app';
import { approvalRoutes } from './sections/approval';
import { bSideRoutes } from './sections/bSide';
import { configRoutes } from './sections/config';
import { customerRoutes } from './sections/customer';
import { financeRoutes } from './sections/finance';
import { operationRoutes } from './sections/operation';
import { orderRoutes } from './sections/order';
import { shellRoutes } from './sections/shell';
import { vehicleRoutes } from './sections/vehicle';
import { type MenuNode, type RouteDef, type SectionKey, sections } from './types';

/** Every screen of the console, in menu order. The one list: router, menus, breadcrumb, server menu data and tests read it. */
export const routeCatalogue: readonly RouteDef[] = [
  ...shellRoutes,
  ...vehicleRoutes,
  ...customerRoutes,
  ...orderRoutes,
  ...operationRoutes,
  ...financeRoutes,
  ...bSideRoutes,
  ...approvalRoutes,
  ...appRoutes,
  ...configRoutes,
];

export const routesByKey: ReadonlyMap<string, RouteDef> = new Map(routeCatalogue.map((route) => [route.key, route]));

/** Keys a role can hold as menus: the non-hidden pages of the sections. */
export const menuKeys: readonly string[] = routeCatalogue
  .filter((route) => route.section !== null && !route.hidden)
  .map((route) => route.key);

export const buttonKeys: readonly string[] = routeCatalogue.flatMap((route) =>
  route.buttons.map((button) => button.key),
);

/**
 * What every account of the console holds whatever its roles: 我发起的 and its 撤回 (终止) — whoever started an
 * approval may withdraw it (the server still lets only its initiator do so).
 */
export const everyAccountKeys = { menus: ['initiated'], buttons: ['initiated:stop'] } as const;

const buttonTitles: ReadonlyMap<string, string> = new Map(
  routeCatalogue.flatMap((route) => route.buttons.map((button) => [button.key, button.title] as const)),
);

/** The title a button key has in the catalogue (`vehicleList:add` → `新增`); undefined for an unknown key. */
export function buttonTitle(key: string): string | undefined {
  return buttonTitles.get(key);
}

/** A page's button key for `action` (`vehicleList`, `add` → `vehicleList:add`) when the page offers it. */
export function pageButton(pageKey: string, action: string): string | undefined {
  const key = `${pageKey}:${action}`;
  return buttonTitles.has(key) ? key : undefined;
}

export function routesOfSection(section: SectionKey): RouteDef[] {
  return routeCatalogue.filter((route) => route.section === section);
}

/** The menu tree (section → group → page) holding only the given menu keys; empty sections and groups are dropped. */
export function buildMenuTree(heldMenuKeys: ReadonlySet<string>): MenuNode[] {
  const tree: MenuNode[] = [];
  for (const section of sections) {
    const children: MenuNode[] = [];
    const groups = new Map<string, MenuNode>();
    for (const route of routesOfSection(section.key)) {
      if (route.hidden || !heldMenuKeys.has(route.key)) continue;
      const node: MenuNode = { key: route.key, title: route.title, path: route.path };
      if (route.badge) node.badge = route.badge;
      if (!route.group) {
        children.push(node);
        continue;
      }
      let group = groups.get(route.group);
      if (!group) {
        group = { key: `${section.key}.${route.group}`, title: route.group, children: [] };
        groups.set(route.group, group);
        children.push(group);
      }
      group.children?.push(node);
    }
    if (children.length > 0) tree.push({ key: section.key, title: section.title, children });
  }
  return tree;
}

/** Whether a user holding these keys may open the route. */
export function canOpenRoute(
  route: RouteDef,
  held: { menus: ReadonlySet<string>; buttons: ReadonlySet<string> },
): boolean {
  if (route.access !== 'menu') return true;
  if (!held.menus.has(route.menuKey)) return false;
  return route.requiresButton === undefined || held.buttons.has(route.requiresButton);
}
