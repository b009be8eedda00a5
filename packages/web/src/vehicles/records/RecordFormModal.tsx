import type { Resource } from '@cp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Modal, Space } from 'antd';
import { fieldRules, fileNamesOf, formValuesOf, type ResourceApi, ResourceForm, toInput } from '../../resource';
import type { VehicleRecord } from './api';
import { VehiclePicker } from './VehiclePicker';

export interface RecordFormModalProps {
  resource: Resource;
  api: ResourceApi<VehicleRecord>;
  /** The row edited; a new one without. */
  row?: VehicleRecord;
  onClose: () => void;
}

/** Every editable field except the vehicle, which is picked among the vehicles. */
export const formFieldsOf = (resource: Resource) =>
  resource.entries.filter(([name, def]) => def.form && name !== 'vehicleId').map(([name]) => name);

const vehicleLabel = (row: VehicleRecord) => `${row.plateNo || '未上牌'}${row.vin ? `（${row.vin}）` : ''}`;

/** 新增 / 编辑 of a vehicle record (违章, 维保): the resource form with a vehicle picker; an edit sends its version. */
export function RecordFormModal({ resource, api, row, onClose }: RecordFormModalProps) {
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) => {
      const input = toInput(resource, values);
      return row ? api.update(row.id, { ...input, version: row.version ?? 1 }) : api.create(input);
    },
    onSuccess: async () => {
      message.success('操作成功');
      onClose();
      await queryClient.invalidateQueries({ queryKey: [resource.key] });
    },
  });
  const vehicleDef = resource.fields.vehicleId;
  return (
    <Modal
      open
      title={`${row ? '编辑' : '新增'}${resource.title}`}
      width={760}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <ResourceForm
        resource={resource}
        form={form}
        groups={[{ title: '', fields: formFieldsOf(resource) }]}
        initialValues={row ? formValuesOf(resource, row) : { attachments: [] }}
        fileNames={fileNamesOf(row)}
        onFinish={(values) => save.mutate(values)}
        disabled={save.isPending}
      >
        <Form.Item label="车辆" name="vehicleId" required rules={vehicleDef ? fieldRules(vehicleDef) : []}>
          <VehiclePicker current={row ? { value: row.vehicleId, label: vehicleLabel(row) } : undefined} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
          <Button onClick={onClose}>取消</Button>
        </Space>
      </ResourceForm>
    </Modal>
  );
}
