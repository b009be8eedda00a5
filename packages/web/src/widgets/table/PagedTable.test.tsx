import type { PageResult } from '@cp/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { TableColumnsType } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { PagedTable } from './PagedTable';
import { toSortState } from './sortState';

interface Vehicle {
  id: string;
  plate: string;
  mileage: number;
}

const columns: TableColumnsType<Vehicle> = [
  { title: '车牌号', dataIndex: 'plate' },
  { title: '里程', dataIndex: 'mileage', sorter: true },
];

const page = (list: Vehicle[], total = list.length, totalExact = true): PageResult<Vehicle> => ({
  list,
  total,
  totalExact,
  page: 1,
  limit: 10,
});

describe('PagedTable', () => {
  it('shows the rows and total of the page the server sent', () => {
    render(
      <PagedTable
        columns={columns}
        result={page([{ id: '1', plate: '京A12345', mileage: 300 }], 10000, false)}
        page={1}
        onPageChange={vi.fn()}
      />,
    );
    expect(screen.getByText('京A12345')).toBeTruthy();
    expect(screen.getByText('共 10000+ 条')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: '每页条数' }).closest('.ant-select')?.textContent).toContain(
      '10 条/页',
    );
  });

  it('shows the empty state without rows, and a busy table while loading', async () => {
    const { rerender, container } = render(
      <PagedTable columns={columns} result={page([])} page={1} onPageChange={vi.fn()} />,
    );
    expect(screen.getByText('暂无数据')).toBeTruthy();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
    rerender(<PagedTable columns={columns} result={undefined} loading page={1} onPageChange={vi.fn()} />);
    await waitFor(() => expect(container.querySelector('[aria-busy="true"]')).not.toBeNull());
  });

  it('hands a column sort to the server: ascending, descending, cleared', () => {
    const onSortChange = vi.fn();
    render(
      <PagedTable
        columns={columns}
        result={page([{ id: '1', plate: '京A12345', mileage: 300 }])}
        page={1}
        onPageChange={vi.fn()}
        onSortChange={onSortChange}
      />,
    );
    const header = screen.getByRole('columnheader', { name: '里程' });
    fireEvent.click(header);
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'mileage', order: 'asc' });
    fireEvent.click(header);
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'mileage', order: 'desc' });
    fireEvent.click(header);
    expect(onSortChange).toHaveBeenLastCalledWith(null);
  });

  it('turns a page change into a callback with the table sizes', () => {
    const onPageChange = vi.fn();
    render(<PagedTable columns={columns} result={page([], 35)} page={1} onPageChange={onPageChange} />);
    fireEvent.click(screen.getByRole('button', { name: '4' }));
    expect(onPageChange).toHaveBeenCalledWith(4, 10);
  });
});

describe('toSortState', () => {
  it('prefers the column key and joins nested data indexes', () => {
    expect(toSortState({ columnKey: 'createdAt', field: 'x', order: 'descend' })).toEqual({
      field: 'createdAt',
      order: 'desc',
    });
    expect(toSortState({ field: ['car', 'plate'], order: 'ascend' })).toEqual({ field: 'car.plate', order: 'asc' });
    expect(toSortState({ field: 'x', order: null })).toBeNull();
  });
});
