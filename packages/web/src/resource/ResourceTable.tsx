import type { TableColumnsType, TableProps } from 'antd';
import { PagedTable, sharedPageSizes } from '../widgets';
import type { ResourceRecord } from './types';
import type { ResourceList } from './useResourceList';

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
    />
  );
}
