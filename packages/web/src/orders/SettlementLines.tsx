import { balance, type SettlementLine } from '@cp/contracts';
import { Card, Table, Typography } from 'antd';
import { formatMoney } from '../resource/format';
import type { ResourceRecord } from '../resource/types';

/**
 * A 核算单's lines: what the driver owes (positive) and what is credited to them (negative), and the balance,
 * read as the 结算金额 field reads (`应退 ¥4,030.00` when it is owed to the driver).
 */
export function SettlementLines({ record }: { record: ResourceRecord }) {
  const lines = (record.lines as SettlementLine[] | undefined) ?? [];
  const total = Number(record.total ?? 0);
  return (
    <Card title="核算明细" size="small" data-testid="settlement-lines">
      <Table<SettlementLine & { key: number }>
        size="small"
        pagination={false}
        dataSource={lines.map((line, index) => ({ ...line, key: index }))}
        columns={[
          { title: '项目', dataIndex: 'item', width: 140 },
          {
            title: '金额',
            dataIndex: 'amount',
            width: 160,
            align: 'right',
            render: (amount: number) => (
              <Typography.Text type={amount < 0 ? 'success' : undefined}>{formatMoney(amount)}</Typography.Text>
            ),
          },
          { title: '说明', dataIndex: 'note', ellipsis: true },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>
              <Typography.Text strong>结算金额</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <Typography.Text strong>{formatMoney(total, balance)}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} />
          </Table.Summary.Row>
        )}
      />
    </Card>
  );
}
