import { routesByKey } from '@cp/contracts/routes';
import { Card, Empty, Flex, Space, Table, type TableColumnsType, Tabs, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Authorized, useAccess } from '../auth/access';
import { useListExport } from '../downloads/useListExport';
import { useScrollRegions } from '../widgets';
import { ActionDialog } from './ActionDialog';
import { buildColumns } from './buildColumns';
import { type Control, screenControls } from './controls';
import { detailLink, type WebFamily } from './family';
import { ImportDialog } from './ImportDialog';
import { ResourceFormDrawer } from './ResourceFormDrawer';
import { RowActions } from './RowActions';
import { useRefLinks } from './refLinks';
import {
  type RelatedList as List,
  relatedLink,
  relatedLists,
  relatedPageSize,
  relatedParentId,
  useRelatedLists,
  useRelatedPage,
} from './related';
import { pageLink } from './routes';
import { type Opened, ToolbarControl } from './ToolbarControl';
import type { ResourceRecord } from './types';

interface ListProps {
  list: List;
  parentId: string;
  /** The parent row, when the list's `managed` asks it whether its rows may change. */
  parent?: ResourceRecord;
  /** What an action on the list's rows may also change: the parent row and its other lists (抽奖 a 中奖名单). */
  alsoRefresh?: readonly string[];
}

/** `违章记录（3）`: the list's title and how many rows it has (`10000+` past the server's count cap). */
function RelatedTitle({ list, parentId }: ListProps) {
  const { data } = useRelatedPage(list, parentId);
  const count = data ? `（${data.total}${data.totalExact ? '' : '+'}）` : '';
  return (
    <span>
      {list.title}
      {count}
    </span>
  );
}

/**
 * The columns of the list's screen, and 详情 where the family has a detail page the user may open; an
 * embedded screen's rows also offer its row controls (编辑, 删除, the lifecycle's actions).
 */
function useColumns(
  { family, screen }: List,
  rowControls: readonly Control[],
  onOpen: (opened: Opened) => void,
): TableColumnsType<ResourceRecord> {
  const access = useAccess();
  const detailKey = family.routes?.detail;
  const detail = detailKey ? routesByKey.get(detailKey) : undefined;
  const withDetail = detail !== undefined && access.canOpen(detail);
  const link = useRefLinks(family);
  return useMemo(
    () => [
      // A glance at the newest rows: sorting is the screen's (查看全部).
      ...buildColumns<ResourceRecord>(screen.resource, { only: screen.columns, link }).map(
        ({ sorter: _sorter, sortOrder: _order, sortDirections: _directions, ...column }) => column,
      ),
      ...(rowControls.length > 0
        ? [
            {
              title: '操作',
              key: 'actions',
              fixed: 'right' as const,
              render: (_: unknown, row: ResourceRecord) => (
                <RowActions family={family} controls={rowControls} record={row} onOpen={onOpen} />
              ),
            },
          ]
        : withDetail && detailKey
          ? [
              {
                title: '操作',
                key: 'detail',
                fixed: 'right' as const,
                render: (_: unknown, row: ResourceRecord) => (
                  <Link to={detailLink(family, row.id) ?? pageLink(detailKey, row.id)}>详情</Link>
                ),
              },
            ]
          : []),
    ],
    [family, screen, withDetail, detailKey, rowControls, onOpen, link],
  );
}

/**
 * One related list: a few rows of its screen's columns, paged on the server, and 查看全部 on the screen
 * itself. An embedded screen has no page to open: its rows are managed here, with its route's controls
 * (新增 and 导入 for the parent row, 导出 of the parent's rows, the row controls).
 */
