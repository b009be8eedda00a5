import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PermissionTree } from './PermissionTree';

vi.setConfig({ testTimeout: 20_000 });

const onlyRoles = (key: string) => key === 'roleManagement';

function expand(title: HTMLElement) {
  const node = title.closest('.ant-tree-treenode');
  const switcher = node?.querySelector('.ant-tree-switcher');
  if (!switcher) throw new Error(`no switcher for ${title.textContent}`);
  fireEvent.click(switcher);
}

describe('PermissionTree', () => {
  it('offers only the pages the console builds, and keeps the keys it does not offer', async () => {
    const onChange = vi.fn();
    render(
      <PermissionTree
        value={['vehicleList', 'marketplaceOrders:cancel', 'roleManagement']}
        onChange={onChange}
        isBuilt={onlyRoles}
      />,
    );
    expect(screen.getByText('配置管理')).toBeTruthy();
    expect(screen.queryByText('车辆管理')).toBeNull();
    expect(screen.queryByText('APP管理')).toBeNull();
    expand(screen.getByText('配置管理'));
    expand(await screen.findByText('角色管理'));
    expect(screen.queryByText('公司运营配置')).toBeNull();
    const edit = (await screen.findByText('编辑')).closest('.ant-tree-treenode')?.querySelector('.ant-tree-checkbox');
    if (!edit) throw new Error('no 编辑 checkbox');
    fireEvent.click(edit);
    const checked = onChange.mock.lastCall?.[0] as string[];
    expect(checked).toEqual(expect.arrayContaining(['vehicleList', 'marketplaceOrders:cancel', 'roleManagement:edit']));
  });
});
