import { deliveryResource, recallBody } from '@cp/contracts';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { Authorized } from '../../auth/access';
import { ActionFormModal } from '../../resource';
import { ChecklistField, defaultChecklist } from '../actionForms/ChecklistField';
import { recordsApi, type VehicleRecord } from './api';
import { MileageFields, PhotosField, RemarkField, TextField, VehicleField } from './fields';
import { deliveryColumns } from './listPages';
import { recordLists } from './lists';
import { RecordListView } from './RecordListView';
import { canRecall, pickerStages } from './rowRules';
import { splitVehicle, temporaryDeliverForm } from './schemas';

const invalidate = [deliveryResource.key];

function TemporaryDeliverModal({ onClose }: { onClose: () => void }) {
  return (
    <ActionFormModal
      title="临时交车"
      schema={temporaryDeliverForm}
      initialValues={{ checklist: defaultChecklist, photos: [] }}
      submit={(values) => {
        const { id, body } = splitVehicle(values);
        return recordsApi.temporaryDeliver(id, body);
      }}
      invalidate={invalidate}
      onClose={onClose}
      width={760}
    >
      <VehicleField schema={temporaryDeliverForm} stages={pickerStages.temporaryDelivery} />
      <TextField schema={temporaryDeliverForm} name="driverName" max={30} />
      <TextField schema={temporaryDeliverForm} name="driverPhone" max={11} />
      <MileageFields schema={temporaryDeliverForm} />
      <ChecklistField />
      <PhotosField schema={temporaryDeliverForm} />
      <RemarkField schema={temporaryDeliverForm} />
    </ActionFormModal>
  );
}

function RecallModal({ row, onClose }: { row: VehicleRecord; onClose: () => void }) {
  return (
    <ActionFormModal
      title={`收回 ${row.plateNo ?? row.vin ?? ''}`}
      schema={recallBody}
      initialValues={{ mileage: row.mileage }}
      submit={(body) => recordsApi.recall(row.vehicleId, body)}
      invalidate={invalidate}
      onClose={onClose}
    >
      <MileageFields schema={recallBody} />
      <RemarkField schema={recallBody} />
    </ActionFormModal>
  );
}

/** /temporaryDelivery: temporary handovers of vehicles in stock, 新增 and 收回. */
export function TemporaryDeliveryPage() {
  const [adding, setAdding] = useState(false);
  const [recalling, setRecalling] = useState<VehicleRecord | null>(null);
  const rowActions = useCallback(
    (row: VehicleRecord) =>
      canRecall(row) && (
        <Authorized button="temporaryDelivery:recall">
          <Button type="link" size="small" onClick={() => setRecalling(row)}>
            收回
          </Button>
        </Authorized>
      ),
    [],
  );
  return (
    <>
      <RecordListView
        {...recordLists.temporaryDelivery}
        columns={deliveryColumns}
        toolbar={
          <Authorized button="temporaryDelivery:add">
            <Button type="primary" onClick={() => setAdding(true)}>
              新增
            </Button>
          </Authorized>
        }
        rowActions={rowActions}
      />
      {adding && <TemporaryDeliverModal onClose={() => setAdding(false)} />}
      {recalling && <RecallModal row={recalling} onClose={() => setRecalling(null)} />}
    </>
  );
}