function RelatedList({ list, parentId, parent: parentRecord, alsoRefresh = [] }: ListProps) {
  const [page, setPage] = useState(1);
  const [opened, setOpenedAs] = useState<Opened | null>(null);
  const setOpened = useCallback(
    (next: Opened | null) =>
      setOpenedAs(
        next?.kind === 'action'
          ? { ...next, target: { ...next.target, alsoRefresh: [...(next.target.alsoRefresh ?? []), ...alsoRefresh] } }
          : next,
      ),
    [alsoRefresh],
  );
  const result = useRelatedPage(list, parentId, page);
  const { family, screen, via } = list;
  // A parent whose state fixes its rows (a published draw's prizes) leaves them to read and export.
  const fixed = parentRecord !== undefined && list.managed?.(parentRecord) === false;
  const controls = useMemo(
    () =>
      (screen.embedded ? screenControls(family, screen) : []).filter(
        (control) => !fixed || !['create', 'import', 'edit', 'delete'].includes(control.kind),
      ),
    [family, screen, fixed],
  );
  const rowControls = useMemo(() => controls.filter((control) => control.place === 'row'), [controls]);
  const columns = useColumns(list, rowControls, setOpened);
  const { exportList, exporting, resultModal } = useListExport(screen.key);
  const parent = { [via]: parentId };
  const total = result.data?.total ?? 0;
  const scrollRegions = useScrollRegions<HTMLDivElement>(list.title);
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center">
        <Space>
          {controls
            .filter((control) => control.place === 'toolbar')
            .map((control) => (
              <Authorized key={`${control.kind}:${control.button}`} button={control.button}>
                <ToolbarControl
                  control={control}
                  screen={screen}
                  onOpen={setOpened}
                  exporting={exporting}
                  onExport={() => exportList(parent)}
                />
              </Authorized>
            ))}
          <Typography.Text type="secondary">
            {result.data ? `共 ${total}${result.data.totalExact ? '' : '+'} 条` : ''}
          </Typography.Text>
        </Space>
        {!screen.embedded && <Link to={relatedLink(list, parentId)}>查看全部</Link>}
      </Flex>
      <div ref={scrollRegions}>
        <Table<ResourceRecord>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={result.data?.list ?? []}
          loading={result.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`暂无${list.title}`} /> }}
          pagination={{
            current: page,
            pageSize: relatedPageSize,
            total,
            size: 'small',
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
        />
      </div>
      {resultModal}
      {opened?.kind === 'form' && (
        <ResourceFormDrawer family={family} id={opened.id} parent={parent} onClose={() => setOpened(null)} />
      )}
      {opened?.kind === 'import' && (
        <ImportDialog resource={family.resource} title={opened.title} onClose={() => setOpened(null)} />
      )}
      {opened?.kind === 'action' && <ActionDialog target={opened.target} onClose={() => setOpened(null)} />}
      {opened?.kind === 'custom' && opened.render()}
    </Flex>
  );
}

/**
 * The detail page's related records (a vehicle's inspections, handovers, violations…): a tab per list the
 * user may open, each titled with its count, then the family's own tabs the user may open (a driver's 账户).
 */
export function RelatedRecords({ family, parent }: { family: WebFamily; parent: ResourceRecord }) {
  const access = useAccess();
  const lists = useRelatedLists(family).flatMap((list) => {
    const parentId = relatedParentId(list, parent);
    return parentId !== undefined && access.canOpen(list.screen.route) ? [{ list, parentId }] : [];
  });
  const tabs = (family.detailTabs ?? []).filter((tab) => {
    const route = routesByKey.get(tab.route);
    return route !== undefined && access.canOpen(route);
  });
  const alsoRefresh = useMemo(
    () => [family.resource.key, ...relatedLists(family).map((list) => list.screen.resource.key)],
    [family],
  );
  if (lists.length === 0 && tabs.length === 0) return null;
  return (
    <Card title="相关记录">
      <Tabs
        items={[
          ...lists.map(({ list, parentId }) => ({
            key: list.screen.key,
            label: <RelatedTitle list={list} parentId={parentId} />,
            children: <RelatedList list={list} parentId={parentId} parent={parent} alsoRefresh={alsoRefresh} />,
          })),
          ...tabs.map(({ key, title, render: Tab }) => ({ key, label: title, children: <Tab record={parent} /> })),
        ]}
      />
    </Card>
  );
}
