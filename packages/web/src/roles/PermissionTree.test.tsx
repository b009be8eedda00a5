import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PermissionTree } from './PermissionTree';

vi.setConfig({ testTimeout: 20_000 });

const onlyRoles = (key: string) => key === 'roleManagement';

/**
 * Opens the branch titled `text` as a person does, once the tree stands still: while a branch opens, its
 * children are drawn as copies that are replaced when the motion ends, and a click on a copy (found while a
 * busy machine stretched the motion) lands on a node no longer in the document.
 */
async function expand(text: string) {
  await waitFor(() => expect(document.querySelector('.ant-tree [class*="motion"]')).toBeNull());
  const title = await screen.findByText(text);
  const node = title.closest('.ant-tree-treenode');
  const switcher = node?.querySelector('.ant-tree-switcher');
  if (!switcher) throw new Error(`no switcher for ${text}`);
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
    await expand('配置管理');
    await expand('角色管理');
    expect(screen.queryByText('公司运营配置')).toBeNull();
    const edit = (await screen.findByText('编辑')).closest('.ant-tree-treenode')?.querySelector('.ant-tree-checkbox');
    if (!edit) throw new Error('no 编辑 checkbox');
    fireEvent.click(edit);
    const checked = onChange.mock.lastCall?.[0] as string[];
    expect(checked).toEqual(expect.arrayContaining(['vehicleList', 'marketplaceOrders:cancel', 'roleManagement:edit']));
  });
});
