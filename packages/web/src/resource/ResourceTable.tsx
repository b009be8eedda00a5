import type { TableColumnsType } from 'antd';
import { PagedTable, sharedPageSizes } from '../widgets';
import type { ResourceRecord } from './types';
import type { ResourceList } from './useResourceList';

/** A resource list's page of rows: paging and sorting go to the list's URL state, the rows come from its query. */
export function ResourceTable<T extends ResourceRecord>({
  list,
  columns,
}: {
  list: ResourceList<T>;
  columns: TableColumnsType<T>;
}) {
  return (
    <PagedTable<T>
      columns={columns}
      result={list.result.data}
      loading={list.result.isFetching}
      page={list.page}
      limit={list.limit}
      pageSizes={sharedPageSizes}
      onPageChange={list.setPage}
      onSortChange={list.setSort}
    />
  );
}
