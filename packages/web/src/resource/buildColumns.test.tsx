import { vehicleResource } from '@cp/contracts';
import { render, screen, within } from '@testing-library/react';
import { Table } from 'antd';
import { describe, expect, it } from 'vitest';
import { buildColumns } from './buildColumns';
import { vehicleRow } from './testing/vehicleRow';
import type { ResourceRecord } from './types';

function renderTable(columns = buildColumns(vehicleResource)) {
  render(<Table<ResourceRecord> rowKey="id" columns={columns} dataSource={[vehicleRow()]} pagination={false} />);
  return within(screen.getByRole('table'));
}

describe('list columns from the resource', () => {
  it('shows the list fields only, titled in Chinese', () => {
    const table = renderTable();
    const headers = table.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual([
      '车牌号',
      '车架号',
      '车型',
      '能源类型',
      '城市',
      '所属公司',
      '里程（公里）',
      '下次年检日期',
      '车辆租赁状态',
      '车辆阶段',
      '标签',
      '更新时间',
    ]);
  });

  it('shows labels for enumerations and names for references', () => {
    const table = renderTable();
    for (const text of [
      '秦PLUS EV 2023款 510km',
      '北京市',
      '北京CP汽车租赁有限公司',
      '纯电动',
      '在库',
      '待验车',
      '网约车',
    ]) {
      expect(table.getByText(text)).toBeTruthy();
    }
    expect(table.queryByText('3')).toBeNull();
  });

  it('sorts sortable fields on the server and marks the current sort', () => {
    const columns = buildColumns(vehicleResource, { sort: { field: 'mileage', order: 'asc' } });
    const sortable = columns.filter((column) => 'sorter' in column).map((column) => column.key);
    expect(sortable).toEqual(['plateNo', 'mileage', 'nextInspectionDate', 'updatedAt']);
    expect(columns.find((column) => column.key === 'mileage')).toMatchObject({ sorter: true, sortOrder: 'ascend' });
    expect(columns.find((column) => column.key === 'plateNo')).toMatchObject({ sortOrder: null });
  });

  it('takes the columns a screen names, in its order', () => {
    const columns = buildColumns(vehicleResource, { only: ['vin', 'purchasePrice'] });
    expect(columns.map((column) => column.title)).toEqual(['车架号', '采购价']);
    const table = renderTable(columns);
    expect(table.getByText('¥123,456.78')).toBeTruthy();
  });

  it("sizes each column by its kind and its title, and takes a screen's own width", () => {
    const width = (columns: ReturnType<typeof buildColumns>, key: string) =>
      columns.find((column) => column.key === key)?.width;
    const columns = buildColumns(vehicleResource, {
      only: ['plateNo', 'vin', 'updatedAt', 'operationCertificateExpiry'],
    });
    expect(width(columns, 'vin')).toBeGreaterThan(width(columns, 'plateNo') as number);
    expect(width(columns, 'updatedAt')).toBeGreaterThanOrEqual(170);
    // 运输证有效期至 with its sort arrows is wider than a date.
    expect(width(columns, 'operationCertificateExpiry')).toBeGreaterThan(150);
    expect(width(buildColumns(vehicleResource, { only: ['vin'], widths: { vin: 240 } }), 'vin')).toBe(240);
  });

  it('pins the identity to the left and cuts long text short with the whole value on hover', () => {
    const columns = buildColumns(vehicleResource, { only: ['plateNo', 'modelId', 'mileage'], pinned: 'plateNo' });
    expect(columns.map((column) => column.fixed)).toEqual(['left', undefined, undefined]);
    expect(columns.map((column) => Boolean(column.ellipsis))).toEqual([true, true, false]);
  });
});
