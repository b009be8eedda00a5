import { boundLookupParams, type LookupBindings, type LookupOption, lookupOf } from '@cp/contracts';
import { Flex, Form, Select, TreeSelect, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { lookupOptions, lookupTree, useLookupData, useLookupSearch } from './lookups';
import type { ResourceRecord } from './types';

interface LookupFieldProps {
  lookup: string;
  /** Several rows (a `refs` field). */
  multiple?: boolean;
  /** Filters of a searched lookup: `{ stage: '3,7' }`. */
  filters?: Readonly<Record<string, string>>;
  id?: string;
  value?: string | string[] | null;
  onChange?: (value: string | string[] | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
}

const chosenOf = (value: LookupFieldProps['value']) => (Array.isArray(value) ? value : value ? [value] : []);

/** Searched on the server as the user types: vehicles by plate or VIN. */
function SearchedLookup({ lookup, filters = {}, value, multiple, ...rest }: LookupFieldProps) {
  const [search, setSearch] = useState('');
  const { options, isFetching } = useLookupSearch(lookup, search, filters, chosenOf(value));
  return (
    <Select
      {...rest}
      mode={multiple ? 'multiple' : undefined}
      value={value ?? undefined}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      options={options}
      optionRender={({ data }) => <OptionWithDetails option={data as LookupOption} />}
      loading={isFetching}
      notFoundContent={isFetching ? '加载中' : '暂无数据'}
      placeholder={rest.placeholder ?? lookupOf(lookup).placeholder ?? '输入名称搜索'}
    />
  );
}

/** An option with what tells it from the others (a car's model, stage and mileage) beside its name. */
function OptionWithDetails({ option }: { option: LookupOption }) {
  if (!option.details?.length) return option.label;
  return (
    <Flex justify="space-between" gap={12}>
      <span>{option.label}</span>
      <Typography.Text type="secondary">{option.details.join(' · ')}</Typography.Text>
    </Flex>
  );
}

/**
 * A searched lookup scoped by its field's bindings (`lookupParams`): the cars this order may hand over
 * (`handoverFor` = the row's id), another form value. Until every bound value is known it waits, disabled,
 * rather than offer rows the server would refuse.
 */
export function BoundLookupField({
  bindings,
  row,
  ...props
}: LookupFieldProps & { bindings: LookupBindings; row?: ResourceRecord }) {
  const values = Form.useWatch((all: Record<string, unknown>) => all, Form.useFormInstance());
  const params = boundLookupParams(bindings, row, values ?? {});
  if (!params) return <LookupField {...props} disabled />;
  return <LookupField {...props} filters={{ ...props.filters, ...params }} />;
}

/** Chooses the row a ref field points at: a list, the catalogue's tree, or a search for large lookups. */
export function LookupField(props: LookupFieldProps) {
  const def = lookupOf(props.lookup);
  if (def.searchable) return <SearchedLookup {...props} />;
  return <LoadedLookup {...props} />;
}

function LoadedLookup({
  lookup,
  value,
  onChange,
  multiple,
  placeholder = '请选择',
  filters: _filters,
  ...rest
}: LookupFieldProps) {
  const def = lookupOf(lookup);
  const { data = [], isFetching } = useLookupData(lookup);
  const tree = def.shape === 'tree' && def.level === undefined;
  const options = useMemo(() => (tree ? [] : lookupOptions(def, data)), [tree, def, data]);
  const treeData = useMemo(() => (tree ? lookupTree(data) : []), [tree, data]);
  const common = { ...rest, value: value ?? undefined, onChange, placeholder, allowClear: true, loading: isFetching };
  if (tree) {
    return (
      <TreeSelect
        {...common}
        treeData={treeData}
        showSearch={{ treeNodeFilterProp: 'title' }}
        popupMatchSelectWidth={false}
      />
    );
  }
  return (
    <Select
      {...common}
      mode={multiple ? 'multiple' : undefined}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      maxTagCount="responsive"
    />
  );
}
