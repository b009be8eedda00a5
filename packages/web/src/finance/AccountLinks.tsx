import { routesByKey } from '@cp/contracts/routes';
import { Card, Space } from 'antd';
import { Link } from 'react-router';
import { useAccess } from '../auth/access';
import type { ResourceRecord } from '../resource';
import { pageLink } from '../resource/routes';

/** An overdue account's links to the customer's whole account, the order's bills and the calls made. */
export function AccountLinks({ record }: { record: ResourceRecord }) {
  const access = useAccess();
  const account = routesByKey.get('lookaccount');
  if (!account || !access.canOpen(account)) return null;
  return (
    <Card title="账户">
      <Space size="large">
        <Link to={`${pageLink('lookaccount')}?driverId=${String(record.driverId)}`}>查看账户</Link>
        <Link to={`${pageLink('lookBill')}?orderId=${String(record.orderId)}`}>查看账单</Link>
        <Link to={`${pageLink('askPayment')}?caseId=${String(record.id)}`}>催款记录</Link>
      </Space>
    </Card>
  );
}
