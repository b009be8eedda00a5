import type { UserInfo } from '@cp/contracts';
import { routesByKey } from '@cp/contracts/routes';
import { Button, Flex, Popover, Space } from 'antd';
import { Fragment, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAccess } from '../auth/access';
import { useSession } from '../auth/session';
import { type Control, moreTitle, rowActionLayout } from './controls';
import { canEdit, canRemove, DeleteButton } from './DeleteButton';
import { detailLink, offeredActions, type WebFamily } from './family';
import { pageLink } from './routes';
import type { Opened } from './ToolbarControl';
import type { ResourceRecord } from './types';

interface RowActionsProps {
  family: WebFamily;
  controls: readonly Control[];
  record: ResourceRecord;
  onOpen: (opened: Opened) => void;
}

/**
 * Whether a row control applies to the row: a lifecycle action, 编辑 and 删除, only when the row's state
 * allows it.
 */
function applies(
  family: WebFamily,
  control: Control,
  record: ResourceRecord,
  { user, buttons }: { user: UserInfo; buttons: ReadonlySet<string> },
) {
  if (control.kind === 'transition') {
    return offeredActions(family, record, user, buttons).some((transition) => transition.action === control.action);
  }
  if (control.kind === 'custom' && 'when' in control.custom) return control.custom.when?.(record) ?? true;
  if (control.kind === 'delete') return canRemove(family.resource, record);
  if (control.kind === 'edit') return canEdit(family.resource, record);
  return true;
}

/**
 * A row's buttons: 详情 (its page, or a drawer where the family has none), then the controls of the screen the
 * row's state and the user's buttons allow — side by side while they fit the column (`rowActionLayout`), the
 * rest gathered under 更多.
 */
export function RowActions({ family, controls, record, onOpen }: RowActionsProps) {
  const navigate = useNavigate();
  const access = useAccess();
  const { user, held } = useSession();
  const [moreOpen, setMoreOpen] = useState(false);
  const detail = family.routes?.detail ? routesByKey.get(family.routes.detail) : undefined;
  const link = (kind: 'edit') => family.routes?.[kind];
  const button = (title: string, onClick: () => void) => (
    <Button
      type="link"
      size="small"
      onClick={() => {
        setMoreOpen(false);
        onClick();
      }}
    >
      {title}
    </Button>
  );
  const render = (control: Control) => {
    switch (control.kind) {
      case 'edit': {
        const page = link('edit');
        return button(control.title, () =>
          page ? navigate(pageLink(page, record.id)) : onOpen({ kind: 'form', id: record.id }),
        );
      }
      case 'transition':
        return button(control.title, () =>
          onOpen({ kind: 'action', target: { family, action: control.action, id: record.id, record } }),
        );
      case 'delete':
        return <DeleteButton resource={family.resource} record={record} title={control.title} link />;
      case 'custom': {
        const custom = control.custom;
        if ('render' in custom) return <custom.render record={record} title={control.title} />;
        if (!('via' in custom)) return null;
        const target = {
          family: custom.family,
          action: custom.action,
          id: String(record[custom.via]),
          record,
          alsoRefresh: [family.resource.key],
        };
        return button(control.title, () => onOpen({ kind: 'action', target }));
      }
      default:
        return null;
    }
  };
  const details = detail
    ? access.canOpen(detail)
      ? button('详情', () => navigate(detailLink(family, record.id) ?? ''))
      : null
    : !family.routes?.detail
      ? button('详情', () => onOpen({ kind: 'detail', id: record.id }))
      : null;
  const items: { key: string; title: string; node: ReactNode }[] = [
    ...(details ? [{ key: 'detail', title: '详情', node: details }] : []),
    ...controls
      .filter(
        (control) =>
          applies(family, control, record, { user, buttons: held.buttons }) && access.hasButton(control.button),
      )
      .map((control) => ({
        key: `${control.kind}:${control.button}:${control.kind === 'transition' ? control.action : ''}`,
        title: control.title,
        node: render(control),
      })),
  ];
  const { inline, more } = rowActionLayout(items.map((item) => item.title));
  return (
    <Space size={0}>
      {items.slice(0, inline).map((item) => (
        <Fragment key={item.key}>{item.node}</Fragment>
      ))}
      {more && (
        <Popover
          trigger="click"
          placement="bottomRight"
          open={moreOpen}
          onOpenChange={setMoreOpen}
          content={
            <Flex vertical align="flex-start" data-testid="row-actions-more">
              {items.slice(inline).map((item) => (
                <Fragment key={item.key}>{item.node}</Fragment>
              ))}
            </Flex>
          }
        >
          <Button type="link" size="small" aria-haspopup="menu">
            {moreTitle}
          </Button>
        </Popover>
      )}
    </Space>
  );
}
