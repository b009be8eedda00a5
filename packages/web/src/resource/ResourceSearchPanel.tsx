import type { Resource } from '@cp/contracts';
import { Form } from 'antd';
import { useEffect, useMemo } from 'react';
import { SearchPanel } from '../widgets';
import { buildSearchItems } from './buildSearchItems';
import { toFormValues, toUrlFilters } from './filters';
import type { ResourceList } from './useResourceList';

/** The search panel of a resource list, showing the URL's filters and writing 查询 / 重置 back to it. */
export function ResourceSearchPanel({ resource, list }: { resource: Resource; list: ResourceList }) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const { filters, filterNames, setFilters } = list;
  const shown = useMemo(() => toFormValues(resource, filters), [resource, filters]);
  useEffect(() => form.setFieldsValue(shown), [form, shown]);
  const items = useMemo(() => buildSearchItems(resource, { only: filterNames }), [resource, filterNames]);
  return (
    <SearchPanel<Record<string, unknown>>
      form={form}
      onSearch={(values) => setFilters(toUrlFilters(resource, filterNames, values))}
      onReset={() => setFilters({})}
      loading={list.result.isFetching}
    >
      {items}
    </SearchPanel>
  );
}
