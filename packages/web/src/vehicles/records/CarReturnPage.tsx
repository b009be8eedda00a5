import { acceptReturnBody, returnResource } from '@cp/contracts';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { Authorized } from '../../auth/access';
import { ActionFormModal } from '../../resource';
import { recordsApi, type VehicleRecord } from './api';
import { MileageFields, PhotosField, RemarkField, VehicleField } from './fields';
import { recordLists } from './lists';
import { RecordListView } from './RecordListView';
import { isOpen, pickerStages } from './rowRules';
import { requestReturnForm, splitVehicle } from './schemas';

const invalidate = [returnResource.key];

function RequestReturnModal({ onClose }: { onClose: () => void }) {
  return (
    <ActionFormModal
      title="还车登记"
      schema={requestReturnForm}
      submit={(values) => {
        const { id, body } = splitVehicle(values);
        return recordsApi.requestReturn(id, body);
      }}
      invalidate={invalidate}
      onClose={onClose}
    >
      <VehicleField schema={requestReturnForm} stages={pickerStages.carReturn} />
      <RemarkField schema={requestReturnForm} />
    </ActionFormModal>
  );
}

function AcceptReturnModal({ row, onClose }: { row: VehicleRecord; onClose: () => void }) {
  return (
    <ActionFormModal
      title={`验收 ${row.plateNo ?? row.vin ?? ''}`}
      schema={acceptReturnBody}
      initialValues={{ photos: [] }}
      submit={(body) => recordsApi.acceptReturn(row.id, body)}
      invalidate={invalidate}
      onClose={onClose}
    >
      <MileageFields schema={acceptReturnBody} />
      <RemarkField schema={acceptReturnBody} name="damage" />
      <PhotosField schema={acceptReturnBody} />
      <RemarkField schema={acceptReturnBody} />
    </ActionFormModal>
  );
}

/** /carReturnRecord: returns of leased vehicles, 还车登记 and 验收. */
export function CarReturnRecordPage() {
  const [adding, setAdding] = useState(false);
  const [accepting, setAccepting] = useState<VehicleRecord | null>(null);
  const rowActions = useCallback(
    (row: VehicleRecord) =>
      isOpen(row) && (
        <Authorized button="carReturnRecord:accept">
          <Button type="link" size="small" onClick={() => setAccepting(row)}>
            验收
          </Button>
        </Authorized>
      ),
    [],
  );
  return (
    <>
      <RecordListView
        {...recordLists.carReturnRecord}
        toolbar={
          <Authorized button="carReturnRecord:add">
            <Button type="primary" onClick={() => setAdding(true)}>
              还车登记
            </Button>
          </Authorized>
        }
        rowActions={rowActions}
      />
      {adding && <RequestReturnModal onClose={() => setAdding(false)} />}
      {accepting && <AcceptReturnModal row={accepting} onClose={() => setAccepting(null)} />}
    </>
  );
}
