import { Input, Select, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { lookupOptions, lookupTree, lookupUrls, treeLookups, useLookupData } from './lookups';

interface LookupFieldProps {
  lookup: string;
  id?: string;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
}

/** Chooses the row a ref field points at: a searchable list, or the catalogue tree for a model. */
export function LookupField({ lookup, value, onChange, placeholder = '请选择', ...rest }: LookupFieldProps) {
  const { data = [], isFetching } = useLookupData(lookup);
  const tree = treeLookups.has(lookup);
  const options = useMemo(() => (tree ? [] : lookupOptions(lookup, data)), [tree, lookup, data]);
  const treeData = useMemo(() => (tree ? lookupTree(data) : []), [tree, data]);
  const common = { ...rest, value: value ?? undefined, onChange, placeholder, allowClear: true, loading: isFetching };
  // A lookup the console has no list for yet: its id is typed.
  if (!lookupUrls[lookup]) {
    return <Input {...rest} value={value ?? ''} onChange={(event) => onChange?.(event.target.value || undefined)} />;
  }
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
  return <Select {...common} options={options} showSearch={{ optionFilterProp: 'label' }} />;
}
