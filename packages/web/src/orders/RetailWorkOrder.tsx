import { approvalBusinessTypes } from '@cp/contracts';
import { Card, Empty } from 'antd';
import { Link } from 'react-router';
import { approvalFormLink, BusinessApprovalRecord } from '../approvals/ApprovalRecord';
import { pageLink } from '../resource/routes';
import type { ResourceRecord } from '../resource/types';

const type = approvalBusinessTypes.retailWorkOrder;

/** A retail order's detail: the approval of its latest 零售工单, with the way to its approval page. */
export function RetailOrderApproval({ record }: { record: ResourceRecord }) {
  const workOrderId = record.workOrderId ? String(record.workOrderId) : null;
  if (!workOrderId) {
    return (
      <Card title="零售工单" size="small">
        <Empty description="尚未提交零售工单" />
      </Card>
    );
  }
  const link = approvalFormLink(type, workOrderId, 'view');
  return (
    <Card
      title={`零售工单 ${String(record.workOrderNo ?? '')}`}
      size="small"
      extra={link ? <Link to={link}>打开审批页</Link> : null}
    >
      <BusinessApprovalRecord businessType={type} record={{ ...record, id: workOrderId }} />
    </Card>
  );
}

/** The work order's approval page: the way to the order it puts to approval. */
export function WorkOrderRetailOrder({ record }: { record: ResourceRecord }) {
  if (!record.retailOrderId) return null;
  return (
    <Link to={pageLink('retailOrderView', String(record.retailOrderId))}>
      查看零售订单 {String(record.orderNo ?? '')}
    </Link>
  );
}
