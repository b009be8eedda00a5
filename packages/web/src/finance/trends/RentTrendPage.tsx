import { DownloadOutlined } from '@ant-design/icons';
import { type DynamicRentTrend, paymentChannel, rentTrendMaxMonths, type StaticRentTrend } from '@cp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Empty, Form, Select, Space, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Authorized } from '../../auth/access';
import { useListExport } from '../../downloads/useListExport';
import { get } from '../../request';
import { formatMoney } from '../../resource/format';
import { LookupField } from '../../resource/LookupField';
import { SearchPanel } from '../../widgets';
import { type ChartModule, LazyChart } from '../../widgets/chart/LazyChart';
import { dynamicOption, dynamicSummary, staticOption, staticSummary } from './trendOption';

const loadCharts = () => import('./echarts') as Promise<ChartModule>;

type Filters = { months?: string; cityId?: string; channel?: string };
type SearchValues = { months?: [Dayjs, Dayjs]; cityId?: string; channel?: number };

/** The twelve months to this one: what a trend shows until a range is chosen. */
export function defaultMonths(today = dayjs()): string {
  return `${today.subtract(11, 'month').format('YYYY-MM')},${today.format('YYYY-MM')}`;
}

function useFilters(): [Filters, (next: Filters) => void] {
  const [params, setParams] = useSearchParams();
  const filters: Filters = { months: defaultMonths() };
  for (const name of ['months', 'cityId', 'channel'] as const) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  const set = (next: Filters) =>
    setParams(Object.entries(next).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return [filters, set];
}

const money = (fen: number) => formatMoney(fen);
const rate = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);
const tooLong = (range?: [Dayjs, Dayjs]) => range && range[1].diff(range[0], 'month') >= rentTrendMaxMonths;

/** The search panel both trends share: a range of months, a city, and (动态) a channel. */
function TrendSearch({
  filters,
  onChange,
  channel,
  loading,
}: {
  filters: Filters;
  onChange: (next: Filters) => void;
  channel: boolean;
  loading: boolean;
}) {
  const [form] = Form.useForm<SearchValues>();
  const [from, to] = (filters.months ?? defaultMonths()).split(',');
  return (
    <SearchPanel<SearchValues>
      form={form}
      initialValues={{
        months: [dayjs(`${from}-01`), dayjs(`${to}-01`)],
        cityId: filters.cityId,
        ...(filters.channel ? { channel: Number(filters.channel) } : {}),
      }}
      onSearch={(values) =>
        onChange({
          months: values.months
            ? `${values.months[0].format('YYYY-MM')},${values.months[1].format('YYYY-MM')}`
            : undefined,
          cityId: values.cityId,
          channel: values.channel === undefined ? undefined : String(values.channel),
        })
      }
      onReset={() => onChange({})}
      defaultCollapsed={false}
      loading={loading}
    >
      <Form.Item
        name="months"
        label="月份"
        rules={[
          {
            validator: (_rule, value?: [Dayjs, Dayjs]) =>
              tooLong(value) ? Promise.reject(new Error(`月份：不能超过${rentTrendMaxMonths}个月`)) : Promise.resolve(),
          },
        ]}
      >
        <DatePicker.RangePicker picker="month" style={{ width: '100%' }} allowClear={false} />
      </Form.Item>
      <Form.Item name="cityId" label="城市">
        <LookupField lookup="city" placeholder="全部城市" />
      </Form.Item>
      {channel && (
        <Form.Item name="channel" label="收款渠道">
          <Select allowClear placeholder="全部渠道" options={paymentChannel.options} />
        </Form.Item>
      )}
    </SearchPanel>
  );
}

function asOfText(asOf: string | null) {
  return asOf ? `统计时间 ${dayjs(asOf).format('YYYY-MM-DD HH:mm')}（每小时汇总）` : '尚未汇总';
}

/** A trend page's frame: search, the chart card with 导出, the table below. */
function useTrend<T>(kind: 'static' | 'dynamic', filters: Filters) {
  return useQuery({
    queryKey: ['rentTrend', kind, filters],
    queryFn: () => get<T>(`/api/rent-trends/${kind}`, filters),
    placeholderData: (previous) => previous,
  });
}

function ExportButton({ route, filters }: { route: string; filters: Filters }) {
  const { exportList, exporting, resultModal } = useListExport(route);
  return (
    <Authorized button={`${route}:export`}>
      <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => exportList({ ...filters })}>
        导出
      </Button>
      {resultModal}
    </Authorized>
  );
}

const staticColumns: ColumnsType<StaticRentTrend['months'][number]> = [
  { title: '月份', dataIndex: 'month', width: 120 },
  { title: '计划租金', dataIndex: 'scheduled', align: 'right', render: money },
  { title: '应收总额', dataIndex: 'due', align: 'right', render: money },
  { title: '在租订单数', dataIndex: 'orders', align: 'right', width: 140 },
];

