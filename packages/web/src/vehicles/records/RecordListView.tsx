import type { Resource } from '@cp/contracts';
import { Button, Card, Space, type TableColumnsType } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { Authorized } from '../../auth/access';
import { useListExport } from '../../downloads/useListExport';
import { buildColumns, exportFilters, ResourceSearchPanel, ResourceTable, useResourceList } from '../../resource';
import type { VehicleRecord } from './api';

export interface RecordListViewProps {
  resource: Resource;
  /** The list endpoint: `/api/vehicle-inspections`. */
  endpoint: string;
  /** Filters the screen always applies (`{ kind: '0' }`). */
  fixed?: Readonly<Record<string, string>>;
  /** Columns; the resource's list fields by default. */
  columns?: readonly string[];
  /** Buttons above the table. */
  toolbar?: ReactNode;
  /** A row's buttons; no 操作 column without. */
  rowActions?: (row: VehicleRecord) => ReactNode;
}

/** A list of vehicle records: the resource's search panel, a paged table sorted on the server, the screen's buttons. */
export function RecordListView({ resource, endpoint, fixed, columns, toolbar, rowActions }: RecordListViewProps) {
  const list = useResourceList<VehicleRecord>(resource, { endpoint, fixed });
  const exportKey = resource.permissions.export;
  // The export kind is the list page's key: `violationManagement:export` → `violationManagement`.
  const { exportList, exporting, resultModal } = useListExport(exportKey?.split(':')[0] ?? '');
  const tableColumns = useMemo<TableColumnsType<VehicleRecord>>(
    () => [
      ...buildColumns<VehicleRecord>(resource, { only: columns, sort: list.sort }),
      ...(rowActions
        ? [
            {
              title: '操作',
              key: 'actions',
              fixed: 'right' as const,
              render: (_: unknown, row: VehicleRecord) => (
                <Space size={0} wrap>
                  {rowActions(row)}
                </Space>
              ),
            },
          ]
        : []),
    ],
    [resource, columns, list.sort, rowActions],
  );
  return (
    <Card>
      <ResourceSearchPanel resource={resource} list={list} />
      {(toolbar || exportKey) && (
        <Space style={{ marginBottom: 16 }}>
          {toolbar}
          {exportKey && (
            <Authorized button={exportKey}>
              <Button loading={exporting} onClick={() => exportList(exportFilters(list.query))}>
                导出
              </Button>
            </Authorized>
          )}
        </Space>
      )}
      {resultModal}
      <ResourceTable<VehicleRecord> list={list} columns={tableColumns} />
    </Card>
  );
}
