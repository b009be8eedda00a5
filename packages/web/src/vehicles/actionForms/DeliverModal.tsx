import { deliverBody } from '@cp/contracts';
import { Col, Input, InputNumber, Row } from 'antd';
import { ActionFormModal, BodyField, StoredFilesInput } from '../../resource';
import { type Vehicle, vehicleQueryKey, vehiclesApi } from '../api';
import { ChecklistField, defaultChecklist } from './ChecklistField';

/** 交车: the driver, the mileage and energy at handover, the checklist and photos; the vehicle goes on lease. */
export function DeliverModal({ vehicle, onClose }: { vehicle: Vehicle; onClose: () => void }) {
  return (
    <ActionFormModal
      title={`交车 ${vehicle.plateNo ?? vehicle.vin}`}
      schema={deliverBody}
      initialValues={{ mileage: vehicle.mileage, checklist: defaultChecklist, photos: [] }}
      submit={(body) => vehiclesApi.deliver(vehicle.id, body)}
      invalidate={vehicleQueryKey}
      onClose={onClose}
      width={760}
    >
      <Row gutter={16}>
        <Col span={12}>
          <BodyField schema={deliverBody} name="driverName">
            <Input maxLength={30} />
          </BodyField>
        </Col>
        <Col span={12}>
          <BodyField schema={deliverBody} name="driverPhone">
            <Input maxLength={11} />
          </BodyField>
        </Col>
        <Col span={12}>
          <BodyField schema={deliverBody} name="mileage">
            <InputNumber precision={0} min={0} style={{ width: '100%' }} />
          </BodyField>
        </Col>
        <Col span={12}>
          <BodyField schema={deliverBody} name="energyLevel">
            <InputNumber precision={0} min={0} max={100} suffix="%" style={{ width: '100%' }} />
          </BodyField>
        </Col>
      </Row>
      <ChecklistField />
      <BodyField schema={deliverBody} name="photos">
        <StoredFilesInput limit={20} accept={['png', 'jpg', 'jpeg']} buttonText="上传照片" />
      </BodyField>
      <BodyField schema={deliverBody} name="remark">
        <Input.TextArea rows={2} maxLength={500} showCount />
      </BodyField>
    </ActionFormModal>
  );
}
