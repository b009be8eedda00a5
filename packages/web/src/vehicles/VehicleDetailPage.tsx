import { vehicleEnums, vehicleResource } from '@cp/contracts';
import { Button, Card, Flex, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Authorized } from '../auth/access';
import { DetailById, fileNamesOf, HistoryTimeline, ResourceDescriptions, StoredFileList } from '../resource';
import { type Vehicle, vehicleQueryKey, vehiclesApi } from './api';
import { vehicleGroups, vehicleHistoryActions, vehicleHistoryFields } from './groups';
import { VehicleActionButtons } from './VehicleActionButtons';
import { VehicleDrawer } from './VehicleDrawer';

const stageColors = ['gold', 'cyan', 'blue', 'purple', 'geekblue', 'green', 'orange', 'default', 'magenta'];

function Header({ vehicle }: { vehicle: Vehicle }) {
  return (
    <Space wrap>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {vehicle.plateNo || '未上牌'}
      </Typography.Title>
      <Typography.Text type="secondary" copyable>
        {vehicle.vin}
      </Typography.Text>
      <Tag color={stageColors[vehicle.stage] ?? 'default'}>{vehicleEnums.stage.label(vehicle.stage)}</Tag>
    </Space>
  );
}

function VehicleDetail({ vehicle }: { vehicle: Vehicle }) {
  const [editing, setEditing] = useState(false);
  const attachments = Array.isArray(vehicle.attachments) ? vehicle.attachments.map(String) : [];
  return (
    <Flex vertical gap={16}>
      <Card
        title={<Header vehicle={vehicle} />}
        extra={
          <Space wrap>
            <VehicleActionButtons vehicle={vehicle} type="primary" size="middle" />
            <Authorized button="vehicleList:edit">
              <Button onClick={() => setEditing(true)}>编辑</Button>
            </Authorized>
          </Space>
        }
      >
        <ResourceDescriptions resource={vehicleResource} record={vehicle} groups={vehicleGroups} />
      </Card>
      <Card title="附件">
        <StoredFileList files={attachments} names={fileNamesOf(vehicle)} />
      </Card>
      <Card title="变更记录">
        <HistoryTimeline
          resource={vehicleResource}
          url={vehiclesApi.historyUrl(vehicle.id)}
          actions={vehicleHistoryActions}
          fields={vehicleHistoryFields}
        />
      </Card>
      {editing && <VehicleDrawer vehicleId={vehicle.id} onClose={() => setEditing(false)} />}
    </Flex>
  );
}

/** /vehicleDetail?id=: the vehicle's papers, its actions and everything that happened to it. */
export function VehicleDetailPage() {
  return (
    <DetailById
      queryKey={vehicleQueryKey}
      load={vehiclesApi.detail}
      missingTitle="车辆不存在或已删除"
      back={{ path: '/vehicleList', label: '返回车辆列表' }}
    >
      {(vehicle) => <VehicleDetail vehicle={vehicle} />}
    </DetailById>
  );
}
