import type { MenuNode, RouteDef } from '@cp/contracts';

/** Never a top-menu entry: reached from the header icon and the export dialog. */
export const downloadRecordKey = 'downloadRecord';

/**
 * The user's menu data, keeping only pages that are built: a page node whose route has no component is
 * dropped, and so is a group or section left empty.
 */
export function visibleMenu(menuData: readonly MenuNode[], isBuilt: (routeKey: string) => boolean): MenuNode[] {
  return menuData.flatMap((node) => {
    if (node.key === downloadRecordKey) return [];
    if (node.path) return isBuilt(node.key) ? [node] : [];
    const children = visibleMenu(node.children ?? [], isBuilt);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

/** The first page of a menu branch, where a top-menu click lands. */
export function firstPagePath(node: MenuNode): string | undefined {
  if (node.path) return node.path;
  for (const child of node.children ?? []) {
    const path = firstPagePath(child);
    if (path) return path;
  }
  return undefined;
}

/** Every page of a branch, depth first. */
export function pagesOf(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.flatMap((node) => (node.path ? [node] : pagesOf(node.children ?? [])));
}

/** The group holding a page within a section, for the sidebar's open submenu. */
export function groupKeyOf(section: MenuNode | undefined, pageKey: string): string | undefined {
  return section?.children?.find((child) => !child.path && child.children?.some((page) => page.key === pageKey))?.key;
}

export interface Crumb {
  title: string;
  /** Linked crumbs name their page. */
  page?: { key: string; path: string };
}

/** 首页 › section › group › list page › page: the breadcrumb of a route. */
export function breadcrumbTrail(
  route: RouteDef,
  sectionTitle: (key: string) => string | undefined,
  routeByKey: (key: string) => RouteDef | undefined,
): Crumb[] {
  const trail: Crumb[] = [{ title: '首页', page: { key: 'home', path: '/home' } }];
  if (route.key === 'home') return trail;
  if (route.section) {
    const section = sectionTitle(route.section);
    if (section) trail.push({ title: section });
  }
  if (route.group) trail.push({ title: route.group });
  if (route.menuKey !== route.key) {
    const parent = routeByKey(route.menuKey);
    if (parent) trail.push({ title: parent.title, page: { key: parent.key, path: parent.path } });
  }
  trail.push({ title: route.title });
  return trail;
}
