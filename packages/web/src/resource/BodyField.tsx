import { type FieldKind, lookupOf } from '@cp/contracts';
import { DatePicker, Form, type FormItemProps, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import type { z } from 'zod';
import { LookupField } from './LookupField';
import { promptOf, schemaLabel, schemaRule } from './rules';
import { StoredFilesInput } from './StoredFilesInput';

type ObjectSchema = z.ZodObject<Record<string, z.ZodType>>;

export interface BodyFieldProps extends Omit<FormItemProps, 'name' | 'label' | 'rules' | 'children'> {
  /** The request schema the field belongs to (`inspectBody`). */
  schema: ObjectSchema;
  name: string;
  /** Replaces the schema's title (an amount's with the unit it is typed in: `减免金额（元）`) as the label. */
  label?: string;
  /**
   * What kind of value the control takes, for what an empty field says (请输入 / 请选择 / 请上传); read from
   * the control (an Input is typed, a Select or a date picked, files uploaded) when not given.
   */
  kind?: FieldKind;
  children: ReactNode;
}

const controlKinds = new Map<unknown, FieldKind>([
  [Input, 'text'],
  [Input.TextArea, 'text'],
  [InputNumber, 'integer'],
  [Select, 'enum'],
  [Radio.Group, 'enum'],
  [DatePicker, 'date'],
  [Switch, 'boolean'],
  [LookupField, 'ref'],
  [StoredFilesInput, 'files'],
]);

/** Controls that show a placeholder; a searched lookup keeps its own, which says how to search. */
function takesPlaceholder(control: ReactElement<{ placeholder?: unknown; lookup?: string }>): boolean {
  if (control.props.placeholder !== undefined) return false;
  if (control.type === LookupField) return !lookupOf(control.props.lookup ?? '').searchable;
  return [Input, Input.TextArea, InputNumber, Select, DatePicker].includes(control.type as never);
}

/**
 * A form item for one field of a request schema: titled and checked by the schema, required when it is, and
 * asking for its value by the kit's one rule (`请输入出库地点`, `请选择验车结果`) as placeholder and message.
 */
export function BodyField({ schema, name, label, kind, children, ...item }: BodyFieldProps) {
  const field = schema.shape[name];
  if (!field) throw new Error(`no field ${name} in the schema`);
  const title = label ?? schemaLabel(field) ?? name;
  const required = !field.safeParse(undefined).success;
  const rules = [schemaRule(field, title)];
  const control = isValidElement<{ placeholder?: unknown; lookup?: string }>(children) ? children : null;
  const prompt = promptOf(kind ?? controlKinds.get(control?.type) ?? 'text', title);
  return (
    <Form.Item
      {...item}
      name={name}
      label={title}
      required={required}
      rules={required ? [{ required: true, message: prompt }, ...rules] : rules}
    >
      {control && takesPlaceholder(control) ? cloneElement(control, { placeholder: prompt }) : children}
    </Form.Item>
  );
}
