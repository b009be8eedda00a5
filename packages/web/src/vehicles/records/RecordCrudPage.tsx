import { maintenanceResource, type Resource, violationResource } from '@cp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm } from 'antd';
import { type ReactNode, useCallback, useState } from 'react';
import { Authorized } from '../../auth/access';
import type { ResourceApi } from '../../resource';
import { maintenanceApi, type VehicleRecord, violationsApi } from './api';
import { RecordFormModal } from './RecordFormModal';
import { RecordListView } from './RecordListView';
import { ViolationImportButton } from './ViolationImportModal';

interface CrudScreen {
  /** Route key: its `:add`, `:edit` and `:delete` buttons gate the actions. */
  key: string;
  resource: Resource;
  api: ResourceApi<VehicleRecord>;
  /** Buttons beside 新增 (导入…), each gated by its own key. */
  extraButtons?: ReactNode;
}

function useRemove({ resource, api }: CrudScreen) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: api.remove,
    onSuccess: async () => {
      message.success('操作成功');
      await queryClient.invalidateQueries({ queryKey: [resource.key] });
    },
  });
}

/** A vehicle record list people keep by hand: 新增, 编辑 and 删除. */
function RecordCrudView({ screen }: { screen: CrudScreen }) {
  const { key, resource, api, extraButtons } = screen;
  const [editing, setEditing] = useState<{ row?: VehicleRecord } | null>(null);
  const remove = useRemove(screen);
  const rowActions = useCallback(
    (row: VehicleRecord) => (
      <>
        <Authorized button={`${key}:edit`}>
          <Button type="link" size="small" onClick={() => setEditing({ row })}>
            编辑
          </Button>
        </Authorized>
        <Authorized button={`${key}:delete`}>
          <Popconfirm
            title={`确定删除该${resource.title}记录吗？`}
            okText="删除"
            cancelText="取消"
            onConfirm={() => remove.mutateAsync(row.id)}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Authorized>
      </>
    ),
    [key, resource.title, remove.mutateAsync],
  );
  return (
    <>
      <RecordListView
        resource={resource}
        endpoint={api.base}
        toolbar={
          <>
            <Authorized button={`${key}:add`}>
              <Button type="primary" onClick={() => setEditing({})}>
                新增
              </Button>
            </Authorized>
            {extraButtons}
          </>
        }
        rowActions={rowActions}
      />
      {editing && <RecordFormModal resource={resource} api={api} row={editing.row} onClose={() => setEditing(null)} />}
    </>
  );
}

const violationScreen: CrudScreen = {
  key: 'violationManagement',
  resource: violationResource,
  api: violationsApi,
  extraButtons: <ViolationImportButton />,
};
const maintenanceScreen: CrudScreen = {
  key: 'maintenanceManagement',
  resource: maintenanceResource,
  api: maintenanceApi,
};

/** /violationManagement: traffic violations of the vehicles. */
export function ViolationManagementPage() {
  return <RecordCrudView screen={violationScreen} />;
}

/** /maintenanceManagement: services and repairs of the vehicles. */
export function MaintenanceManagementPage() {
  return <RecordCrudView screen={maintenanceScreen} />;
}
