import { buttonKeys, menuKeys, roleInput } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
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
