import { deliveryResource } from '@cp/contracts';
import { Button, Card, Descriptions, Flex, Table, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { DetailById, fileNamesOf, ResourceDescriptions, StoredFileList } from '../../resource';
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
  return (
    <DetailById
      queryKey={[deliveryResource.key]}
      load={recordsApi.delivery}
      missingTitle="交车记录不存在"
      back={{ path: '/deliveryRecord', label: '返回交车记录' }}
    >
      {(delivery) => <Delivery delivery={delivery} />}
    </DetailById>
  );
}
