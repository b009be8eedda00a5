import type { FieldDef, Resource } from '@cp/contracts';
import { DatePicker, Form, Input, InputNumber, Select } from 'antd';
import type { ReactElement } from 'react';
import { searchFieldNames } from './filters';
import { displayTitle } from './format';
import { LookupField } from './LookupField';
import { fieldOf } from './types';

const yesNo = [
  { label: '是', value: 1 },
  { label: '否', value: 0 },
];

function filterControl(def: FieldDef): ReactElement {
  switch (def.filter) {
    case 'like':
      return <Input placeholder="请输入" allowClear maxLength={50} />;
    case 'in':
      return (
        <Select
          mode="multiple"
          placeholder="请选择"
          allowClear
          options={def.enumDef?.options}
          maxTagCount="responsive"
        />
      );
    case 'range':
      return <DatePicker.RangePicker style={{ width: '100%' }} />;
    default:
      if (def.kind === 'ref' && def.lookup) return <LookupField lookup={def.lookup} />;
      if (def.enumDef) return <Select placeholder="请选择" allowClear options={def.enumDef.options} />;
      if (def.kind === 'boolean') return <Select placeholder="请选择" allowClear options={yesNo} />;
      if (def.kind === 'integer') return <InputNumber placeholder="请输入" style={{ width: '100%' }} />;
      return <Input placeholder="请输入" allowClear maxLength={100} />;
  }
}

/**
 * The search panel's fields for a resource's filters: like → text, eq → a list (enumeration or lookup), in →
 * a multiple choice, range → a date range. Values convert to the URL with `toUrlFilters`.
 */
export function buildSearchItems(
  resource: Resource,
  options: { only?: readonly string[]; fixed?: Readonly<Record<string, string>> } = {},
): ReactElement[] {
  return searchFieldNames(resource, options).map((name) => {
    const def = fieldOf(resource, name);
    return (
      <Form.Item key={name} label={displayTitle(def)} name={name}>
        {filterControl(def)}
      </Form.Item>
    );
  });
}
