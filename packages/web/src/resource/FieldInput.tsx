import type { FieldDef } from '@cp/contracts';
import { DatePicker, type FormItemProps, Input, InputNumber, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactElement } from 'react';
import { LookupField } from './LookupField';
import { StoredFilesInput } from './StoredFilesInput';

/** A form control for a field, with how the form converts between what it shows and what the API takes. */
export interface FieldControl {
  control: ReactElement;
  item: Pick<FormItemProps, 'getValueProps' | 'normalize' | 'valuePropName'>;
  /** Takes a whole row of the form (long text, files). */
  wide: boolean;
}

const dateItem = (format: (day: Dayjs) => string): FieldControl['item'] => ({
  getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value) : undefined }),
  normalize: (day: Dayjs | null) => (day ? format(day) : null),
});

function maxLengthOf(def: FieldDef): number | undefined {
  const max = (def.input as { maxLength?: number | null }).maxLength;
  return typeof max === 'number' ? max : undefined;
}

/** Long text and files take a whole row, in the form and in the detail view. */
export function isWide(def: FieldDef): boolean {
  return def.kind === 'files' || (def.kind === 'text' && (maxLengthOf(def) ?? 0) > 100);
}

export function fieldControl(def: FieldDef): FieldControl {
  const placeholder = def.hint ?? '请输入';
  const none = { control: <Input />, item: {}, wide: false };
  switch (def.kind) {
    case 'text': {
      const max = maxLengthOf(def);
      if (isWide(def)) {
        return {
          ...none,
          control: <Input.TextArea rows={3} maxLength={max} showCount placeholder={placeholder} />,
          wide: true,
        };
      }
      return { ...none, control: <Input maxLength={max} placeholder={placeholder} allowClear /> };
    }
    case 'integer':
      return { ...none, control: <InputNumber precision={0} placeholder={placeholder} style={{ width: '100%' }} /> };
    case 'money':
      return {
        ...none,
        control: <InputNumber precision={2} min={0} placeholder={placeholder} style={{ width: '100%' }} />,
        item: {
          getValueProps: (fen: unknown) => ({ value: typeof fen === 'number' ? fen / 100 : undefined }),
          normalize: (yuan: number | null) => (typeof yuan === 'number' ? Math.round(yuan * 100) : null),
        },
      };
    case 'date':
      return {
        ...none,
        control: <DatePicker style={{ width: '100%' }} />,
        item: dateItem((day) => day.format('YYYY-MM-DD')),
      };
    case 'datetime':
      return {
        ...none,
        control: <DatePicker showTime style={{ width: '100%' }} />,
        item: dateItem((day) => day.toISOString()),
      };
    case 'enum':
      return { ...none, control: <Select placeholder="请选择" allowClear options={def.enumDef?.options} /> };
    case 'boolean':
      return { ...none, control: <Switch />, item: { valuePropName: 'checked' } };
    case 'ref':
      return { ...none, control: <LookupField lookup={def.lookup ?? ''} /> };
    case 'refs':
      return { ...none, control: <LookupField lookup={def.lookup ?? ''} multiple /> };
    case 'tags':
      return { ...none, control: <Select mode="tags" placeholder="输入后回车添加" tokenSeparators={[',', '，']} /> };
    case 'files':
      return { ...none, control: <StoredFilesInput />, wide: true };
  }
}
