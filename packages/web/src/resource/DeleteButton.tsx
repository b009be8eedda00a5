import type { Resource } from '@cp/contracts';
import { Button, Popconfirm } from 'antd';
import { Authorized } from '../auth/access';
import { rowName } from './ActionDialog';
import { useResourceRemove } from './mutations';
import type { ResourceRecord } from './types';

/** Whether a row may be deleted in its state: where its lifecycle says so, or always without one. */
export function canRemove(resource: Resource, record: ResourceRecord): boolean {
  const lifecycle = resource.lifecycle;
  return lifecycle ? lifecycle.removable(Number(record[lifecycle.field])) : true;
}

/** Whether a row may be edited in its state: where its lifecycle says so, or always without one. */
export function canEdit(resource: Resource, record: ResourceRecord): boolean {
  const lifecycle = resource.lifecycle;
  return lifecycle ? lifecycle.editable(Number(record[lifecycle.field])) : true;
}

/**
 * 删除 of a row: a confirmation naming the row, then the deletion. Offered only where the family's page has
 * the button, the user holds it and the row's state lets it be deleted; `onDeleted` runs once it is gone.
 */
export function DeleteButton({
  resource,
  record,
  link = false,
  title = '删除',
  onDeleted,
}: {
  resource: Resource;
  record: ResourceRecord;
  /** A link in a row's actions rather than a button. */
  link?: boolean;
  /** The button's title in the catalogue. */
  title?: string;
  onDeleted?: () => void;
}) {
  const { remove } = useResourceRemove(resource);
  const button = resource.permissions.remove;
  if (!button || !canRemove(resource, record)) return null;
  const confirm = async () => {
    if (await remove(record.id)) onDeleted?.();
  };
  return (
    <Authorized button={button}>
      <Popconfirm
        title={`确定删除${resource.title} ${rowName(resource, record)} 吗？`}
        okText="删除"
        cancelText="取消"
        onConfirm={confirm}
      >
        <Button type={link ? 'link' : 'default'} size={link ? 'small' : undefined} danger>
          {title}
        </Button>
      </Popconfirm>
    </Authorized>
  );
}
