import { vehicleResource } from '@cp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Form, Space, Spin } from 'antd';
import { useState } from 'react';
import { RequestError } from '../request';
import { fileNamesOf, formValuesOf, ResourceForm, toInput } from '../resource';
import { type Vehicle, vehicleQueryKey, vehiclesApi } from './api';
import { vehicleFormGroups } from './groups';

function VehicleFormBody({
  vehicle,
  onDone,
  onReload,
}: {
  vehicle?: Vehicle;
  onDone: () => void;
  onReload: () => void;
}) {
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) => {
      const input = toInput(vehicleResource, values);
      return vehicle
        ? vehiclesApi.update(vehicle.id, { ...input, version: vehicle.version ?? 1 })
        : vehiclesApi.create(input);
    },
    onSuccess: async () => {
      message.success('操作成功');
      onDone();
      await queryClient.invalidateQueries({ queryKey: vehicleQueryKey });
    },
    // Someone saved the vehicle since it was opened: say so here too, and offer their version.
    onError: (error) => {
      if (error instanceof RequestError && error.code === 409) setConflict(error.message);
    },
  });
  return (
    <>
      {conflict && (
        <Alert
          type="warning"
          showIcon
          title={conflict}
          action={
            <Button size="small" onClick={onReload}>
              重新加载
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <ResourceForm
        resource={vehicleResource}
        form={form}
        groups={vehicleFormGroups}
        initialValues={vehicle ? formValuesOf(vehicleResource, vehicle) : { labels: [], attachments: [] }}
        fileNames={fileNamesOf(vehicle)}
        onFinish={(values) => save.mutate(values)}
        disabled={save.isPending}
      >
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
          <Button onClick={onDone}>取消</Button>
        </Space>
      </ResourceForm>
    </>
  );
}

/** 新增车辆 / 编辑车辆: the vehicle form in a drawer; editing loads the latest version first. */
export function VehicleDrawer({ vehicleId, onClose }: { vehicleId?: string; onClose: () => void }) {
  const detail = useQuery({
    queryKey: [...vehicleQueryKey, 'detail', vehicleId],
    queryFn: () => vehiclesApi.detail(vehicleId ?? ''),
    enabled: vehicleId !== undefined,
    staleTime: 0,
  });
  const ready = vehicleId === undefined || detail.data !== undefined;
  return (
    <Drawer open title={vehicleId ? '编辑车辆' : '新增车辆'} size={760} onClose={onClose} destroyOnHidden>
      {ready ? (
        <VehicleFormBody
          key={detail.data?.version ?? 'new'}
          vehicle={detail.data}
          onDone={onClose}
          onReload={() => void detail.refetch()}
        />
      ) : (
        <Spin />
      )}
    </Drawer>
  );
}
