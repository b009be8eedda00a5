import { Drawer, Spin } from 'antd';
import type { WebFamily } from './family';
import { ResourceFormBody, useRecordToEdit } from './ResourceFormBody';

/** 新增 / 编辑 of a family without pages for them: the form in a drawer; an edit loads the latest version first. */
export function ResourceFormDrawer({
  family,
  id,
  onClose,
  parent,
}: {
  family: WebFamily;
  id?: string;
  onClose: () => void;
  /** A related list's parent row, which a new row belongs to (`{ drawId: '7' }`). */
  parent?: Readonly<Record<string, string>>;
}) {
  const { resource } = family;
  const detail = useRecordToEdit(resource, id);
  const ready = id === undefined || detail.data !== undefined;
  return (
    <Drawer open title={`${id ? '编辑' : '新增'}${resource.title}`} size={760} onClose={onClose} destroyOnHidden>
      {ready ? (
        <ResourceFormBody
          key={detail.data?.version ?? 'new'}
          family={family}
          record={detail.data}
          onDone={onClose}
          onCancel={onClose}
          onReload={() => void detail.refetch()}
          parent={parent}
        />
      ) : (
        <Spin />
      )}
    </Drawer>
  );
}
