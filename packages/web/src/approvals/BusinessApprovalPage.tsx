import type { ApprovalRecord } from '@cp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Result, Space, Spin, Typography } from 'antd';
import { type ComponentType, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useSession } from '../auth/session';
import { getOrNull } from '../request';
import { ActionDialog, type ActionTarget, rowName } from '../resource/ActionDialog';
import type { WebFamily } from '../resource/family';
import { ResourceDescriptions } from '../resource/ResourceDescriptions';
import type { ResourceRecord } from '../resource/types';
import { ApprovalRecordView, useApprovalBusiness } from './ApprovalRecord';
import { approvalTaskFamily } from './taskFamilies';

const idPattern = /^[1-9]\d{0,15}$/;

export interface BusinessApprovalPageProps {
  /** The business record's family (退车结算's 核算单). */
  family: WebFamily;
  businessType: number;
  /** What the approver reads besides the record's fields (the settlement's lines). */
  sections?: readonly ComponentType<{ record: ResourceRecord }>[];
}

/**
 * A business record's approval form (`/returnCheckoutApproval/:id/:type`): the record as the approver decides
 * on it, its approval's nodes and record, and — opened to approve (`:type` = approve) by one of its approvers
 * while their task waits — 通过 / 驳回 / 转交 / 退回 on that task. `view` shows the same, without decisions.
 */
export function BusinessApprovalPage({ family, businessType, sections = [] }: BusinessApprovalPageProps) {
  const { id = '', type } = useParams();
  const navigate = useNavigate();
  const { held } = useSession();
  const [acting, setActing] = useState<ActionTarget | null>(null);
  const { resource } = family;
  const valid = idPattern.test(id);
  const business = useApprovalBusiness(businessType, id, valid);
  const approval = useQuery({
    queryKey: ['approvalRecord', 'business', businessType, id, business.data?.status],
    queryFn: () =>
      getOrNull<ApprovalRecord>(
        `/api/approval-records?businessType=${businessType}&businessId=${encodeURIComponent(id)}`,
      ),
    enabled: valid && business.data !== undefined,
  });
  if (valid && business.isPending) return <Spin style={{ display: 'block', padding: 48 }} />;
  if (!business.data) {
    return (
      <Result
        status="warning"
        title={`${resource.title}不存在或已删除`}
        extra={<Button onClick={() => navigate('/tobeDone')}>返回待办事项</Button>}
      />
    );
  }
  const record = business.data;
  const taskId = approval.data?.myTaskId ?? null;
  const deciding = type === 'approve';
  const decisions = deciding && taskId ? (approvalTaskFamily.resource.lifecycle?.allowed(0, held.buttons) ?? []) : [];
  return (
    <Flex vertical gap={16}>
      {deciding && approval.data && !taskId && (
        <Alert type="info" showIcon title="该审批当前没有待您处理的任务，仅可查看" />
      )}
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {approval.data?.title ?? `${resource.title} ${rowName(resource, record)}`}
          </Typography.Title>
        }
        extra={
          <Space wrap>
            {decisions.map((transition) => (
              <Button
                key={transition.action}
                type={transition.action === 'approve' ? 'primary' : 'default'}
                danger={transition.action === 'reject'}
                onClick={() =>
                  setActing({
                    family: approvalTaskFamily,
                    action: transition.action,
                    id: taskId ?? undefined,
                    alsoRefresh: [resource.key, 'approvalRecord'],
                  })
                }
              >
                {transition.title}
              </Button>
            ))}
          </Space>
        }
      >
        <ResourceDescriptions resource={resource} record={record} groups={family.groups} />
      </Card>
      {sections.map((Section, index) => (
        // Sections are fixed per page: their order is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: as above
        <Section key={index} record={record} />
      ))}
      <Card title="审批记录" size="small" data-testid="approval-record">
        {approval.isPending ? (
          <Spin />
        ) : approval.data ? (
          <ApprovalRecordView record={approval.data} />
        ) : (
          <Empty description="暂无审批记录" />
        )}
      </Card>
      {acting && <ActionDialog target={acting} onClose={() => setActing(null)} />}
    </Flex>
  );
}
