import type { Screen } from '@cp/contracts';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import type { ActionTarget } from './ActionDialog';
import type { BulkTarget } from './BulkActionDialog';
import type { Control } from './controls';

/** What the page has open over the list: the form, the import, or an action's dialog. */
export type Opened =
  | { kind: 'form'; id?: string }
  /** A row's detail in a drawer, for a family without a detail page. */
  | { kind: 'detail'; id: string }
  | { kind: 'import'; title: string }
  | { kind: 'action'; target: ActionTarget }
  | { kind: 'bulk'; target: BulkTarget }
  | { kind: 'custom'; render: () => ReactNode };

/** A toolbar button of a list or a related list: 新增, 导入, 导出 or a custom control. */
export function ToolbarControl({
  control,
  screen,
  onOpen,
  exporting,
  onExport,
}: {
  control: Control;
  screen: Screen;
  onOpen: (opened: Opened) => void;
  exporting: boolean;
  onExport: () => void;
}) {
  if (control.kind === 'custom') {
    const custom = control.custom;
    if ('render' in custom) return <custom.render title={control.title} />;
    const target = { family: custom.family, action: custom.action, alsoRefresh: [screen.resource.key] };
    return (
      <Button type="primary" onClick={() => onOpen({ kind: 'action', target })}>
        {control.title}
      </Button>
    );
  }
  const primary = control.kind === 'create';
  const open = () =>
    control.kind === 'export'
      ? onExport()
      : onOpen(control.kind === 'import' ? { kind: 'import', title: control.title } : { kind: 'form' });
  return (
    <Button type={primary ? 'primary' : 'default'} loading={control.kind === 'export' && exporting} onClick={open}>
      {control.title}
    </Button>
  );
}
