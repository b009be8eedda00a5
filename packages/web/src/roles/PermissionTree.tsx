import { Tree } from 'antd';
import { useMemo } from 'react';
import { routeTable } from '../app/pages';
import { buildPermissionTree, isPermissionKey, leafKeys } from './permissionTree';

export interface PermissionTreeProps {
  value?: string[];
  onChange?: (checked: string[]) => void;
  disabled?: boolean;
  /** Whether the console builds a catalogue page: only those are offered. */
  isBuilt?: (routeKey: string) => boolean;
}

/**
 * Menu and button permissions of the pages the console builds as a checkable tree, sections folded; its
 * value is the checked keys. Keys the role holds that the tree does not offer are kept as they are.
 */
export function PermissionTree({ value = [], onChange, disabled, isBuilt = routeTable.isBuilt }: PermissionTreeProps) {
  const treeData = useMemo(() => buildPermissionTree(undefined, isBuilt), [isBuilt]);
  const offered = useMemo(() => new Set(leafKeys(treeData)), [treeData]);
  return (
    <Tree
      checkable
      selectable={false}
      disabled={disabled}
      treeData={treeData}
      checkedKeys={value.filter((key) => offered.has(key))}
      height={420}
      onCheck={(checked) => {
        const kept = value.filter((key) => isPermissionKey(key) && !offered.has(key));
        onChange?.([...kept, ...(Array.isArray(checked) ? checked : checked.checked).map(String)]);
      }}
    />
  );
}
