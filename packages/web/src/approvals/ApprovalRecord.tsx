import {
  type ApprovalRecord,
  approvalBusinessTypes,
  approvalEventKind,
  approvalInstanceStatus,
  approvalMethod,
  approvalTaskStatus,
  offlinePaymentResource,
  routesByKey,
} from '@cp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Flex, Spin, Steps, Tag, Timeline, Typography } from 'antd';
import { useAccess } from '../auth/access';
import { get } from '../request';
import { formatPlain } from '../resource/format';
import { ResourceDescriptions } from '../resource/ResourceDescriptions';
import type { ResourceRecord } from '../resource/types';

const moment = (value: unknown) => formatPlain({ kind: 'datetime' }, value);
const statusColors: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'error', 4: 'default', 5: 'default' };

/** An approval's nodes (who decides each, how, and what they decided) and everything that happened on it. */
export function ApprovalRecordView({ record }: { record: ApprovalRecord }) {
  const running = record.status === 1;
  return (
    <Flex vertical gap={16}>
      <Descriptions size="small" column={3} bordered>
        <Descriptions.Item label="审批事项">{record.title}</Descriptions.Item>
        <Descriptions.Item label="发起人">{record.initiatorName}</Descriptions.Item>
        <Descriptions.Item label="审批状态">
          <Tag color={statusColors[record.status]}>{approvalInstanceStatus.label(record.status)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="发起时间">{moment(record.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="结束时间">{record.endedAt ? moment(record.endedAt) : '—'}</Descriptions.Item>
      </Descriptions>
      <Steps
        size="small"
        current={record.nodeIndex}
        status={record.status === 3 ? 'error' : record.status === 2 ? 'finish' : running ? 'process' : 'wait'}
        items={record.nodes.map((node) => ({
          title: `${node.name}（${approvalMethod.label(node.method)}）`,
          description: node.tasks.length
            ? node.tasks.map((task) => `${task.approverName}：${approvalTaskStatus.label(task.status)}`).join('；')
            : '未到达',
        }))}
      />
      <Timeline
        items={record.events.map((event) => ({
          key: `${event.at}-${event.kind}-${event.userName}`,
          color: event.kind === 3 ? 'red' : event.kind === 2 || event.kind === 8 ? 'green' : 'blue',
          children: (
            <Flex vertical>
              <Typography.Text>
                {[
                  event.userName,
                  approvalEventKind.label(event.kind),
                  event.nodeName ? `「${event.nodeName}」` : '',
                  event.toUserName ? `给 ${event.toUserName}` : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
              </Typography.Text>
              {event.comment ? <Typography.Text type="secondary">意见：{event.comment}</Typography.Text> : null}
              <Typography.Text type="secondary">{moment(event.at)}</Typography.Text>
            </Flex>
          ),
        }))}
      />
    </Flex>
  );
}

function RecordCard({ url, queryKey }: { url: string; queryKey: readonly unknown[] }) {
  const query = useQuery({ queryKey: ['approvalRecord', ...queryKey], queryFn: () => get<ApprovalRecord | null>(url) });
  return (
    <Card title="审批记录" size="small" data-testid="approval-record">
      {query.isPending ? (
        <Spin />
      ) : query.data ? (
        <ApprovalRecordView record={query.data} />
      ) : (
        <Empty description="暂无审批记录" />
      )}
    </Card>
  );
}

/** The record of a task's approval, on the task's detail. */
export function TaskApprovalRecord({ record }: { record: ResourceRecord }) {
  const id = String(record.instanceId);
  return <RecordCard url={`/api/approval-instances/${id}/record`} queryKey={['instance', id, record.status]} />;
}

/** The record of an approval I started, on its detail. */
export function InstanceApprovalRecord({ record }: { record: ResourceRecord }) {
  const id = String(record.id);
  return <RecordCard url={`/api/approval-instances/${id}/record`} queryKey={['instance', id, record.status]} />;
}

/** The latest approval of a business record (an order, a 线下收款), on its detail. */
export function BusinessApprovalRecord({ businessType, record }: { businessType: number; record: ResourceRecord }) {
  const id = String(record.id);
  const url = `/api/approval-records?businessType=${businessType}&businessId=${id}`;
  return <RecordCard url={url} queryKey={['business', businessType, id, record.status]} />;
}

/** The latest approval of a 线下收款, on its detail. */
export function PaymentApprovalRecord({ record }: { record: ResourceRecord }) {
  return <BusinessApprovalRecord businessType={approvalBusinessTypes.offlinePayment} record={record} />;
}

const paymentPage = routesByKey.get(offlinePaymentResource.page);

/**
 * What a task decides on, beside it: the 线下收款 with its voucher, for those who may open 线下发起. Other
 * business types show theirs as their sections arrive (订单, 退车结算…).
 */
export function TaskBusiness({ record }: { record: ResourceRecord }) {
  const { canOpen } = useAccess();
  const payment = Number(record.businessType) === approvalBusinessTypes.offlinePayment;
  const allowed = payment && paymentPage !== undefined && canOpen(paymentPage);
  const id = String(record.businessId);
  const query = useQuery({
    queryKey: ['offlinePayment', 'detail', id],
    queryFn: () => get<ResourceRecord>(`${offlinePaymentResource.endpoint}/${id}`),
    enabled: allowed,
  });
  if (!allowed) return null;
  return (
    <Card title="收款信息" size="small" data-testid="approval-business">
      {query.data ? (
        <ResourceDescriptions resource={offlinePaymentResource} record={query.data} column={2} />
      ) : (
        <Spin />
      )}
    </Card>
  );
}
