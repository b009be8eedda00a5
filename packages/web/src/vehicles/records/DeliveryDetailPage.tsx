import { deliveryResource } from '@cp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Result, Spin, Table, Tag } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { fileNamesOf, ResourceDescriptions, StoredFileList } from '../../resource';
import { vehicleDetailPath } from '../VehicleRowActions';
import { type DeliveryDetail, recordsApi } from './api';

/** The delivery's own fields: the vehicle's plate and VIN are not part of the detail answer. */
const detailFields = deliveryResource.entries
  .map(([name]) => name)
  .filter((name) => name !== 'plateNo' && name !== 'vin');
const groups = [{ title: '交车信息', fields: detailFields }];

type ChecklistRow = NonNullable<DeliveryDetail['checklist']>[number];

const checklistColumns = [
  { title: '检查项', dataIndex: 'item', key: 'item' },
  {
    title: '是否正常',
    dataIndex: 'ok',
    key: 'ok',
    render: (ok: boolean) => (ok ? <Tag color="green">正常</Tag> : <Tag color="red">异常</Tag>),
  },
  { title: '说明', dataIndex: 'note', key: 'note', render: (note?: string) => note || '-' },
];

function Delivery({ delivery }: { delivery: DeliveryDetail }) {
  const navigate = useNavigate();
  return (
    <Flex vertical gap={16}>
      <Card
        title="交车详情"
        extra={<Button onClick={() => navigate(vehicleDetailPath(delivery.vehicleId))}>查看车辆</Button>}
      >
        <ResourceDescriptions resource={deliveryResource} record={delivery} groups={groups} />
        <Descriptions
          style={{ marginTop: 16 }}
          bordered
          size="small"
          column={1}
          items={[{ key: 'remark', label: '备注', children: delivery.remark || '-' }]}
        />
      </Card>
      <Card title="检查清单">
        <Table<ChecklistRow>
          rowKey={(row) => row.item}
          columns={checklistColumns}
          dataSource={delivery.checklist ?? []}
          pagination={false}
          size="small"
        />
      </Card>
      <Card title="照片">
        <StoredFileList files={delivery.photos ?? []} names={fileNamesOf(delivery)} />
      </Card>
    </Flex>
  );
}

/** /deliveryDetail?id=: one handover with its checklist and photos. */
export function DeliveryDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('id') ?? '';
  const valid = /^[1-9]\d{0,15}$/.test(id);
  const detail = useQuery({
    queryKey: [deliveryResource.key, 'detail', id],
    queryFn: () => recordsApi.delivery(id),
    enabled: valid,
  });
  if (valid && detail.isPending) return <Spin style={{ display: 'block', padding: 48 }} />;
  if (!detail.data) {
    return (
      <Result
        status="warning"
        title="交车记录不存在"
        extra={<Button onClick={() => navigate('/deliveryRecord')}>返回交车记录</Button>}
      />
    );
  }
  return <Delivery delivery={detail.data} />;
}
