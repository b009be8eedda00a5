import { type FleetCarLine, fleetLeaseType, fleetRenewal, maxFleetCars } from '@cp/contracts';
import { Button, Card, DatePicker, Flex, InputNumber, Select, Table } from 'antd';
import dayjs from 'dayjs';
import { formatMoney } from '../resource/format';
import { LookupField } from '../resource/LookupField';
import { type LookupOption, useLookupData } from '../resource/lookups';
import type { ResourceRecord } from '../resource/types';

type Line = Partial<FleetCarLine>;

interface CarLinesInputProps {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

const yuan = (fen: number | undefined) => (fen === undefined ? undefined : fen / 100);
const fen = (value: number | null) => (value === null ? undefined : Math.round(value * 100));
const day = (value: string | undefined) => (value ? dayjs(value) : undefined);

/**
 * 车辆明细 of a B端 order: a line per car — model (and the car picked ahead), 租赁类型, 月租金 and the share of it
 * that is 租金, 应缴押金, its days and 续约方式. Amounts are typed in 元 and kept in 分; the server checks the lines.
 */
export function CarLinesInput({ id, value, onChange }: CarLinesInputProps) {
  const lines = (Array.isArray(value) ? value : []) as Line[];
  const change = (index: number, patch: Line) =>
    onChange?.(lines.map((line, at) => (at === index ? { ...line, ...patch } : line)));
  const label = (index: number, what: string) => `第${index + 1}辆${what}`;
  return (
    <Flex vertical gap={8} id={id}>
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a line is its place in the order
        <Flex key={index} gap={8} wrap align="center">
          <div style={{ width: 220 }}>
            <LookupField
              lookup="model"
              aria-label={label(index, '车型')}
              placeholder="请选择车型"
              value={line.modelId}
              onChange={(modelId: unknown) => change(index, { modelId: modelId as string })}
            />
          </div>
          <div style={{ width: 180 }}>
            <LookupField
              lookup="vehicle"
              aria-label={label(index, '预选车辆')}
              placeholder="预选车辆（可不选）"
              value={line.vehicleId}
              onChange={(vehicleId: unknown) => change(index, { vehicleId: (vehicleId as string) || undefined })}
            />
          </div>
          <Select
            aria-label={label(index, '租赁类型')}
            style={{ width: 120 }}
            placeholder="租赁类型"
            options={fleetLeaseType.options}
            value={line.leaseType}
            onChange={(leaseType) => change(index, { leaseType })}
          />
          <InputNumber
            aria-label={label(index, '月租金')}
            min={0}
            precision={2}
            placeholder="月租金"
            value={yuan(line.monthlyRent)}
            onChange={(amount) => change(index, { monthlyRent: fen(amount) })}
            addonAfter="元/月"
          />
          <InputNumber
            aria-label={label(index, '租金比例')}
            min={0}
            max={100}
            precision={2}
            placeholder="租金比例"
            value={line.rentRatio === undefined ? undefined : line.rentRatio / 100}
            onChange={(ratio) => change(index, { rentRatio: ratio === null ? undefined : Math.round(ratio * 100) })}
            addonAfter="%"
          />
          <InputNumber
            aria-label={label(index, '应缴押金')}
            min={0}
            precision={2}
            placeholder="应缴押金"
            value={yuan(line.depositDue)}
            onChange={(amount) => change(index, { depositDue: fen(amount) })}
            addonAfter="元"
          />
          <DatePicker.RangePicker
            aria-label={label(index, '租期')}
            placeholder={['起租日期', '到期日期']}
            value={[day(line.startDate), day(line.endDate)] as never}
            onChange={(range) =>
              change(index, { startDate: range?.[0]?.format('YYYY-MM-DD'), endDate: range?.[1]?.format('YYYY-MM-DD') })
            }
          />
          <Select
            aria-label={label(index, '续约方式')}
            style={{ width: 110 }}
            placeholder="续约方式"
            options={fleetRenewal.options}
            value={line.renewal}
            onChange={(renewal) => change(index, { renewal })}
          />
          <Button onClick={() => onChange?.(lines.filter((_, at) => at !== index))}>删除</Button>
          <Button
            onClick={() =>
              onChange?.([...lines.slice(0, index + 1), { ...line, vehicleId: undefined }, ...lines.slice(index + 1)])
            }
          >
            复制
          </Button>
        </Flex>
      ))}
      <Button
        onClick={() => onChange?.([...lines, { leaseType: 1, rentRatio: 10_000, depositDue: 0, renewal: 0 }])}
        disabled={lines.length >= maxFleetCars}
        style={{ alignSelf: 'flex-start' }}
      >
        添加车辆
      </Button>
    </Flex>
  );
}

/** 车辆明细 of an order as agreed, on its detail page (its cars in force are 交接管理's, listed below). */
export function CarLinesSection({ record }: { record: ResourceRecord }) {
  const lines = Array.isArray(record.lines) ? (record.lines as FleetCarLine[]) : [];
  const catalogue = useLookupData('model').data ?? [];
  const modelName = (id: string, nodes: readonly LookupOption[] = catalogue): string | undefined => {
    for (const node of nodes) {
      const found = node.value === id ? node.label : modelName(id, node.children ?? []);
      if (found) return found;
    }
    return undefined;
  };
  return (
    <Card title="车辆明细" size="small">
      <Table<FleetCarLine & { key: number }>
        size="small"
        pagination={false}
        dataSource={lines.map((line, key) => ({ ...line, key }))}
        columns={[
          { title: '序号', key: 'n', render: (_, line) => line.key + 1, width: 60 },
          { title: '车型', dataIndex: 'modelId', render: (id: string) => modelName(String(id)) ?? '—' },
          { title: '租赁类型', dataIndex: 'leaseType', render: (value: number) => fleetLeaseType.label(value) },
          { title: '月租金', dataIndex: 'monthlyRent', render: (value: number) => formatMoney(value) },
          {
            title: '租金 / 服务费',
            key: 'split',
            render: (_, line) => {
              const rent = Math.round((line.monthlyRent * line.rentRatio) / 10_000);
              return `${formatMoney(rent)} / ${formatMoney(line.monthlyRent - rent)}`;
            },
          },
          { title: '应缴押金', dataIndex: 'depositDue', render: (value: number) => formatMoney(value) },
          { title: '起租日期', dataIndex: 'startDate' },
          { title: '到期日期', dataIndex: 'endDate' },
          { title: '续约方式', dataIndex: 'renewal', render: (value: number) => fleetRenewal.label(value) },
        ]}
      />
    </Card>
  );
}