/** 静态租金趋势: the rent the schedules say, month by month. */
export function StaticRentTrendPage() {
  const [filters, setFilters] = useFilters();
  const { data, isPending, isFetching, isError } = useTrend<StaticRentTrend>('static', filters);
  const option = useMemo(() => (data ? staticOption(data) : null), [data]);
  const total = data?.months.reduce((sum, month) => sum + month.due, 0) ?? 0;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <TrendSearch filters={filters} onChange={setFilters} channel={false} loading={isFetching} />
      <Card
        title={data ? `静态租金趋势（${data.from} 至 ${data.to}）` : '静态租金趋势'}
        loading={isPending}
        extra={
          <Space>
            {data && <Typography.Text type="secondary">{asOfText(data.asOf)}</Typography.Text>}
            <ExportButton route="staticRentTrend" filters={filters} />
          </Space>
        }
      >
        {data && option && total > 0 ? (
          <LazyChart load={loadCharts} option={option} summary={staticSummary(data)} height={320} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={isError ? '租金趋势加载失败' : '所选月份没有应收'} />
        )}
      </Card>
      {data && (
        <Card>
          <Table
            rowKey="month"
            size="middle"
            columns={staticColumns}
            dataSource={data.months}
            pagination={false}
            loading={isFetching}
            summary={(rows) => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {money(rows.reduce((sum, row) => sum + row.scheduled, 0))}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {money(rows.reduce((sum, row) => sum + row.due, 0))}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} />
              </Table.Summary.Row>
            )}
          />
        </Card>
      )}
    </Space>
  );
}

const dynamicColumns: ColumnsType<DynamicRentTrend['months'][number]> = [
  { title: '月份', dataIndex: 'month', width: 120 },
  { title: '应收', dataIndex: 'due', align: 'right', render: money },
  { title: '实收', dataIndex: 'collected', align: 'right', render: money },
  { title: '收款率', dataIndex: 'rate', align: 'right', width: 120, render: rate },
  { title: '逾期未收', dataIndex: 'overdue', align: 'right', render: money },
];

const groupColumns = (title: string, withDue: boolean): ColumnsType<DynamicRentTrend['byCity'][number]> => [
  { title, dataIndex: 'name' },
  ...(withDue ? [{ title: '应收', dataIndex: 'due', align: 'right' as const, render: money }] : []),
  { title: '实收', dataIndex: 'collected', align: 'right', render: money },
];

/** 动态租金趋势: collected against due, month by month, by city and by channel. */
export function DynamicRentTrendPage() {
  const [filters, setFilters] = useFilters();
  const { data, isPending, isFetching, isError } = useTrend<DynamicRentTrend>('dynamic', filters);
  const option = useMemo(() => (data ? dynamicOption(data) : null), [data]);
  const sum = (key: 'due' | 'collected' | 'overdue') =>
    data?.months.reduce((total, month) => total + month[key], 0) ?? 0;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <TrendSearch filters={filters} onChange={setFilters} channel loading={isFetching} />
      <Card
        title={data ? `动态租金趋势（${data.from} 至 ${data.to}）` : '动态租金趋势'}
        loading={isPending}
        extra={
          <Space>
            {data && <Typography.Text type="secondary">{asOfText(data.asOf)}</Typography.Text>}
            <ExportButton route="dynamicRentTrend" filters={filters} />
          </Space>
        }
      >
        {data && option && sum('due') + sum('collected') > 0 ? (
          <LazyChart load={loadCharts} option={option} summary={dynamicSummary(data)} height={320} />
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={isError ? '租金趋势加载失败' : '所选月份没有应收与实收'}
          />
        )}
      </Card>
      {data && (
        <Card>
          <Tabs
            items={[
              {
                key: 'month',
                label: '按月',
                children: (
                  <Table
                    rowKey="month"
                    size="middle"
                    columns={dynamicColumns}
                    dataSource={data.months}
                    pagination={false}
                    loading={isFetching}
                    summary={() => (
                      <Table.Summary.Row>
                        <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
                        <Table.Summary.Cell index={1} align="right">
                          {money(sum('due'))}
                        </Table.Summary.Cell>
                        <Table.Summary.Cell index={2} align="right">
                          {money(sum('collected'))}
                        </Table.Summary.Cell>
                        <Table.Summary.Cell index={3} align="right">
                          {rate(sum('due') ? sum('collected') / sum('due') : null)}
                        </Table.Summary.Cell>
                        <Table.Summary.Cell index={4} align="right">
                          {money(sum('overdue'))}
                        </Table.Summary.Cell>
                      </Table.Summary.Row>
                    )}
                  />
                ),
              },
              {
                key: 'city',
                label: '按城市',
                children: (
                  <Table
                    rowKey="key"
                    size="middle"
                    columns={groupColumns('城市', true)}
                    dataSource={data.byCity}
                    pagination={false}
                  />
                ),
              },
              {
                key: 'channel',
                label: '按收款渠道',
                children: (
                  <Table
                    rowKey="key"
                    size="middle"
                    columns={groupColumns('收款渠道', false)}
                    dataSource={data.byChannel}
                    pagination={false}
                  />
                ),
              },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}
