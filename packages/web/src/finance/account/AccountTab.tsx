import { Empty, Flex, Spin, Typography } from 'antd';
import { Link } from 'react-router';
import type { ResourceRecord } from '../../resource';
import { pageLink } from '../../resource/routes';
import { AccountFigures, useCustomerAccount } from './AccountFigures';

/** A driver's 账户 on their detail page: what their account comes to, and 查看账户 for all of it. */
export function AccountTab({ record }: { record: ResourceRecord }) {
  const account = useCustomerAccount(record.id);
  const orders = account.data?.orders.length ?? 0;
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">{account.data ? `共 ${orders} 个订单` : ''}</Typography.Text>
        <Link to={`${pageLink('lookaccount')}?driverId=${encodeURIComponent(record.id)}`}>查看账户</Link>
      </Flex>
      {account.isPending ? (
        <Spin />
      ) : account.data ? (
        <AccountFigures totals={account.data.totals} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有账户数据" />
      )}
    </Flex>
  );
}
