import { type FieldDef, lookupOf, type Resource } from '@cp/contracts';
import { DatePicker, Form, Input, InputNumber, Select } from 'antd';
import type { ReactElement } from 'react';
import { searchFieldNames } from './filters';
import { displayTitle } from './format';
import { LookupField } from './LookupField';
import { promptOf } from './rules';
import { fieldOf } from './types';

const yesNo = [
  { label: '是', value: 1 },
  { label: '否', value: 0 },
];

/** A searched lookup says how to search (`输入车牌号或车架号搜索`); every other filter asks by the kit's one rule. */
function lookupFilter(def: FieldDef, prompt: string): ReactElement {
  const lookup = def.lookup ?? '';
  return <LookupField lookup={lookup} placeholder={lookupOf(lookup).searchable ? undefined : prompt} />;
}

function filterControl(def: FieldDef): ReactElement {
  const title = displayTitle(def);
  switch (def.filter) {
    case 'like':
      return <Input placeholder={def.searchHint ?? promptOf('text', title)} allowClear maxLength={50} />;
    case 'in':
      return (
        <Select
          mode="multiple"
          placeholder={promptOf('enum', title)}
          allowClear
          options={def.enumDef?.options}
          maxTagCount="responsive"
        />
      );
    case 'range':
      return <DatePicker.RangePicker style={{ width: '100%' }} />;
    default:
      // One row of the lookup: the field's own, or one of those it links to (a policy of this city).
      if ((def.kind === 'ref' || def.kind === 'refs') && def.lookup) return lookupFilter(def, promptOf('ref', title));
      if (def.enumDef) return <Select placeholder={promptOf('enum', title)} allowClear options={def.enumDef.options} />;
      if (def.kind === 'boolean') {
        return <Select placeholder={promptOf('boolean', title)} allowClear options={yesNo} />;
      }
      if (def.kind === 'integer') {
        return <InputNumber placeholder={promptOf('integer', title)} style={{ width: '100%' }} />;
      }
      return <Input placeholder={def.searchHint ?? promptOf('text', title)} allowClear maxLength={100} />;
  }
}

/**
 * The search panel's fields for a resource's filters: like → text, eq → a list (enumeration or lookup), in →
 * a multiple choice, range → a date range; each says what it asks for (`请输入车牌号`, `请选择城市`), or how to
 * search where the field declares it (`searchHint`: 输入完整号码或尾号) — never the form's `hint`. Values convert to the URL with `toUrlFilters`.
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
