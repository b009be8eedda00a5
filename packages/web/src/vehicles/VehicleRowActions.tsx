import { preparationButtons, routesByKey } from '@cp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space } from 'antd';
import { useNavigate } from 'react-router';
import { Authorized, useAccess } from '../auth/access';
import { type Vehicle, vehicleQueryKey, vehiclesApi } from './api';
import type { VehicleScreen } from './screens';
import { VehicleActionButtons } from './VehicleActionButtons';

const detailRoute = routesByKey.get('vehicleDetail');

export function vehicleDetailPath(id: string): string {
  return `/vehicleDetail?id=${encodeURIComponent(id)}`;
}

function useRemoveVehicle() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: vehiclesApi.remove,
    onSuccess: async () => {
      message.success('操作成功');
      await queryClient.invalidateQueries({ queryKey: vehicleQueryKey });
    },
  });
}

export interface VehicleRowActionsProps {
  vehicle: Vehicle;
  screen: VehicleScreen;
  onEdit: (vehicle: Vehicle) => void;
  onPrepare: (vehicle: Vehicle) => void;
}

/** A row's buttons: 详情, the screen's own actions, and 编辑 / 删除 on the vehicle list. */
export function VehicleRowActions({ vehicle, screen, onEdit, onPrepare }: VehicleRowActionsProps) {
  const access = useAccess();
  const navigate = useNavigate();
  const remove = useRemoveVehicle();
  const item = screen.preparationItem;
  return (
    <Space size={0} wrap>
      {detailRoute && access.canOpen(detailRoute) && (
        <Button type="link" size="small" onClick={() => navigate(vehicleDetailPath(vehicle.id))}>
          详情
        </Button>
      )}
      {screen.manage && (
        <Authorized button="vehicleList:edit">
          <Button type="link" size="small" onClick={() => onEdit(vehicle)}>
            编辑
          </Button>
        </Authorized>
      )}
      <VehicleActionButtons vehicle={vehicle} only={screen.actions} />
      {item !== undefined && (
        <Authorized button={preparationButtons[item]}>
          <Button type="link" size="small" onClick={() => onPrepare(vehicle)}>
            完成
          </Button>
        </Authorized>
      )}
      {screen.manage && (
        <Authorized button="vehicleList:delete">
          <Popconfirm
            title={`确定删除车辆 ${vehicle.plateNo ?? vehicle.vin} 吗？`}
            okText="删除"
            cancelText="取消"
            onConfirm={() => remove.mutateAsync(vehicle.id)}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Authorized>
      )}
    </Space>
  );
}
