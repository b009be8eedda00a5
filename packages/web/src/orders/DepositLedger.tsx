import { type DepositLedger, depositEntryKind } from '@cp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Spin, Statistic, Table, Typography } from 'antd';
import { get } from '../request';
import { formatMoney } from '../resource/format';
import type { ResourceRecord } from '../resource/types';

/**
 * 押金台账 of a lease order, on its detail page: what the contract asks, each movement of the deposit (收取 and
 * 冲销 from the payments, 结算抵扣, 退还, 没收, 转出/转入 from their events) and the deposit held.
 */
export function DepositLedgerSection({ record }: { record: ResourceRecord }) {
  const id = String(record.id ?? '');
  const ledger = useQuery({
    queryKey: ['depositLedger', id, record.version, record.status, record.settlementState],
    queryFn: () => get<DepositLedger>(`/api/lease-orders/${encodeURIComponent(id)}/deposit-ledger`),
    enabled: /^\d+$/.test(id),
  });
  if (ledger.isPending) {
    return (
      <Card title="押金台账" size="small">
        <Spin />
      </Card>
    );
  }
  if (!ledger.data) return null;
  const data = ledger.data;
  const figures = [
    ['合同押金', data.agreed],
    ['已收取', data.collected],
    ['结算抵扣', data.offset],
    ['已退还', data.refunded],
    ['没收', data.forfeited],
    ['持有余额', data.held],
  ] as const;
  const carried = data.carriedIn > 0 || data.carriedOut > 0;
  return (
    <Card title="押金台账" size="small" data-testid="deposit-ledger">
      <Row gutter={16}>
        {figures.map(([title, value]) => (
          <Col key={title} xs={12} lg={4}>
            <Statistic title={title} value={formatMoney(value)} />
          </Col>
        ))}
      </Row>
      {carried ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          续租转入 {formatMoney(data.carriedIn)}，转出至续租 {formatMoney(data.carriedOut)}
        </Typography.Paragraph>
      ) : null}
      <Table
        style={{ marginTop: 12 }}
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={data.entries.map((entry, index) => ({ ...entry, key: index }))}
        locale={{ emptyText: <Empty description="押金尚未收取" /> }}
        columns={[
          { title: '日期', dataIndex: 'day', width: 120 },
          { title: '变动', dataIndex: 'kind', width: 120, render: (kind: number) => depositEntryKind.label(kind) },
          {
            title: '金额',
            dataIndex: 'amount',
            width: 140,
            align: 'right',
            render: (amount: number) => (
              <Typography.Text type={amount < 0 ? 'warning' : undefined}>{formatMoney(amount)}</Typography.Text>
            ),
          },
          { title: '单据', dataIndex: 'reference', width: 200 },
          { title: '说明', dataIndex: 'note', ellipsis: true },
        ]}
      />
    </Card>
  );
}
