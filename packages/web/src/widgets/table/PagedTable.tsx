import type { PageResult } from '@cp/contracts';
import { Empty, Table, type TableProps } from 'antd';
import { Pager } from '../paging/Pager';
import { tableDefaultPageSize, tableMaxHeight, tablePageSizes } from '../paging/paging';
import { type SortState, toSortState } from './sortState';

export interface PagedTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'pagination' | 'onChange' | 'loading'> {
  /** The server's page, `{list, total, totalExact, page, limit}`; undefined before the first answer. */
  result: PageResult<T> | undefined;
  loading?: boolean;
  page: number;
  limit?: number;
  onPageChange: (page: number, limit: number) => void;
  /** Columns with `sorter: true` sort on the server: the new sort, or null when cleared. */
  onSortChange?: (sort: SortState | null) => void;
  pageSizes?: number[];
  /** Height of the scrolling body, in pixels. */
  maxHeight?: number;
}

const emptyText = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />;

/** A server-paged table: rows of one page, server-side sorting, and the table widget's pager below. */
export function PagedTable<T extends object>({
  result,
  loading = false,
  page,
  limit = tableDefaultPageSize,
  onPageChange,
  onSortChange,
  pageSizes = tablePageSizes,
  maxHeight = tableMaxHeight,
  scroll,
  locale,
  ...tableProps
}: PagedTableProps<T>) {
  return (
    <div>
      <Table<T>
        rowKey="id"
        {...tableProps}
        dataSource={result?.list ?? []}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content', y: maxHeight, ...scroll }}
        locale={{ emptyText, ...locale }}
        onChange={(_pagination, _filters, sorter, extra) => {
          if (extra.action === 'sort') onSortChange?.(toSortState(sorter));
        }}
      />
      <Pager
        page={page}
        limit={limit}
        total={result?.total ?? 0}
        totalExact={result?.totalExact ?? true}
        pageSizes={pageSizes}
        onChange={onPageChange}
        disabled={loading}
      />
    </div>
  );
}
