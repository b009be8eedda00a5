import { deliverBody, inspectBody, vehicleEnums } from '@cp/contracts';
import { Col, Input, InputNumber, Radio, Row } from 'antd';
import { BodyField, LookupField, StoredFilesInput } from '../resource';
import type { ActionFields } from '../resource/family';
import { ChecklistField, defaultChecklist } from './ChecklistField';

const results = [...vehicleEnums.inspectionResult.options].reverse();

const photos = <StoredFilesInput limit={20} accept={['png', 'jpg', 'jpeg']} buttonText="上传照片" />;

/** 验车: mileage, 合格/不合格, the checklist, photos; a pass moves the vehicle to 已验车. */
export const inspectFields: ActionFields = {
  initial: (vehicle) => ({ mileage: vehicle?.mileage, result: 1, checklist: defaultChecklist, photos: [] }),
  Fields: () => (
    <>
      <BodyField schema={inspectBody} name="mileage">
        <InputNumber precision={0} min={0} style={{ width: '100%' }} />
      </BodyField>
      <BodyField schema={inspectBody} name="result">
        <Radio.Group options={results} />
      </BodyField>
      <ChecklistField />
      <BodyField schema={inspectBody} name="photos">
        {photos}
      </BodyField>
      <BodyField schema={inspectBody} name="remark">
        <Input.TextArea rows={2} maxLength={500} showCount />
      </BodyField>
    </>
  ),
};

/** 交车 and 临时交车: the driver, the mileage and energy at handover, the checklist and photos. */
export const handoverFields: ActionFields = {
  width: 760,
  initial: (vehicle) => ({ mileage: vehicle?.mileage, checklist: defaultChecklist, photos: [] }),
  Fields: () => (
    <>
      <Row gutter={16}>
        <Col span={24}>
          <BodyField schema={deliverBody} name="driverId">
            <LookupField lookup="driver" />
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
        {photos}
      </BodyField>
      <BodyField schema={deliverBody} name="remark">
        <Input.TextArea rows={2} maxLength={500} showCount />
      </BodyField>
    </>
  ),
};
