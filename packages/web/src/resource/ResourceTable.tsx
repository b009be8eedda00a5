import type { TableColumnsType, TableProps } from 'antd';
import { PagedTable, sharedPageSizes } from '../widgets';
import type { ResourceRecord } from './types';
import type { ResourceList } from './useResourceList';

/** A row's checkbox column, as antd draws it. */
const selectionWidth = 48;

/**
 * The table's width: its columns' own widths added up, so a long value ends in an ellipsis at its column's
 * width instead of widening the column (and pushing the screen's key columns under the pinned 操作); as
 * wide as its content when a column has no width of its own.
 */
function tableWidth<T>(columns: TableColumnsType<T>, selecting: boolean): number | 'max-content' {
  let total = selecting ? selectionWidth : 0;
  for (const column of columns) {
    if (typeof column.width !== 'number') return 'max-content';
    total += column.width;
  }
  return total;
}

/** A resource list's page of rows: paging and sorting go to the list's URL state, the rows come from its query. */
export function ResourceTable<T extends ResourceRecord>({
  list,
  columns,
  ready = true,
  rowSelection,
}: {
  list: ResourceList<T>;
  columns: TableColumnsType<T>;
  /** False while what the columns depend on loads: the table waits rather than show columns that then move. */
  ready?: boolean;
  /** Checkboxes for a screen's bulk actions. */
  rowSelection?: TableProps<T>['rowSelection'];
}) {
  return (
    <PagedTable<T>
      columns={ready ? columns : []}
      result={ready ? list.result.data : undefined}
      loading={list.result.isFetching || !ready}
      page={list.page}
      limit={list.limit}
      pageSizes={sharedPageSizes}
      onPageChange={list.setPage}
      onSortChange={list.setSort}
      rowSelection={rowSelection}
      // Rows of 47 px rather than 55: a 1280 × 720 window shows eight or more of them, 1440 × 900 a dozen.
      size="middle"
      scroll={{ x: tableWidth(columns, rowSelection !== undefined) }}
    />
  );
}
