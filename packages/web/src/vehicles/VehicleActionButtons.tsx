import type { VehicleAction } from '@cp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, type ButtonProps } from 'antd';
import { useState } from 'react';
import { Authorized } from '../auth/access';
import { DeliverModal } from './actionForms/DeliverModal';
import { InspectModal } from './actionForms/InspectModal';
import { OutboundModal } from './actionForms/OutboundModal';
import { useOfferedActions } from './actions';
import { type Vehicle, vehicleQueryKey, vehiclesApi } from './api';

const modals = { inspect: InspectModal, outbound: OutboundModal, deliver: DeliverModal } as const;
type ModalAction = keyof typeof modals;

/** 整备 has no form: a confirmation, then the call. */
function useStartPreparation() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: vehiclesApi.startPreparation,
    onSuccess: async () => {
      message.success('操作成功');
      await queryClient.invalidateQueries({ queryKey: vehicleQueryKey });
    },
  });
  return (vehicle: Vehicle) =>
    modal.confirm({
      title: `确定开始整备 ${vehicle.plateNo ?? vehicle.vin} 吗？`,
      content: '车辆将进入整备中，需完成入网维护、行驶证、GPS、运输证四项。',
      okText: '确定',
      cancelText: '取消',
      onOk: () => start.mutateAsync(vehicle.id),
    });
}

export interface VehicleActionButtonsProps {
  vehicle: Vehicle;
  /** The screen's own actions; all that have a form by default. */
  only?: readonly VehicleAction[];
  type?: ButtonProps['type'];
  size?: ButtonProps['size'];
}

/** The lifecycle actions the vehicle's stage allows the user, each opening its form (or confirmation). */
export function VehicleActionButtons({ vehicle, only, type = 'link', size = 'small' }: VehicleActionButtonsProps) {
  const offered = useOfferedActions(vehicle.stage, only);
  const [open, setOpen] = useState<ModalAction | null>(null);
  const startPreparation = useStartPreparation();
  const ActionModal = open ? modals[open] : null;
  return (
    <>
      {offered.map((transition) => (
        <Authorized key={transition.action} button={transition.button}>
          <Button
            type={type}
            size={size}
            onClick={() =>
              transition.action === 'startPreparation'
                ? startPreparation(vehicle)
                : setOpen(transition.action as ModalAction)
            }
          >
            {transition.title}
          </Button>
        </Authorized>
      ))}
      {ActionModal && <ActionModal vehicle={vehicle} onClose={() => setOpen(null)} />}
    </>
  );
}
