import { Button, Card, Result, Space, Spin } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { WebFamily } from './family';
import { ResourceDescriptions } from './ResourceDescriptions';
import { ResourceFormBody, useRecordToEdit } from './ResourceFormBody';
import { pageLink } from './routes';
import type { ResourceRecord } from './types';
import { valuesFromSearch } from './values';

/** Where `?from=` sends the user back: a path of this console, never another site (`//evil.example`). */
export function returnPath(from: string | null): string | null {
  return from && /^\/(?![/\\])/.test(from) ? from : null;
}

/**
 * 新增… / 编辑… as a page, for families whose catalogue has those routes: the edit page reads the id from
 * its path or `?id=` and loads the latest version. When done it goes back where the user came from
 * (`?from=`, a page of another family that opened it), else to the family's list. A new row starts from the
 * fields the URL names (`valuesFromSearch`). A family without a list
 * of its own (its forms on another page: 政企客户) shows the saved row instead, with 编辑 and 新增 links,
 * so a saved row is never out of reach.
 */
export function ResourceFormPage({ family, mode }: { family: WebFamily; mode: 'add' | 'edit' }) {
  const { resource, main, home } = family;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const path = useParams();
  const location = useLocation();
  // The saved row belongs to the visit that saved it: its 编辑 / 继续新增 links (this page again) start a
  // new form, while the page keeps showing the saved row until the next one is ready.
  const [saved, setSaved] = useState<{ row: ResourceRecord; at: string } | null>(null);
  const id = mode === 'edit' ? (path.id ?? params.get('id') ?? '') : undefined;
  const detail = useRecordToEdit(resource, id);
  const from = returnPath(params.get('from'));
  // A new row may start from what the link that opened the form names (激活 of a lead: its contact, city,
  // channel); a field that is never a control (the lead itself) is saved with the form, not shown.
  const named = mode === 'add' ? valuesFromSearch(resource, params) : {};
  const hidden = Object.fromEntries(Object.entries(named).filter(([name]) => resource.fields[name]?.control === false));
  const initial = Object.fromEntries(Object.entries(named).filter(([name]) => !(name in hidden)));
  const back = () => navigate(from ?? (main ? main.route.path : home.path));
  const done = (row: ResourceRecord) => {
    if (from || main) back();
    else setSaved({ row, at: location.key });
  };
  if (saved?.at === location.key) return <SavedRecord family={family} record={saved.row} />;
  return (
    <Card title={`${mode === 'add' ? '新增' : '编辑'}${resource.title}`}>
      {mode === 'edit' && !detail.data ? (
        <Spin />
      ) : (
        <ResourceFormBody
          key={detail.data?.version ?? 'new'}
          family={family}
          record={detail.data}
          onDone={done}
          onCancel={back}
          onReload={() => void detail.refetch()}
          {...(mode === 'add' ? { initial, parent: hidden } : {})}
        />
      )}
    </Card>
  );
}

/** A row just saved by a family without a list: what was saved, and the ways on. */
function SavedRecord({ family, record }: { family: WebFamily; record: ResourceRecord }) {
  const { resource, routes, home, groups } = family;
  const name = resource.identity ? String(record[resource.identity] ?? '') : '';
  return (
    <Card>
      <Result
        status="success"
        title={`${resource.title}「${name}」已保存`}
        extra={
          <Space>
            {routes?.edit && (
              <Link to={pageLink(routes.edit, record.id)}>
                <Button type="primary">编辑该{resource.title}</Button>
              </Link>
            )}
            {routes?.add && (
              <Link to={pageLink(routes.add)}>
                <Button>继续新增</Button>
              </Link>
            )}
            <Link to={home.path}>
              <Button>返回{home.title}</Button>
            </Link>
          </Space>
        }
      />
      <ResourceDescriptions resource={resource} record={record} groups={groups} />
    </Card>
  );
}
