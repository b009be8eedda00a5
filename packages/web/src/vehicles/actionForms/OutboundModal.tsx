import { outboundBody } from '@cp/contracts';
import { Input, InputNumber } from 'antd';
import { ActionFormModal, BodyField } from '../../resource';
import { type Vehicle, vehicleQueryKey, vehiclesApi } from '../api';

/** 出库: where to, the mileage and why; the vehicle moves to 已出库. */
export function OutboundModal({ vehicle, onClose }: { vehicle: Vehicle; onClose: () => void }) {
  return (
    <ActionFormModal
      title={`出库 ${vehicle.plateNo ?? vehicle.vin}`}
      schema={outboundBody}
      initialValues={{ mileage: vehicle.mileage }}
      submit={(body) => vehiclesApi.outbound(vehicle.id, body)}
      invalidate={vehicleQueryKey}
      onClose={onClose}
    >
      <BodyField schema={outboundBody} name="location">
        <Input maxLength={100} />
      </BodyField>
      <BodyField schema={outboundBody} name="mileage">
        <InputNumber precision={0} min={0} style={{ width: '100%' }} />
      </BodyField>
      <BodyField schema={outboundBody} name="purpose">
        <Input maxLength={100} />
      </BodyField>
      <BodyField schema={outboundBody} name="remark">
        <Input.TextArea rows={2} maxLength={500} showCount />
      </BodyField>
    </ActionFormModal>
  );
}
