import { DownOutlined, UpOutlined } from '@ant-design/icons';
import type { Screen } from '@cp/contracts';
import { Button, Card, Flex, Space, type TableColumnsType } from 'antd';
import { type HTMLAttributes, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Authorized } from '../auth/access';
import { useListExport } from '../downloads/useListExport';
import { shortWindowQuery, useMediaQuery } from '../widgets';
import { ActionDialog } from './ActionDialog';
import { BulkActionDialog } from './BulkActionDialog';
import { BulkBar } from './BulkBar';
import { buildColumns } from './buildColumns';
import { useBulkSelection } from './bulkSelection';
import { ColumnSettings } from './ColumnSettings';
import { rowActionsWidth, rowControlTitles, screenControls } from './controls';
import { exportFilters } from './exportFilters';
import type { WebFamily } from './family';
import { ImportDialog } from './ImportDialog';
import { LinkFilterTags } from './LinkFilterTags';
import { ResourceDetailDrawer } from './ResourceDetailPage';
import { ResourceFormDrawer } from './ResourceFormDrawer';
import { ResourceSearchPanel } from './ResourceSearchPanel';
import { ResourceTable } from './ResourceTable';
import { RowActions } from './RowActions';
import { useRefLinks } from './refLinks';
import { pageLink } from './routes';
import { ScreenViews } from './ScreenViews';
import { StatusTabs } from './StatusTabs';
import { type Opened, ToolbarControl } from './ToolbarControl';
import type { ResourceRecord } from './types';
import { useColumnSettings } from './useColumnSettings';
import { useResourceList } from './useResourceList';
import { useTabCounts } from './useTabCounts';

/**
 * A screen of a family: its search panel, its status tabs, a toolbar with the controls of its route's
 * buttons and 列设置, the table of its columns (the identity pinned left, the key columns next, as the user
 * arranged them) sorted on the server, and each row's actions pinned right — everything from the
 * declarations.
 */
export function ResourceListPage({
  family,
  screen,
  views = [],
}: {
  family: WebFamily;
  screen: Screen;
  /** The other kinds of records of the page (its child pages), offered as tabs above the list. */
  views?: readonly Screen[];
}) {
  const list = useResourceList<ResourceRecord>(screen);
  // A short window (1280 × 720) opens with the search panel folded away, so the table starts near the top and
  // shows its rows; 展开查询 beside 列设置 brings the panel back, and a filter in the URL opens it.
  const short = useMediaQuery(shortWindowQuery);
  const filtered = list.filterNames.some((name) => Boolean(list.filters[name]));
  const [searchShown, setSearchShown] = useState(!short || filtered);
  const settings = useColumnSettings(screen);
  const counts = useTabCounts(screen, list.query);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // `?detail=<id>` opens a row's detail drawer (a link to one row of a family without a detail page).
  const linked = family.routes?.detail ? null : params.get('detail');
  const [opened, setOpened] = useState<Opened | null>(linked ? { kind: 'detail', id: linked } : null);
  const closeDetail = () => {
    setOpened(null);
    if (params.has('detail'))
      setParams(
        (current) => {
          current.delete('detail');
          return current;
        },
        { replace: true },
      );
  };
  const selection = useBulkSelection(family, screen, list.result.data?.list ?? [], JSON.stringify(list.query));
  const { exportList, exporting, resultModal } = useListExport(screen.key);
  const controls = useMemo(() => screenControls(family, screen), [family, screen]);
  const toolbar = controls.filter((control) => control.place === 'toolbar');
  const rowControls = useMemo(() => controls.filter((control) => control.place === 'row'), [controls]);
  const addPage = family.routes?.add;
  const open = (next: Opened) => {
    if (next.kind === 'form' && addPage && !next.id) navigate(pageLink(addPage));
    else setOpened(next);
  };
  const link = useRefLinks(family);
  const columns = useMemo<TableColumnsType<ResourceRecord>>(() => {
    const shown = settings.layout.filter((column) => !column.hidden).map((column) => column.name);
    return [
      ...buildColumns<ResourceRecord>(family.resource, {
        only: shown,
        sort: list.sort,
        pinned: screen.identity,
        widths: screen.widths,
        link,
        cells: family.cells,
      }),
      {
        title: '操作',
        key: 'actions',
        fixed: 'right',
        width: rowActionsWidth(rowControlTitles(family, rowControls).map((titles) => ['详情', ...titles])),
        onHeaderCell: () => ({ 'data-column': 'actions' }) as HTMLAttributes<HTMLElement>,
        render: (_, record) => <RowActions family={family} controls={rowControls} record={record} onOpen={setOpened} />,
      },
    ];
  }, [family, screen, list.sort, rowControls, settings.layout, link]);
  return (
    <Card>
      {views.length > 1 && <ScreenViews views={views} current={screen} />}
      {searchShown ? <ResourceSearchPanel list={list} whole={short} /> : <LinkFilterTags list={list} />}
      {screen.tabs && list.tab && (
        <StatusTabs tabs={screen.tabs} active={list.tab} counts={counts} onChange={list.setTab} />
      )}
      <Flex justify="space-between" align="flex-start" gap={16} style={{ marginBottom: 16 }}>
        <Space wrap>
          {toolbar.map((control) => (
            <Authorized key={`${control.kind}:${control.button}`} button={control.button}>
              <ToolbarControl
                control={control}
                screen={screen}
                onOpen={open}
                exporting={exporting}
                onExport={() => exportList(exportFilters(list.query))}
              />
            </Authorized>
          ))}
        </Space>
        <Space size={4}>
          {short && (
            <Button type="link" onClick={() => setSearchShown(!searchShown)} autoInsertSpace={false}>
              {searchShown ? '收起查询' : '展开查询'}
              {searchShown ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
            </Button>
          )}
          <ColumnSettings
            resource={family.resource}
            layout={settings.layout}
            customised={settings.customised}
            onChange={settings.change}
            onReset={settings.reset}
          />
        </Space>
      </Flex>
      <BulkBar family={family} selection={selection} onOpen={(target) => setOpened({ kind: 'bulk', target })} />
      <ResourceTable<ResourceRecord>
        list={list}
        columns={columns}
        ready={settings.ready}
        rowSelection={selection.rowSelection}
      />
      {resultModal}
      {opened?.kind === 'form' && <ResourceFormDrawer family={family} id={opened.id} onClose={() => setOpened(null)} />}
      {opened?.kind === 'detail' && <ResourceDetailDrawer family={family} id={opened.id} onClose={closeDetail} />}
      {opened?.kind === 'import' && (
        <ImportDialog
          resource={family.resource}
          title={opened.title}
          batchPage={family.routes?.importBatch}
          onClose={() => setOpened(null)}
        />
      )}
      {opened?.kind === 'action' && <ActionDialog target={opened.target} onClose={() => setOpened(null)} />}
      {opened?.kind === 'bulk' && (
        <BulkActionDialog
          target={opened.target}
          onClose={(done) => {
            if (done) selection.clear();
            setOpened(null);
          }}
        />
      )}
      {opened?.kind === 'custom' && opened.render()}
    </Card>
  );
}
