import { buttonKeys, menuKeys, roleInput, routeCatalogue, sections } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../app/pages';
import { buildPermissionTree, checkedKeysOf, type PermissionNode, roleKeysOf } from './permissionTree';

function leaves(nodes: readonly PermissionNode[]): string[] {
  return nodes.flatMap((node) => (node.children ? leaves(node.children) : [node.key]));
}

describe('permission tree', () => {
  const tree = buildPermissionTree();

  it('has the nine sections and every menu and button key exactly once as a leaf', () => {
    expect(tree.map((node) => node.title)).toEqual([
      '车辆管理',
      '客户管理',
      '订单管理',
      '运营管理',
      '财务管理',
      'B端运营',
      '审批管理',
      'APP管理',
      '配置管理',
    ]);
    const all = leaves(tree);
    expect(new Set(all).size).toBe(all.length);
    expect(new Set(all)).toEqual(new Set([...menuKeys, ...buttonKeys]));
  });

  it('puts a page with buttons over 查看 and its buttons', () => {
    const config = tree.find((node) => node.key === 'section:config');
    const roles = config?.children?.find((node) => node.key === 'page:roleManagement');
    expect(roles?.children?.map((node) => node.title)).toEqual(['查看', '新增', '编辑', '删除', '分配权限', '导出']);
  });

  it('turns checked leaves into keys the server accepts, adding the menu of a granted button', () => {
    const keys = roleKeysOf(['roleManagement:edit', 'vehicleList', 'section:vehicle', 'page:roleManagement']);
    expect(keys).toEqual({ menuKeys: ['vehicleList', 'roleManagement'], buttonKeys: ['roleManagement:edit'] });
    expect(roleInput.safeParse({ code: 'ops2', name: '运营', ...keys }).success).toBe(true);
  });

  it('round-trips a role', () => {
    const role = { menuKeys: ['vehicleList', 'leaseOrder'], buttonKeys: ['vehicleList:add'] };
    expect(roleKeysOf(checkedKeysOf(role))).toEqual(role);
  });
});

describe('the permission tree of the console as built', () => {
  const tree = buildPermissionTree(undefined, routeTable.isBuilt);
  const pages = routeCatalogue.filter((route) => !route.hidden && route.access !== 'public');
  const built = pages.filter((route) => routeTable.isBuilt(route.key));

  it('offers exactly the pages the console builds, each with its buttons', () => {
    const offered = new Set(leaves(tree));
    const menusOffered = menuKeys.filter((key) => offered.has(key));
    expect(new Set(menusOffered)).toEqual(new Set(built.map((route) => route.menuKey)));
    for (const route of pages.filter((page) => !routeTable.isBuilt(page.key))) {
      expect(offered.has(route.menuKey), route.key).toBe(false);
      for (const button of route.buttons) expect(offered.has(button.key), button.key).toBe(false);
    }
    for (const route of built) {
      for (const button of route.buttons) expect(offered.has(button.key), button.key).toBe(true);
    }
  });

  it('offers a section only where one of its pages is built', () => {
    const withPages = sections.filter((section) => built.some((route) => route.section === section.key));
    expect(tree.map((node) => node.title)).toEqual(withPages.map((section) => section.title));
  });
});
