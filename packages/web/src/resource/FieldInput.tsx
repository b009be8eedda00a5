import { type FieldDef, lookupOf } from '@cp/contracts';
import { DatePicker, type FormItemProps, Input, InputNumber, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactElement } from 'react';
import { formTitle } from './format';
import { LookupField } from './LookupField';
import { RichTextInput } from './richText/RichTextInput';
import { promptOf } from './rules';
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

/** A searched lookup's own words say how to find a row; a loaded one asks like any other field. */
function lookupPlaceholder(def: FieldDef, placeholder: string): string | undefined {
  const lookup = lookupOf(def.lookup ?? '');
  return lookup.searchable && !def.hint ? undefined : placeholder;
}

function maxLengthOf(def: FieldDef): number | undefined {
  const max = (def.input as { maxLength?: number | null }).maxLength;
  return typeof max === 'number' ? max : undefined;
}

const isSigned = (def: FieldDef) => ((def.input as { minValue?: number | null }).minValue ?? 0) < 0;

/** Long text and files take a whole row, in the form and in the detail view. */
export function isWide(def: FieldDef): boolean {
  return def.kind === 'files' || def.kind === 'richText' || (def.kind === 'text' && (maxLengthOf(def) ?? 0) > 100);
}

/**
 * The control of a resource field in a form, saying what it asks for (`请输入车牌号`, `请选择城市`, or the
 * field's own hint). A searched lookup says how to search instead (`输入车牌号或车架号搜索`).
 */
export function fieldControl(def: FieldDef): FieldControl {
  const placeholder = def.hint ?? promptOf(def.kind, formTitle(def));
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
    case 'richText':
      return { ...none, control: <RichTextInput placeholder={placeholder} title={formTitle(def)} />, wide: true };
    case 'integer':
      if (def.percent) {
        return {
          ...none,
          control: (
            <InputNumber
              precision={2}
              min={0}
              max={100}
              suffix="%"
              placeholder={placeholder}
              style={{ width: '100%' }}
            />
          ),
          item: {
            getValueProps: (points: unknown) => ({ value: typeof points === 'number' ? points / 100 : undefined }),
            normalize: (percent: number | null) => (typeof percent === 'number' ? Math.round(percent * 100) : null),
          },
        };
      }
      return { ...none, control: <InputNumber precision={0} placeholder={placeholder} style={{ width: '100%' }} /> };
    case 'money':
      return {
        ...none,
        // A signed amount (a rent difference: 减收) may be typed negative.
        control: (
          <InputNumber
            precision={2}
            min={isSigned(def) ? undefined : 0}
            placeholder={placeholder}
            style={{ width: '100%' }}
          />
        ),
        item: {
          getValueProps: (fen: unknown) => ({ value: typeof fen === 'number' ? fen / 100 : undefined }),
          normalize: (yuan: number | null) => (typeof yuan === 'number' ? Math.round(yuan * 100) : null),
        },
      };
    case 'date':
      return {
        ...none,
        control: <DatePicker placeholder={placeholder} style={{ width: '100%' }} />,
        item: dateItem((day) => day.format('YYYY-MM-DD')),
      };
    case 'datetime':
      return {
        ...none,
        control: <DatePicker showTime placeholder={placeholder} style={{ width: '100%' }} />,
        item: dateItem((day) => day.toISOString()),
      };
    case 'enum':
      return { ...none, control: <Select placeholder={placeholder} allowClear options={def.enumDef?.options} /> };
    case 'enums':
      return {
        ...none,
        control: <Select mode="multiple" placeholder={placeholder} allowClear options={def.enumDef?.options} />,
        wide: true,
      };
    case 'boolean':
      return { ...none, control: <Switch />, item: { valuePropName: 'checked' } };
    case 'ref':
      return {
        ...none,
        control: <LookupField lookup={def.lookup ?? ''} placeholder={lookupPlaceholder(def, placeholder)} />,
      };
    case 'refs':
      return {
        ...none,
        control: <LookupField lookup={def.lookup ?? ''} multiple placeholder={lookupPlaceholder(def, placeholder)} />,
      };
    case 'tags':
      return {
        ...none,
        control: <Select mode="tags" placeholder={`${placeholder}，回车添加`} tokenSeparators={[',', '，']} />,
      };
    case 'files': {
      const limits = def.upload;
      return {
        ...none,
        control: <StoredFilesInput accept={limits?.accept} maxSizeMb={limits?.maxSizeMb} limit={limits?.maxFiles} />,
        wide: true,
      };
    }
    case 'items':
      throw new Error(`field ${def.title}: a list of items takes the family's own control (its \`inputs\`)`);
  }
}
