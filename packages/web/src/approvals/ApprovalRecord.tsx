import {
  type ApprovalRecord,
  approvalBusinesses,
  approvalBusinessTypes,
  approvalEventKind,
  approvalInstanceStatus,
  approvalMethod,
  approvalTaskStatus,
  routesByKey,
} from '@cp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Flex, Spin, Steps, Timeline, Typography } from 'antd';
import { Link } from 'react-router';
import { get, getOrNull } from '../request';
import { formatPlain } from '../resource/format';
import { ResourceDescriptions } from '../resource/ResourceDescriptions';
import { StatusTag, toneDots } from '../resource/StatusTag';
import type { ResourceRecord } from '../resource/types';

const moment = (value: unknown) => formatPlain({ kind: 'datetime' }, value);
/** The timeline's dot of an event, by what its word means (驳回 red, 通过 green). */
const eventDot = (kind: number) => toneDots[approvalEventKind.tone(kind) ?? 'closed'];

/** An approval's nodes (who decides each, how, and what they decided) and everything that happened on it. */
export function ApprovalRecordView({ record }: { record: ApprovalRecord }) {
  const running = record.status === 1;
  return (
    <Flex vertical gap={16}>
      <Descriptions size="small" column={3} bordered>
        <Descriptions.Item label="审批事项">{record.title}</Descriptions.Item>
        <Descriptions.Item label="发起人">{record.initiatorName}</Descriptions.Item>
        <Descriptions.Item label="审批状态">
          <StatusTag enumDef={approvalInstanceStatus} value={record.status} />
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
          description: node.tasks.length ? (
            <Flex vertical gap={4}>
              {node.tasks.map((task) => (
                <span key={`${task.approverName}-${task.status}`}>
                  {task.approverName}：<StatusTag enumDef={approvalTaskStatus} value={task.status} />
                </span>
              ))}
            </Flex>
          ) : (
            '未到达'
          ),
        }))}
      />
      <Timeline
        items={record.events.map((event) => ({
          key: `${event.at}-${event.kind}-${event.userName}`,
          color: eventDot(event.kind),
          children: (
            <Flex vertical>
              <Typography.Text>
                {event.userName} <StatusTag enumDef={approvalEventKind} value={event.kind} />
                {[
                  event.nodeName ? ` 「${event.nodeName}」` : '',
                  event.toUserName ? ` 给 ${event.toUserName}` : '',
                ].join('')}
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
  const query = useQuery({ queryKey: ['approvalRecord', ...queryKey], queryFn: () => getOrNull<ApprovalRecord>(url) });
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

/** The address of a business type's approval form for a record: `/returnCheckoutApproval/7/approve`. */
export function approvalFormLink(businessType: number, businessId: string, mode: 'view' | 'approve'): string | null {
  const form = approvalBusinesses[businessType]?.form;
  const route = form ? routesByKey.get(form) : undefined;
  if (!route) return null;
  return route.path.replace(':id', encodeURIComponent(businessId)).replace(':type', mode);
}

/** A business record as its approvers read it (`GET /api/approval-business`), under its resource's key. */
export function useApprovalBusiness(businessType: number, businessId: string, enabled = true) {
  const business = approvalBusinesses[businessType];
  return useQuery({
    queryKey: [business?.resource.key ?? 'approvalBusiness', 'approvalBusiness', businessType, businessId],
    queryFn: () =>
      get<ResourceRecord>(
        `/api/approval-business?businessType=${businessType}&businessId=${encodeURIComponent(businessId)}`,
      ),
    enabled: enabled && business !== undefined,
  });
}

/**
 * What a task decides on, beside it: the business record (the order, the 核算单, the 线下收款 with its voucher),
 * and a way to its approval form where its type has one.
 */
export function TaskBusiness({ record }: { record: ResourceRecord }) {
  const type = Number(record.businessType);
  const business = approvalBusinesses[type];
  const id = String(record.businessId);
  const query = useApprovalBusiness(type, id);
  if (!business) return null;
  const form = approvalFormLink(type, id, Number(record.status) === 0 ? 'approve' : 'view');
  return (
    <Card
      title={business.resource.title}
      size="small"
      data-testid="approval-business"
      extra={form ? <Link to={form}>打开审批页</Link> : null}
    >
      {query.data ? (
        <ResourceDescriptions resource={business.resource} record={query.data} column={2} />
      ) : query.isError ? (
        <Empty description="无法读取业务单据" />
      ) : (
        <Spin />
      )}
    </Card>
  );
}
