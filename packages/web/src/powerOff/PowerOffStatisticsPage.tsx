import { enums, type PowerOffStatistics } from '@cp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Form, Row, Select, Space, Statistic, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import { get } from '../request';
import { LookupField } from '../resource/LookupField';
import { SearchPanel } from '../widgets';

type Filters = { createdAt?: string; reason?: string; cityId?: string };
type SearchValues = { createdAt?: [Dayjs, Dayjs]; reason?: string; cityId?: string };
type Figure = PowerOffStatistics['byReason'][number];

const names = ['createdAt', 'reason', 'cityId'] as const;

/** A figure's table; a row of a filter's dimension (reason, city) narrows every figure to it when clicked. */
function FigureTable({ title, rows, pick }: { title: string; rows: Figure[]; pick?: (key: string) => void }) {
  return (
    <Card size="small" title={title}>
      <Table<Figure>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={rows}
        columns={[
          {
            title: title.replace('按', ''),
            dataIndex: 'name',
            render: (name: string, row) =>
              pick ? (
                <Button type="link" size="small" onClick={() => pick(row.key)}>
                  {name}
                </Button>
              ) : (
                name
              ),
          },
          { title: '申请数', dataIndex: 'requests', width: 90 },
          { title: '断电数', dataIndex: 'cut', width: 90 },
        ]}
      />
    </Card>
  );
}

/** 断电统计: requests by reason, city and customer, cars cut now and the cut commands' success rate. */
export function PowerOffStatisticsPage() {
  const [params, setParams] = useSearchParams();
  const filters: Filters = {};
  for (const name of names) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  const setFilters = (next: Filters) =>
    setParams(Object.entries(next).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const [form] = Form.useForm<SearchValues>();
  const { data, isPending, isFetching } = useQuery({
    queryKey: ['powerOffStatistics', filters],
    queryFn: () => get<PowerOffStatistics>('/api/power-off-statistics', filters),
    placeholderData: (previous) => previous,
  });
  const [from, to] = filters.createdAt?.split(',') ?? [];
  const narrow = (more: Pick<Filters, 'reason' | 'cityId'>) => {
    setFilters({ ...filters, ...more });
    form.setFieldsValue(more);
  };
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <SearchPanel<SearchValues>
        form={form}
        initialValues={{
          createdAt: from && to ? [dayjs(from), dayjs(to)] : undefined,
          reason: filters.reason,
          cityId: filters.cityId,
        }}
        onSearch={(values) =>
          setFilters({
            createdAt: values.createdAt
              ? `${values.createdAt[0].format('YYYY-MM-DD')},${values.createdAt[1].format('YYYY-MM-DD')}`
              : undefined,
            reason: values.reason,
            cityId: values.cityId,
          })
        }
        onReset={() => setFilters({})}
        defaultCollapsed={false}
        loading={isFetching}
      >
        <Form.Item name="createdAt" label="申请日期">
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item name="reason" label="断电原因">
          <Select
            allowClear
            placeholder="全部原因"
            options={enums.powerOffReason.options.map((option) => ({ ...option, value: String(option.value) }))}
          />
        </Form.Item>
        <Form.Item name="cityId" label="城市">
          <LookupField lookup="city" placeholder="全部城市" />
        </Form.Item>
      </SearchPanel>
      <Card loading={isPending} title="断电统计">
        {data && (
          <Row gutter={16}>
            <Col span={6}>
              <Statistic title="断电申请" value={data.requests} />
            </Col>
            <Col span={6}>
              <Link to={`/powerOff/index?tab=4${filters.cityId ? `&cityId=${filters.cityId}` : ''}`}>
                <Statistic title="当前断电车辆" value={data.cutNow} />
              </Link>
            </Col>
            <Col span={6}>
              <Statistic title="断电指令（成功/已结束）" value={`${data.cutSucceeded} / ${data.cutCommands}`} />
            </Col>
            <Col span={6}>
              <Statistic
                title="断电成功率"
                value={data.successRate ?? '—'}
                suffix={data.successRate === null ? '' : '%'}
              />
            </Col>
          </Row>
        )}
      </Card>
      {data && (
        <Row gutter={16}>
          <Col span={8}>
            <FigureTable title="按原因" rows={data.byReason} pick={(reason) => narrow({ reason })} />
          </Col>
          <Col span={8}>
            <FigureTable title="按城市" rows={data.byCity} pick={(cityId) => narrow({ cityId })} />
          </Col>
          <Col span={8}>
            <FigureTable title="按客户（前20）" rows={data.byCustomer} />
          </Col>
        </Row>
      )}
    </Space>
  );
}
