import { Tree } from 'antd';
import { useMemo } from 'react';
import { buildPermissionTree } from './permissionTree';

export interface PermissionTreeProps {
  value?: string[];
  onChange?: (checked: string[]) => void;
  disabled?: boolean;
}

/** Menu and button permissions as a checkable tree, sections folded; its value is the checked keys. */
export function PermissionTree({ value = [], onChange, disabled }: PermissionTreeProps) {
  const treeData = useMemo(() => buildPermissionTree(), []);
  return (
    <Tree
      checkable
      selectable={false}
      disabled={disabled}
      treeData={treeData}
      checkedKeys={value}
      height={420}
      onCheck={(checked) => onChange?.((Array.isArray(checked) ? checked : checked.checked).map(String))}
    />
  );
}
