import { DownloadOutlined } from '@ant-design/icons';
import {
  formatRate,
  type LeadStatistics,
  type LeadStatisticsRow,
  leadStatisticsDimensions,
  leadStatisticsMaxDays,
} from '@cp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Empty, Form, Row, Segmented, Space, Statistic, Table, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Authorized } from '../auth/access';
import { useListExport } from '../downloads/useListExport';
import { get } from '../request';
import { LookupField } from '../resource/LookupField';
import { SearchPanel } from '../widgets';
import { type ChartModule, LazyChart } from '../widgets/chart/LazyChart';
import { trendOption, trendSummary } from './trendOption';

const filterNames = ['createdAt', 'channelId', 'cityId', 'salespersonId', 'interval'] as const;
type Filters = Partial<Record<(typeof filterNames)[number], string>>;

/** The last 30 days up to today: what the page counts until a range is chosen. */
export function defaultRange(today = dayjs()): string {
  return `${today.subtract(29, 'day').format('YYYY-MM-DD')},${today.format('YYYY-MM-DD')}`;
}

function useFilters(): [Filters, (next: Filters) => void] {
  const [params, setParams] = useSearchParams();
  const filters: Filters = { createdAt: defaultRange() };
  for (const name of filterNames) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  const set = (next: Filters) =>
    setParams(Object.entries(next).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return [filters, set];
}

function useLeadStatistics(filters: Filters) {
  return useQuery({
    queryKey: ['leadStatistics', filters],
    queryFn: () => get<LeadStatistics>('/api/lead-statistics', filters),
    placeholderData: (previous) => previous,
  });
}

const loadCharts = () => import('./echarts') as Promise<ChartModule>;

/** The trend lines, drawn by ECharts (loaded with the chart, not before). */
function TrendChart({ data }: { data: LeadStatistics }) {
  const option = useMemo(() => trendOption(data), [data]);
  return <LazyChart load={loadCharts} option={option} summary={trendSummary(data)} height={300} />;
}

const rateCell = (value: number | null) => formatRate(value);

function columnsOf(title: string): ColumnsType<LeadStatisticsRow> {
  const count = (label: string, key: 'total' | 'activated' | 'invalid' | 'followedUp') => ({
    title: label,
    dataIndex: key,
    align: 'right' as const,
    width: 100,
    sorter: (a: LeadStatisticsRow, b: LeadStatisticsRow) => a[key] - b[key],
  });
  const rate = (label: string, key: 'activationRate' | 'invalidRate' | 'followUpRate') => ({
    title: label,
    dataIndex: key,
    align: 'right' as const,
    width: 100,
    render: rateCell,
    sorter: (a: LeadStatisticsRow, b: LeadStatisticsRow) => (a[key] ?? -1) - (b[key] ?? -1),
  });
  return [
    { title, dataIndex: 'name', ellipsis: true },
    count('线索数', 'total'),
    count('已激活', 'activated'),
    rate('激活率', 'activationRate'),
    count('无效', 'invalid'),
    rate('无效率', 'invalidRate'),
    count('已跟进', 'followedUp'),
    rate('跟进率', 'followUpRate'),
  ];
}

function Summary({ total }: { total: LeadStatisticsRow }) {
  const items = [
    ['线索数', total.total, null],
    ['已激活', total.activated, `激活率 ${formatRate(total.activationRate)}`],
    ['无效', total.invalid, `无效率 ${formatRate(total.invalidRate)}`],
    ['已跟进', total.followedUp, `跟进率 ${formatRate(total.followUpRate)}`],
  ] as const;
  return (
    <Row gutter={16}>
      {items.map(([title, value, rate]) => (
        <Col key={title} xs={12} lg={6}>
          <Card size="small">
            <Statistic title={title} value={value} suffix="条" />
            <div style={{ color: 'rgba(0,0,0,0.45)', minHeight: 22 }}>{rate}</div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

type SearchValues = {
  createdAt?: [Dayjs, Dayjs];
  channelId?: string;
  cityId?: string;
  salespersonId?: string;
};

const tooLong = (range: [Dayjs, Dayjs] | undefined) => range && range[1].diff(range[0], 'day') >= leadStatisticsMaxDays;

/** 线索统计: the branch company's leads over a created range, by channel, city, salesperson and status. */
export function LeadStatisticsPage() {
  const [filters, setFilters] = useFilters();
  const { data, isPending, isFetching, isError } = useLeadStatistics(filters);
  const { exportList, exporting, resultModal } = useListExport('threadStatistics');
  const [form] = Form.useForm<SearchValues>();
  const [from, to] = (filters.createdAt ?? defaultRange()).split(',');
  const interval = filters.interval === 'week' ? 'week' : 'day';

  const search = (values: Partial<SearchValues>) => {
    const range = values.createdAt;
    setFilters({
      createdAt: range ? `${range[0].format('YYYY-MM-DD')},${range[1].format('YYYY-MM-DD')}` : undefined,
      channelId: values.channelId,
      cityId: values.cityId,
      salespersonId: values.salespersonId,
      interval: filters.interval,
    });
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <SearchPanel<SearchValues>
        form={form}
        initialValues={{
          createdAt: [dayjs(from), dayjs(to)],
          channelId: filters.channelId,
          cityId: filters.cityId,
          salespersonId: filters.salespersonId,
        }}
        onSearch={search}
        onReset={() => setFilters({})}
        defaultCollapsed={false}
        loading={isFetching}
      >
        <Form.Item
          name="createdAt"
          label="创建日期"
          rules={[
            {
              validator: (_rule, value: [Dayjs, Dayjs] | undefined) =>
                tooLong(value)
                  ? Promise.reject(new Error(`创建日期：不能超过${leadStatisticsMaxDays}天`))
                  : Promise.resolve(),
            },
          ]}
        >
          <DatePicker.RangePicker style={{ width: '100%' }} allowClear={false} />
        </Form.Item>
        <Form.Item name="channelId" label="渠道">
          <LookupField lookup="channel" placeholder="全部渠道" />
        </Form.Item>
        <Form.Item name="cityId" label="城市">
          <LookupField lookup="city" placeholder="全部城市" />
        </Form.Item>
        <Form.Item name="salespersonId" label="销售人员">
          <LookupField lookup="user" placeholder="全部销售人员" />
        </Form.Item>
      </SearchPanel>

      <Card
        title={`线索统计（${from} 至 ${to}）`}
        loading={isPending}
        extra={
          <Space>
            <Segmented
              value={interval}
              options={[
                { label: '按日', value: 'day' },
                { label: '按周', value: 'week' },
              ]}
              onChange={(value) => setFilters({ ...filters, interval: value === 'week' ? 'week' : undefined })}
            />
            <Authorized button="threadStatistics:export">
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => exportList({ ...filters })}>
                导出
              </Button>
            </Authorized>
          </Space>
        }
      >
        {data ? (
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Summary total={data.total} />
            {data.total.total > 0 ? (
              <TrendChart data={data} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="所选范围内没有线索" />
            )}
          </Space>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={isError ? '线索统计加载失败' : '暂无数据'} />
        )}
      </Card>

      {data && (
        <Card>
          <Tabs
            items={leadStatisticsDimensions.map(([key, title]) => ({
              key,
              label: `按${title}`,
              children: (
                <Table<LeadStatisticsRow>
                  rowKey={(row) => row.key ?? 'none'}
                  size="middle"
                  columns={columnsOf(title)}
                  dataSource={data[key]}
                  pagination={data[key].length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
                  loading={isFetching}
                  locale={{ emptyText: '所选范围内没有线索' }}
                  summary={() => (
                    <Table.Summary.Row>
                      <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
                      {(
                        [
                          data.total.total,
                          data.total.activated,
                          formatRate(data.total.activationRate),
                          data.total.invalid,
                          formatRate(data.total.invalidRate),
                          data.total.followedUp,
                          formatRate(data.total.followUpRate),
                        ] as const
                      ).map((value, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: the summary's cells are fixed columns.
                        <Table.Summary.Cell key={index} index={index + 1} align="right">
                          {value}
                        </Table.Summary.Cell>
                      ))}
                    </Table.Summary.Row>
                  )}
                />
              ),
            }))}
          />
        </Card>
      )}
      {resultModal}
    </Space>
  );
}
