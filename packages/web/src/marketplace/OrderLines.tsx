import {
  marketplaceEnums,
  maxLineQuantity,
  maxOrderLines,
  type OrderLine,
  type OrderLineInput,
  type orderPayment,
} from '@cp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, InputNumber, Table, Typography } from 'antd';
import type { z } from 'zod';
import { get } from '../request';
import { formatMoney } from '../resource/format';
import { LookupField } from '../resource/LookupField';
import { StoredFileList } from '../resource/StoredFileList';
import type { ResourceRecord } from '../resource/types';

type Line = Partial<OrderLineInput>;

interface LinesInputProps {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

/**
 * 商品明细 of a staff order: each line a product on sale and a quantity. Prices, stock and the per-driver limit
 * are the server's to check as it saves (the picker shows each product's price and stock).
 */
export function LinesInput({ id, value, onChange }: LinesInputProps) {
  const lines = (Array.isArray(value) ? value : []) as Line[];
  const change = (index: number, patch: Line) =>
    onChange?.(lines.map((line, at) => (at === index ? { ...line, ...patch } : line)));
  return (
    <Flex vertical gap={8} id={id}>
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a line is its place in the order
        <Flex key={index} gap={8} align="center">
          <div style={{ minWidth: 280, flex: 1 }}>
            <LookupField
              lookup="marketplaceProduct"
              aria-label={`第${index + 1}行商品`}
              value={line.productId}
              onChange={(productId: unknown) => change(index, { productId: productId as string })}
            />
          </div>
          <InputNumber
            aria-label={`第${index + 1}行数量`}
            min={1}
            max={maxLineQuantity}
            precision={0}
            value={line.quantity}
            onChange={(quantity) => change(index, { quantity: quantity ?? undefined })}
            addonAfter="件"
          />
          <Button onClick={() => onChange?.(lines.filter((_, at) => at !== index))}>删除</Button>
        </Flex>
      ))}
      <Button
        onClick={() => onChange?.([...lines, { quantity: 1 }])}
        disabled={lines.length >= maxOrderLines}
        style={{ alignSelf: 'flex-start' }}
      >
        添加商品
      </Button>
    </Flex>
  );
}

/** 商品明细 of an order on its detail page: each line as it was ordered (name, price and picture kept). */
export function OrderLinesSection({ record }: { record: ResourceRecord }) {
  const lines = Array.isArray(record.lines) ? (record.lines as OrderLine[]) : [];
  return (
    <Card title="商品明细" size="small">
      <Table<OrderLine>
        rowKey="productId"
        size="small"
        pagination={false}
        dataSource={lines}
        columns={[
          {
            title: '图片',
            key: 'image',
            width: 120,
            render: (_, line) => (line.image ? <StoredFileList files={[line.image]} /> : '—'),
          },
          { title: '商品名称', dataIndex: 'productName' },
          { title: '单价', dataIndex: 'unitPrice', render: (fen: number) => formatMoney(fen) },
          { title: '数量', dataIndex: 'quantity' },
          { title: '小计', dataIndex: 'amount', render: (fen: number) => formatMoney(fen) },
        ]}
      />
    </Card>
  );
}

type Payment = z.infer<typeof orderPayment>;

/** 收退款记录: the order's payment and refund rows, as written (never edited). */
export function PaymentsSection({ record }: { record: ResourceRecord }) {
  const id = String(record.id ?? '');
  const payments = useQuery({
    queryKey: ['marketplacePayments', id, record.version, record.status],
    queryFn: () => get<Payment[]>(`/api/marketplace-orders/${encodeURIComponent(id)}/payments`),
    enabled: /^\d+$/.test(id),
  });
  return (
    <Card title="收退款记录" size="small">
      <Table<Payment>
        rowKey={(row) => `${row.kind}-${row.reference}`}
        size="small"
        pagination={false}
        loading={payments.isPending}
        dataSource={payments.data ?? []}
        locale={{ emptyText: <Typography.Text type="secondary">暂无收退款</Typography.Text> }}
        columns={[
          { title: '类型', dataIndex: 'kind', render: (kind: string) => (kind === 'refund' ? '退款' : '收款') },
          { title: '方式', dataIndex: 'method', render: (method: number) => marketplaceEnums.payMethod.label(method) },
          { title: '金额', dataIndex: 'amount', render: (fen: number) => formatMoney(fen) },
          { title: '流水号', dataIndex: 'reference' },
          { title: '时间', dataIndex: 'at', render: (at: string) => new Date(at).toLocaleString('zh-CN') },
          { title: '操作人', dataIndex: 'operatorName', render: (name: string | null) => name ?? 'APP' },
        ]}
      />
    </Card>
  );
}
