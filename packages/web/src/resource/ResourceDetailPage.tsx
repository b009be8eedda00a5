import { useQuery } from '@tanstack/react-query';
import { Button, Card, Drawer, Flex, Result, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Authorized } from '../auth/access';
import { useSession } from '../auth/session';
import { ActionDialog, type ActionTarget, rowName } from './ActionDialog';
import { canEdit, DeleteButton } from './DeleteButton';
import { DetailById } from './DetailById';
import { offeredActions, type WebFamily } from './family';
import { fileNamesOf } from './fileNames';
import { HistoryTimeline } from './HistoryTimeline';
import { RelatedRecords } from './RelatedList';
import { ResourceDescriptions } from './ResourceDescriptions';
import { ResourceFormDrawer } from './ResourceFormDrawer';
import { useRefLinks } from './refLinks';
import { useRelatedLists } from './related';
import { createResourceApi } from './resourceApi';
import { pageLink } from './routes';
import { StatusTag } from './StatusTag';
import { StoredFileList } from './StoredFileList';
import type { ResourceRecord } from './types';

/** The row's title: its identity, what the family adds (a VIN), and its lifecycle state. */
function Title({ family, record }: { family: WebFamily; record: ResourceRecord }) {
  const lifecycle = family.resource.lifecycle;
  const state = lifecycle ? Number(record[lifecycle.field]) : undefined;
  return (
    <Space wrap>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {rowName(family.resource, record) || family.resource.title}
      </Typography.Title>
      {family.subtitle?.(record)}
      {lifecycle && state !== undefined && <StatusTag enumDef={lifecycle.states} value={state} />}
    </Space>
  );
}

function Detail({
  family,
  record,
  onDeleted,
}: {
  family: WebFamily;
  record: ResourceRecord;
  /** Where a deleted row leaves the user: the family's list by default. */
  onDeleted?: () => void;
}) {
  const { resource } = family;
  const navigate = useNavigate();
  const { user, held } = useSession();
  const [editing, setEditing] = useState(false);
  const [acting, setActing] = useState<ActionTarget | null>(null);
  const offered = offeredActions(family, record, user, held.buttons);
  const files = resource.entries.filter(([, def]) => def.kind === 'files' && def.detail);
  // Files have a card of their own, also when the family declares no sections.
  const sections = family.groups ?? [
    { title: '', fields: resource.entries.filter(([, def]) => def.detail).map(([name]) => name) },
  ];
  // A section of files only (证件资料) has nothing left to show here: its files are cards of their own.
  const groups = sections
    .map((group) => ({ ...group, fields: group.fields.filter((name) => resource.fields[name]?.kind !== 'files') }))
    .filter((group) => group.fields.length > 0);
  // An action on the row writes records of other families (验车 an inspection): their lists follow it.
  const alsoRefresh = useRelatedLists(family).map((list) => list.screen.resource.key);
  const link = useRefLinks(family);
  const edit = () => (family.routes?.edit ? navigate(pageLink(family.routes.edit, record.id)) : setEditing(true));
  return (
    <Flex vertical gap={16}>
      <Card
        title={<Title family={family} record={record} />}
        extra={
          <Space wrap>
            {offered.map((transition) => (
              <Button
                key={transition.action}
                type="primary"
                onClick={() => setActing({ family, action: transition.action, id: record.id, record, alsoRefresh })}
              >
                {transition.title}
              </Button>
            ))}
            {resource.permissions.update && canEdit(resource, record) && (
              <Authorized button={resource.permissions.update}>
                <Button onClick={edit}>编辑</Button>
              </Authorized>
            )}
            <DeleteButton
              resource={resource}
              record={record}
              onDeleted={onDeleted ?? (() => navigate(family.home.path))}
            />
          </Space>
        }
      >
        <ResourceDescriptions resource={resource} record={record} groups={groups} link={link} />
      </Card>
      {files.map(([name, def]) => (
        <Card key={name} title={def.title}>
          <StoredFileList files={(record[name] as string[] | undefined) ?? []} names={fileNamesOf(record)} />
        </Card>
      ))}
      {family.detailSections?.map((Section, index) => (
        // Sections are fixed per family: their order is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: as above
        <Section key={index} record={record} />
      ))}
      <RelatedRecords family={family} parent={record} />
      <Card title="变更记录">
        <HistoryTimeline resource={resource} url={createResourceApi(resource.endpoint).historyUrl(record.id)} />
      </Card>
      {editing && <ResourceFormDrawer family={family} id={record.id} onClose={() => setEditing(false)} />}
      {acting && <ActionDialog target={acting} onClose={() => setActing(null)} />}
    </Flex>
  );
}

/**
 * A family's detail page (`/vehicleDetail?id=`): the row's fields by section, its attachments in the image
 * preview, the actions its state offers, the family's own sections, its related records and the history of
 * every change.
 */
export function ResourceDetailPage({ family }: { family: WebFamily }) {
  const { resource, home } = family;
  return (
    <DetailById
      queryKey={[resource.key]}
      load={createResourceApi(resource.endpoint).detail}
      missingTitle={`${resource.title}不存在或已删除`}
      back={{ path: home.path, label: `返回${home.title}` }}
    >
      {(record) => <Detail family={family} record={record} />}
    </DetailById>
  );
}

/**
 * A family's detail without a page of its own (the catalogue has no detail route: 激励分配): the same view in a
 * drawer over the list, opened by the row's 详情.
 */
export function ResourceDetailDrawer({ family, id, onClose }: { family: WebFamily; id: string; onClose: () => void }) {
  const { resource } = family;
  const detail = useQuery({
    queryKey: [resource.key, 'detail', id],
    queryFn: () => createResourceApi(resource.endpoint).detail(id),
  });
  return (
    <Drawer open title={`${resource.title}详情`} size={960} onClose={onClose} destroyOnHidden>
      {detail.isPending ? (
        <Spin style={{ display: 'block', padding: 48 }} />
      ) : detail.data ? (
        <Detail family={family} record={detail.data} onDeleted={onClose} />
      ) : (
        <Result status="warning" title={`${resource.title}不存在或已删除`} />
      )}
    </Drawer>
  );
}
