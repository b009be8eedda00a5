import { buttonKeys, menuKeys, type RouteDef, routeCatalogue, routesByKey, sections } from '@cp/contracts';

export interface PermissionNode {
  key: string;
  title: string;
  children?: PermissionNode[];
}

/** The menu key itself, as a leaf under a page that also has buttons. */
const viewTitle = '查看';

const knownMenus = new Set(menuKeys);
const knownButtons = new Set(buttonKeys);

function pageNode(page: RouteDef, catalogue: readonly RouteDef[]): PermissionNode {
  const buttons = catalogue.filter((route) => route.menuKey === page.key).flatMap((route) => route.buttons);
  if (buttons.length === 0) return { key: page.key, title: page.title };
  return {
    key: `page:${page.key}`,
    title: page.title,
    children: [
      { key: page.key, title: viewTitle },
      ...buttons.map((button) => ({ key: button.key, title: button.title })),
    ],
  };
}

/**
 * Section → group → page → (查看, buttons): every menu and button key a role can hold on the pages the
 * console builds (`isBuilt`: a catalogue page without a page yet is in no menu, so it is not offered either,
 * nor a section without any). Leaves are the keys themselves, so checked leaves are exactly what the role stores.
 */
export function buildPermissionTree(
  catalogue: readonly RouteDef[] = routeCatalogue,
  isBuilt: (routeKey: string) => boolean = () => true,
): PermissionNode[] {
  return sections.flatMap((section) => {
    const children: PermissionNode[] = [];
    const groups = new Map<string, PermissionNode>();
    const pages = catalogue.filter((route) => route.section === section.key && !route.hidden && isBuilt(route.key));
    for (const page of pages) {
      const node = pageNode(page, catalogue);
      if (!page.group) {
        children.push(node);
        continue;
      }
      let group = groups.get(page.group);
      if (!group) {
        group = { key: `group:${section.key}.${page.group}`, title: page.group, children: [] };
        groups.set(page.group, group);
        children.push(group);
      }
      group.children?.push(node);
    }
    return children.length > 0 ? [{ key: `section:${section.key}`, title: section.title, children }] : [];
  });
}

export function checkedKeysOf(role: { menuKeys: readonly string[]; buttonKeys: readonly string[] }): string[] {
  return [...role.menuKeys, ...role.buttonKeys];
}

/** Checked leaves back to a role's keys; a granted button brings the menu of its page along. */
export function roleKeysOf(checked: readonly string[]): { menuKeys: string[]; buttonKeys: string[] } {
  const buttons = checked.filter((key) => knownButtons.has(key));
  const menus = new Set(checked.filter((key) => knownMenus.has(key)));
  for (const button of buttons) {
    const owner = routesByKey.get(button.slice(0, button.indexOf(':')));
    if (owner) menus.add(owner.menuKey);
  }
  return { menuKeys: [...menus], buttonKeys: buttons };
}

/** A menu or button key of the catalogue (not a tree's section, group or page node). */
export const isPermissionKey = (key: string) => knownMenus.has(key) || knownButtons.has(key);

/** Every key of a tree's leaves. */
export function leafKeys(nodes: readonly PermissionNode[]): string[] {
  return nodes.flatMap((node) => (node.children ? leafKeys(node.children) : [node.key]));
}
