import type { PageResult } from '@cp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { get } from '../../request';
import type { Vehicle } from '../api';
import { vehiclePickerQuery } from './rowRules';

export interface VehiclePickerProps {
  /** Only vehicles in these stages; every vehicle without. */
  stages?: readonly number[];
  /** The vehicle already chosen (when editing), shown before any search. */
  current?: { value: string; label: string };
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}

const labelOf = (vehicle: Vehicle) => `${vehicle.plateNo || '未上牌'}（${vehicle.vin}）`;

/** A vehicle select fed by GET /api/vehicles, searched by plate. */
export function VehiclePicker({ stages, current, value, onChange, id }: VehiclePickerProps) {
  const [search, setSearch] = useState('');
  const query = vehiclePickerQuery(stages, search);
  const result = useQuery({
    queryKey: ['vehicle', 'picker', query],
    queryFn: () => get<PageResult<Vehicle>>('/api/vehicles', query),
  });
  const options = useMemo(() => {
    const found = (result.data?.list ?? []).map((vehicle) => ({ value: vehicle.id, label: labelOf(vehicle) }));
    return current && !found.some((option) => option.value === current.value) ? [current, ...found] : found;
  }, [result.data, current]);
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      placeholder="输入车牌号搜索"
      loading={result.isFetching}
      options={options}
      value={value}
      onChange={onChange}
      notFoundContent={result.isFetching ? '加载中' : '暂无车辆'}
      aria-label="车辆"
    />
  );
}
