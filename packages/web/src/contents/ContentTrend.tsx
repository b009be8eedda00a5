import type { ContentTrend } from '@cp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Segmented, Table } from 'antd';
import { useState } from 'react';
import { get } from '../request';
import type { ResourceRecord } from '../resource/types';

const columns = [
  { title: '日期', dataIndex: 'day', width: 120 },
  { title: '浏览人次', dataIndex: 'views', width: 100, align: 'right' as const },
  { title: '点赞', dataIndex: 'likes', width: 100, align: 'right' as const },
  { title: '分享', dataIndex: 'shares', width: 100, align: 'right' as const },
  { title: '留资', dataIndex: 'leads', width: 100, align: 'right' as const },
];

type Row = ContentTrend['days'][number];
const sum = (rows: readonly Row[], key: 'views' | 'likes' | 'shares' | 'leads') =>
  rows.reduce((total, row) => total + row[key], 0);

/** 互动趋势 on 内容详情: each of the last 7 or 30 Beijing days (newest first), with the period's totals. */
export function ContentTrendSection({ record }: { record: ResourceRecord }) {
  const id = String(record.id ?? '');
  const [days, setDays] = useState<'7' | '30'>('7');
  const trend = useQuery({
    queryKey: ['contentTrend', id, days, record.viewCount, record.leadCount],
    queryFn: () => get<ContentTrend>(`/api/contents/${encodeURIComponent(id)}/trend`, { days }),
    enabled: /^\d+$/.test(id),
  });
  const rows = [...(trend.data?.days ?? [])].reverse();
  return (
    <Card
      title="互动趋势"
      size="small"
      data-testid="content-trend"
      extra={
        <Segmented
          value={days}
          onChange={(value) => setDays(value as '7' | '30')}
          options={[
            { label: '近7天', value: '7' },
            { label: '近30天', value: '30' },
          ]}
        />
      }
    >
      <Table
        size="small"
        rowKey="day"
        loading={trend.isPending}
        dataSource={rows}
        columns={columns}
        pagination={days === '30' ? { pageSize: 10, showSizeChanger: false } : false}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
            {(['views', 'likes', 'shares', 'leads'] as const).map((key, n) => (
              <Table.Summary.Cell key={key} index={n + 1} align="right">
                {sum(rows, key)}
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        )}
      />
    </Card>
  );
}
