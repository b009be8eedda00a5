import { Card, Spin } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { WebFamily } from './family';
import { ResourceFormBody, useRecordToEdit } from './ResourceFormBody';

/**
 * 新增… / 编辑… as a page, for families whose catalogue has those routes: the edit page reads the id from
 * its path or `?id=`, loads the latest version, and both go back to the list when done.
 */
export function ResourceFormPage({ family, mode }: { family: WebFamily; mode: 'add' | 'edit' }) {
  const { resource, main } = family;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const path = useParams();
  const id = mode === 'edit' ? (path.id ?? params.get('id') ?? '') : undefined;
  const detail = useRecordToEdit(resource, id);
  const back = () => navigate(main.route.path);
  return (
    <Card title={`${mode === 'add' ? '新增' : '编辑'}${resource.title}`}>
      {mode === 'edit' && !detail.data ? (
        <Spin />
      ) : (
        <ResourceFormBody
          key={detail.data?.version ?? 'new'}
          family={family}
          record={detail.data}
          onDone={back}
          onCancel={back}
          onReload={() => void detail.refetch()}
        />
      )}
    </Card>
  );
}
