import { vehicleResource } from '@cp/contracts';
import { Button, Card, Space, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { Authorized } from '../auth/access';
import { useListExport } from '../downloads/useListExport';
import {
  buildColumns,
  exportFilters,
  type ResourceListOptions,
  ResourceSearchPanel,
  ResourceTable,
  useResourceList,
} from '../resource';
import { PreparationModal } from './actionForms/PreparationModal';
import type { Vehicle } from './api';
import type { VehicleScreen } from './screens';
import { VehicleDrawer } from './VehicleDrawer';
import { VehicleRowActions } from './VehicleRowActions';

/** The vehicle list request of a screen: its fixed filters and the filters its search panel offers. */
export function vehicleListOptions(screen: VehicleScreen): ResourceListOptions {
  return { endpoint: '/api/vehicles', fixed: screen.fixed, filters: screen.filters };
}

/** A list of vehicles as one screen shows it: its search, columns and row actions (see `vehicleScreens`). */
export function VehicleListView({ screen }: { screen: VehicleScreen }) {
  const list = useResourceList<Vehicle>(vehicleResource, vehicleListOptions(screen));
  const [drawer, setDrawer] = useState<{ vehicleId?: string } | null>(null);
  const { exportList, exporting, resultModal } = useListExport('vehicleList');
  const [preparing, setPreparing] = useState<Vehicle | null>(null);
  const columns = useMemo<TableColumnsType<Vehicle>>(
    () => [
      ...buildColumns<Vehicle>(vehicleResource, { only: screen.columns, sort: list.sort }),
      {
        title: '操作',
        key: 'actions',
        fixed: 'right',
        render: (_, vehicle) => (
          <VehicleRowActions
            vehicle={vehicle}
            screen={screen}
            onEdit={(row) => setDrawer({ vehicleId: row.id })}
            onPrepare={setPreparing}
          />
        ),
      },
    ],
    [screen, list.sort],
  );
  return (
    <Card>
      <ResourceSearchPanel resource={vehicleResource} list={list} />
      {screen.manage && (
        <Space style={{ marginBottom: 16 }}>
          <Authorized button="vehicleList:add">
            <Button type="primary" onClick={() => setDrawer({})}>
              新增
            </Button>
          </Authorized>
          <Authorized button="vehicleList:export">
            <Button loading={exporting} onClick={() => exportList(exportFilters(list.query))}>
              导出
            </Button>
          </Authorized>
        </Space>
      )}
      <ResourceTable<Vehicle> list={list} columns={columns} />
      {resultModal}
      {drawer && <VehicleDrawer vehicleId={drawer.vehicleId} onClose={() => setDrawer(null)} />}
      {preparing && screen.preparationItem !== undefined && (
        <PreparationModal vehicle={preparing} item={screen.preparationItem} onClose={() => setPreparing(null)} />
      )}
    </Card>
  );
}
