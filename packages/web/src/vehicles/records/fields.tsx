import { Col, Input, InputNumber, Row } from 'antd';
import type { z } from 'zod';
import { BodyField, StoredFilesInput } from '../../resource';
import { VehiclePicker } from './VehiclePicker';

type ObjectSchema = z.ZodObject<Record<string, z.ZodType>>;

/** 车辆: the vehicle an action is taken on, picked among those in `stages`. */
export function VehicleField({ schema, stages }: { schema: ObjectSchema; stages: readonly number[] }) {
  return (
    <BodyField schema={schema} name="vehicleId">
      <VehiclePicker stages={stages} />
    </BodyField>
  );
}

/** 里程 and 油量/电量 of a handover or a return. */
export function MileageFields({ schema }: { schema: ObjectSchema }) {
  return (
    <Row gutter={16}>
      <Col span={12}>
        <BodyField schema={schema} name="mileage">
          <InputNumber precision={0} min={0} style={{ width: '100%' }} />
        </BodyField>
      </Col>
      <Col span={12}>
        <BodyField schema={schema} name="energyLevel">
          <InputNumber precision={0} min={0} max={100} suffix="%" style={{ width: '100%' }} />
        </BodyField>
      </Col>
    </Row>
  );
}

export function TextField({ schema, name, max = 100 }: { schema: ObjectSchema; name: string; max?: number }) {
  return (
    <BodyField schema={schema} name={name}>
      <Input maxLength={max} />
    </BodyField>
  );
}

export function RemarkField({ schema, name = 'remark' }: { schema: ObjectSchema; name?: string }) {
  return (
    <BodyField schema={schema} name={name}>
      <Input.TextArea rows={2} maxLength={500} showCount />
    </BodyField>
  );
}

export function PhotosField({ schema }: { schema: ObjectSchema }) {
  return (
    <BodyField schema={schema} name="photos">
      <StoredFilesInput limit={20} accept={['png', 'jpg', 'jpeg']} buttonText="上传照片" />
    </BodyField>
  );
}
