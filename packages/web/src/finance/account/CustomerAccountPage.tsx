import { depositRefundStatus, leaseOrderStatus, paymentChannel, paymentStatus, receivableKind } from '@cp/contracts';
import { Button, Card, Descriptions, Empty, Flex, Result, Spin, Table, Tag } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatMoney } from '../../resource/format';
import { pageLink } from '../../resource/routes';
import { AccountFigures, useCustomerAccount } from './AccountFigures';

const money = (fen: number) => formatMoney(fen);

/** 查看账户 (`?driverId=`): a customer's orders, what each kind of receivable came to, payments, deposit. */
export function CustomerAccountPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const driverId = params.get('driverId') ?? '';
  const account = useCustomerAccount(driverId);
  const back = <Button onClick={() => navigate(pageLink('badDebtList'))}>返回坏账列表</Button>;
  if (!/^\d+$/.test(driverId)) return <Result status="warning" title="请从坏账列表打开客户的账户" extra={back} />;
  if (account.isPending) return <Spin style={{ display: 'block', padding: 48 }} />;
  if (!account.data) return <Result status="warning" title="客户不存在或已删除" extra={back} />;
  const { driver, totals, byKind, orders, payments, deposits, refunds } = account.data;
  return (
    <Flex vertical gap={16}>
      <Card title={`${driver.name} 的账户`} extra={back}>
        <Descriptions
          items={[
            { key: 'name', label: '客户', children: driver.name },
            { key: 'mobile', label: '手机号', children: driver.mobile },
            { key: 'orders', label: '订单数', children: orders.length },
          ]}
        />
        <AccountFigures totals={totals} />
      </Card>
      <Card title="订单">
        <Table
          rowKey="id"
          size="middle"
          pagination={false}
          dataSource={orders}
          locale={{ emptyText: <Empty description="没有订单" /> }}
          columns={[
            {
              title: '订单编号',
              dataIndex: 'orderNo',
              render: (orderNo: string, row) => <Link to={`${pageLink('lookBill')}?orderId=${row.id}`}>{orderNo}</Link>,
            },
            { title: '订单状态', dataIndex: 'status', render: (status: number) => leaseOrderStatus.label(status) },
            { title: '起租日', dataIndex: 'startDate' },
            { title: '到期日', dataIndex: 'endDate' },
            { title: '月租金', dataIndex: 'rent', align: 'right', render: money },
            { title: '未收', dataIndex: 'outstanding', align: 'right', render: money },
            {
              title: '逾期天数',
              dataIndex: 'overdueDays',
              align: 'right',
              render: (days: number) => (days > 0 ? <Tag color="red">{days}天</Tag> : '—'),
            },
          ]}
        />
      </Card>
      <Card title="按应收类型">
        <Table
          rowKey="kind"
          size="middle"
          pagination={false}
          dataSource={byKind}
          columns={[
            { title: '应收类型', dataIndex: 'kind', render: (kind: number) => receivableKind.label(kind) },
            { title: '应收', dataIndex: 'due', align: 'right', render: money },
            { title: '已收', dataIndex: 'received', align: 'right', render: money },
            { title: '减免', dataIndex: 'relieved', align: 'right', render: money },
            { title: '未收', dataIndex: 'outstanding', align: 'right', render: money },
          ]}
          summary={(rows) => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
              {(['due', 'received', 'relieved', 'outstanding'] as const).map((key, index) => (
                <Table.Summary.Cell key={key} index={index + 1} align="right">
                  {money(rows.reduce((sum, row) => sum + row[key], 0))}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          )}
        />
      </Card>
      <Card title="押金台账">
        <Table
          rowKey="orderId"
          size="middle"
          pagination={false}
          dataSource={deposits}
          locale={{ emptyText: <Empty description="没有押金" /> }}
          columns={[
            {
              title: '订单编号',
              dataIndex: 'orderNo',
              render: (orderNo: string, row) => <Link to={pageLink('leaseOrderDetails', row.orderId)}>{orderNo}</Link>,
            },
            { title: '合同押金', dataIndex: 'agreed', align: 'right', render: money },
            { title: '已收取', dataIndex: 'collected', align: 'right', render: money },
            { title: '结算抵扣', dataIndex: 'offset', align: 'right', render: money },
            { title: '已退还', dataIndex: 'refunded', align: 'right', render: money },
            { title: '没收', dataIndex: 'forfeited', align: 'right', render: money },
            {
              title: '续租转入/转出',
              key: 'carried',
              align: 'right',
              render: (_: unknown, row) => `${money(row.carriedIn)} / ${money(row.carriedOut)}`,
            },
            { title: '持有余额', dataIndex: 'held', align: 'right', render: money },
          ]}
        />
      </Card>
      <Card title="押金退款">
        <Table
          rowKey="id"
          size="middle"
          pagination={false}
          dataSource={refunds}
          locale={{ emptyText: <Empty description="没有退款" /> }}
          columns={[
            { title: '退款单号', dataIndex: 'refundNo' },
            { title: '订单编号', dataIndex: 'orderNo' },
            { title: '核算单号', dataIndex: 'settlementNo' },
            { title: '退款金额', dataIndex: 'amount', align: 'right', render: money },
            { title: '状态', dataIndex: 'status', render: (status: number) => depositRefundStatus.label(status) },
            { title: '打款日期', dataIndex: 'paidOn', render: (day: string | null) => day ?? '—' },
          ]}
        />
      </Card>
      <Card title="最近收款">
        <Table
          rowKey="id"
          size="middle"
          pagination={false}
          dataSource={payments}
          locale={{ emptyText: <Empty description="没有收款" /> }}
          columns={[
            { title: '收款单号', dataIndex: 'paymentNo' },
            { title: '到账日期', dataIndex: 'paidOn' },
            { title: '收款金额', dataIndex: 'amount', align: 'right', render: money },
            { title: '已分配', dataIndex: 'allocated', align: 'right', render: money },
            { title: '收款渠道', dataIndex: 'channel', render: (channel: number) => paymentChannel.label(channel) },
            { title: '状态', dataIndex: 'status', render: (status: number) => paymentStatus.label(status) },
          ]}
        />
      </Card>
    </Flex>
  );
}
