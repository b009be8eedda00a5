import { type AllocationPlanLine, yuan } from '@cp/contracts';
import { Button, Form, InputNumber, Space, Table, Typography } from 'antd';
import { LookupField } from '../resource/LookupField';

interface AllocationInputProps {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

type Line = Partial<AllocationPlanLine>;

/**
 * 分配明细 of a new payment: which of the customer's receivables still owing take how much. Left empty, the
 * server allocates oldest due first; the lines' total is shown against the amount received.
 */
export function AllocationInput({ id, value, onChange }: AllocationInputProps) {
  const lines = (Array.isArray(value) ? value : []) as Line[];
  const driverId = Form.useWatch('driverId') as string | undefined;
  const amount = Form.useWatch('amount') as number | undefined;
  const change = (index: number, patch: Line) =>
    onChange?.(lines.map((line, at) => (at === index ? { ...line, ...patch } : line)));
  const total = lines.reduce((sum, line) => sum + (line.amount ?? 0), 0);
  if (!driverId)
    return <Typography.Text type="secondary">先选择客户，再指定分配；不指定则按应收日期从早到晚分配</Typography.Text>;
  return (
    <Space id={id} direction="vertical" style={{ width: '100%' }}>
      <Table<Line>
        size="small"
        pagination={false}
        rowKey={(_, index) => String(index)}
        dataSource={lines}
        locale={{ emptyText: '不指定则按应收日期从早到晚分配' }}
        columns={[
          {
            title: '应收',
            key: 'receivableId',
            render: (_, line, index) => (
              <LookupField
                lookup="openReceivable"
                filters={{ driverId }}
                value={line.receivableId ?? null}
                onChange={(receivableId) => change(index, { receivableId: receivableId as string })}
                placeholder="输入订单编号搜索"
              />
            ),
          },
          {
            title: '分配金额（元）',
            key: 'amount',
            width: 160,
            render: (_, line, index) => (
              <InputNumber
                aria-label={`第${index + 1}笔分配金额`}
                min={0.01}
                precision={2}
                value={line.amount === undefined ? null : line.amount / 100}
                onChange={(next) =>
                  change(index, { amount: next == null ? undefined : Math.round(Number(next) * 100) })
                }
                style={{ width: '100%' }}
              />
            ),
          },
          {
            title: '操作',
            key: 'remove',
            width: 70,
            render: (_, _line, index) => (
              <Button type="link" size="small" onClick={() => onChange?.(lines.filter((_, at) => at !== index))}>
                删除
              </Button>
            ),
          },
        ]}
      />
      <Space>
        <Button onClick={() => onChange?.([...lines, {}])}>添加分配</Button>
        {lines.length > 0 && (
          <Typography.Text type={amount !== undefined && total > amount ? 'danger' : 'secondary'}>
            已指定 {yuan(total)} 元{amount !== undefined ? `，收款 ${yuan(amount)} 元` : ''}
          </Typography.Text>
        )}
      </Space>
    </Space>
  );
}
