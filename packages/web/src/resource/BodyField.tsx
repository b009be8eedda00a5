import { Form, type FormItemProps } from 'antd';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { schemaRule, schemaTitle } from './rules';

type ObjectSchema = z.ZodObject<Record<string, z.ZodType>>;

export interface BodyFieldProps extends Omit<FormItemProps, 'name' | 'label' | 'rules' | 'children'> {
  /** The request schema the field belongs to (`inspectBody`). */
  schema: ObjectSchema;
  name: string;
  /** Replaces the schema's title as the label. */
  label?: string;
  /** The value is chosen, not typed: an empty field says 请选择…. */
  chosen?: boolean;
  children: ReactNode;
}

/** A form item for one field of a request schema: titled and checked by the schema, required when it is. */
export function BodyField({ schema, name, label, chosen = false, children, ...item }: BodyFieldProps) {
  const field = schema.shape[name];
  if (!field) throw new Error(`no field ${name} in the schema`);
  const title = label ?? schemaTitle(field) ?? name;
  const required = !field.safeParse(undefined).success;
  const rules = [schemaRule(field, title)];
  return (
    <Form.Item
      {...item}
      name={name}
      label={title}
      required={required}
      rules={required ? [{ required: true, message: `${chosen ? '请选择' : '请填写'}${title}` }, ...rules] : rules}
    >
      {children}
    </Form.Item>
  );
}
