import { shuntingResource } from '@cp/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { Authorized } from '../../auth/access';
import { ActionFormModal, BodyField, LookupField } from '../../resource';
import { recordsApi } from './api';
import { RemarkField, TextField, VehicleField } from './fields';
import { recordLists } from './lists';
import { RecordListView } from './RecordListView';
import { pickerStages } from './rowRules';
import { shuntForm, splitVehicle } from './schemas';

function ShuntModal({ onClose }: { onClose: () => void }) {
  return (
    <ActionFormModal
      title="调车"
      schema={shuntForm}
      submit={(values) => {
        const { id, body } = splitVehicle(values);
        return recordsApi.shunt(id, body);
      }}
      invalidate={[shuntingResource.key]}
      onClose={onClose}
    >
      <VehicleField schema={shuntForm} stages={pickerStages.shunting} />
      <BodyField schema={shuntForm} name="toCityId">
        <LookupField lookup="city" />
      </BodyField>
      <TextField schema={shuntForm} name="fromLocation" />
      <TextField schema={shuntForm} name="toLocation" />
      <TextField schema={shuntForm} name="driver" max={30} />
      <RemarkField schema={shuntForm} name="reason" />
    </ActionFormModal>
  );
}

/** /shuntingManagement: moves of vehicles between cities, and 调车. */
export function ShuntingManagementPage() {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <RecordListView
        {...recordLists.shuntingManagement}
        toolbar={
          <Authorized button="shuntingManagement:add">
            <Button type="primary" onClick={() => setAdding(true)}>
              调车
            </Button>
          </Authorized>
        }
      />
      {adding && <ShuntModal onClose={() => setAdding(false)} />}
    </>
  );
}
