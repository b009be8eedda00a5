import { inspectBody, vehicleEnums } from '@cp/contracts';
import { Input, InputNumber, Radio } from 'antd';
import { ActionFormModal, BodyField, StoredFilesInput } from '../../resource';
import { type Vehicle, vehicleQueryKey, vehiclesApi } from '../api';
import { ChecklistField, defaultChecklist } from './ChecklistField';

const results = [...vehicleEnums.inspectionResult.options].reverse();

/** 验车: mileage, 合格/不合格, the checklist, photos; a pass moves the vehicle to 已验车. */
export function InspectModal({ vehicle, onClose }: { vehicle: Vehicle; onClose: () => void }) {
  return (
    <ActionFormModal
      title={`验车 ${vehicle.plateNo ?? vehicle.vin}`}
      schema={inspectBody}
      initialValues={{ mileage: vehicle.mileage, result: 1, checklist: defaultChecklist, photos: [] }}
      submit={(body) => vehiclesApi.inspect(vehicle.id, body)}
      invalidate={vehicleQueryKey}
      onClose={onClose}
    >
      <BodyField schema={inspectBody} name="mileage">
        <InputNumber precision={0} min={0} style={{ width: '100%' }} />
      </BodyField>
      <BodyField schema={inspectBody} name="result">
        <Radio.Group options={results} />
      </BodyField>
      <ChecklistField />
      <BodyField schema={inspectBody} name="photos">
        <StoredFilesInput limit={20} accept={['png', 'jpg', 'jpeg']} buttonText="上传照片" />
      </BodyField>
      <BodyField schema={inspectBody} name="remark">
        <Input.TextArea rows={2} maxLength={500} showCount />
      </BodyField>
    </ActionFormModal>
  );
}
