import { useQuery } from '@tanstack/react-query';
import { Drawer, Spin } from 'antd';
import type { WebFamily } from './family';
import { ResourceFormBody } from './ResourceFormBody';
import { createResourceApi } from './resourceApi';

/** 新增 / 编辑 of a family without pages for them: the form in a drawer; an edit loads the latest version first. */
export function ResourceFormDrawer({ family, id, onClose }: { family: WebFamily; id?: string; onClose: () => void }) {
  const { resource } = family;
  const detail = useQuery({
    queryKey: [resource.key, 'detail', id],
    queryFn: () => createResourceApi(resource.endpoint).detail(id ?? ''),
    enabled: id !== undefined,
    staleTime: 0,
  });
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
        />
      ) : (
        <Spin />
      )}
    </Drawer>
  );
}
