import { Form } from 'antd';
import { useEffect, useMemo } from 'react';
import { SearchPanel } from '../widgets';
import { buildSearchItems } from './buildSearchItems';
import { searchFieldNames, toFormValues, toUrlFilters } from './filters';
import { LinkFilterTags, linkFilterValues } from './LinkFilterTags';
import type { ResourceList } from './useResourceList';

const sameFilters = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string | undefined>>) =>
  Object.keys({ ...a, ...b }).every((name) => (a[name] ?? '') === (b[name] ?? ''));

/**
 * The search panel of a screen's list, showing the URL's filters and writing 查询 / 重置 back to it. Both ask
 * the server again even when the filters stay the same: a colleague's new row shows up.
 */
export function ResourceSearchPanel({
  list,
  whole = false,
}: {
  list: ResourceList;
  /** Every field at once, with no 展开 / 收起 of the panel's own: the page folds the panel whole. */
  whole?: boolean;
}) {
  const { resource } = list.screen;
  const [form] = Form.useForm<Record<string, unknown>>();
  const { filters, filterNames, setFilters } = list;
  const shown = useMemo(() => toFormValues(resource, filters), [resource, filters]);
  useEffect(() => form.setFieldsValue(shown), [form, shown]);
  const items = useMemo(() => buildSearchItems(resource, { only: filterNames }), [resource, filterNames]);
  const offered = useMemo(() => searchFieldNames(resource, { only: filterNames }), [resource, filterNames]);
  const filled = useMemo(() => new Set(Object.keys(filters).filter((name) => filters[name])), [filters]);
  const search = (next: Record<string, string>) => {
    if (sameFilters(filters, next) && list.page === 1) void list.result.refetch();
    else setFilters(next);
  };
  return (
    <>
      <LinkFilterTags list={list} />
      <SearchPanel<Record<string, unknown>>
        form={form}
        onSearch={(values) => search({ ...linkFilterValues(list), ...toUrlFilters(resource, offered, values) })}
        onReset={() => search({})}
        filled={filled}
        loading={list.result.isFetching}
        foldable={!whole}
      >
        {items}
      </SearchPanel>
    </>
  );
}
