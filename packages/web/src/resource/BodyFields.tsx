import { type FieldKind, fields, type LookupBindings, type Resource } from '@cp/contracts';
import { Col, DatePicker, Input, InputNumber, Row, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactElement } from 'react';
import type { z } from 'zod';
import { BodyField } from './BodyField';
import { type FieldControl, fieldControl } from './FieldInput';
import { formTitle } from './format';
import { BoundLookupField, LookupField } from './LookupField';
import { promptOf } from './rules';
import { StoredFilesInput } from './StoredFilesInput';
import type { ResourceRecord } from './types';

type ObjectSchema = z.ZodObject<Record<string, z.ZodType>>;

interface Shape {
  type: string;
  maxLength?: number;
  minValue?: number;
  maxValue?: number;
  isInt?: boolean;
  format?: string;
}

/** The schema under optional, default and nullable wrappers, with what its meta says. */
function baseOf(schema: z.ZodType): { base: Shape; meta: Record<string, unknown> } {
  let current = schema as unknown as { def: { type: string; innerType?: unknown }; meta(): unknown };
  const meta = (schema.meta() ?? {}) as Record<string, unknown>;
  while (current.def.innerType) current = current.def.innerType as typeof current;
  const base = current as unknown as Shape & { def: { type: string } };
  return { base: { ...base, type: base.def.type }, meta: { ...(current.meta() as object), ...meta } };
}

function unwrapped(schema: z.ZodType): z.ZodType {
  let current = schema as unknown as { def: { innerType?: unknown } };
  while (current.def.innerType) current = current.def.innerType as typeof current;
  return current as unknown as z.ZodType;
}

const dateItem: FieldControl['item'] = {
  getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value) : undefined }),
  normalize: (day: Dayjs | null) => (day ? day.format('YYYY-MM-DD') : undefined),
};

/** `label`: the field's label when it is not the schema's title (money typed in yuan). */
type BodyControl = FieldControl & { kind: FieldKind; label?: string };

/**
 * The control of one body field: the resource's own when the field is one of its fields (a plate, a
 * certificate's expiry), else one read from the schema — files, an enumeration's values (`enumInput`), a
 * lookup, a date, long or short text, a number (in yuan for an amount declared `.meta({ money: true })` in fen), a switch — asking for the field by
 * the kit's one rule (`请输入出库地点`, `请选择日期`).
 */
function bodyControl(name: string, schema: z.ZodType, resource?: Resource, row?: ResourceRecord): BodyControl | null {
  const { meta } = baseOf(schema);
  const def = resource?.fields[name];
  // The resource's field of the same name and meaning (its title): a relief's 减免金额 is not the bill's 账单金额.
  const own = def && def.kind !== 'files' ? { ...fieldControl(def), kind: def.kind, label: formTitle(def) } : null;
  if (own && (meta.title === undefined || meta.title === def?.title)) return own;
  return schemaControl(name, schema, row) ?? own;
}

/**
 * The control a body field's schema says: files, an enumeration, a lookup (scoped by its `lookupParams` to the
 * row the action is taken on or other form values), a date, text, a number, a switch.
 */
function schemaControl(name: string, schema: z.ZodType, row?: ResourceRecord): BodyControl | null {
  const { base, meta } = baseOf(schema);
  const title = typeof meta.title === 'string' ? meta.title : name;
  // Zod keeps a number's bounds as getters of its class, which baseOf's spread leaves behind.
  const signed = ((unwrapped(schema) as { minValue?: number | null }).minValue ?? 0) < 0;
  const none = { item: {}, wide: false };
  if (meta.files) return { ...none, control: <StoredFilesInput limit={20} />, wide: true, kind: 'files' };
  if (meta.money === true) {
    const money = fields.money(title, signed ? { signed: true } : {});
    return { ...fieldControl(money), kind: 'money', label: formTitle(money) };
  }
  if (Array.isArray(meta.options)) {
    const options = meta.options as { label: string; value: number }[];
    return {
      ...none,
      control: <Select options={options} placeholder={promptOf('enum', title)} allowClear />,
      kind: 'enum',
    };
  }
  if (typeof meta.lookup === 'string') {
    const placeholder = promptOf('ref', title);
    const bindings = meta.lookupParams as LookupBindings | undefined;
    // A list of ids (指定发放's 司机) picks several.
    const many = base.type === 'array';
    const control = bindings ? (
      <BoundLookupField lookup={meta.lookup} bindings={bindings} row={row} placeholder={placeholder} />
    ) : (
      <LookupField lookup={meta.lookup} placeholder={placeholder} multiple={many} />
    );
    return { ...none, control, kind: 'ref' };
  }
  const placeholder = (kind: FieldKind) => promptOf(kind, title);
  switch (base.type) {
    case 'string':
      // A moment (`moment()`: an ISO time with its offset) is picked as the kit's 时间 fields are. Zod keeps a
      // string's format as a getter of its class, which baseOf's spread leaves behind.
      if ((unwrapped(schema) as { format?: string }).format === 'datetime') {
        return { ...fieldControl(fields.datetime(title)), kind: 'datetime' };
      }
      if (base.format === 'date') {
        return {
          control: <DatePicker placeholder={placeholder('date')} style={{ width: '100%' }} />,
          item: dateItem,
          wide: false,
          kind: 'date',
        };
      }
      if ((base.maxLength ?? 0) > 100) {
        return {
          ...none,
          control: <Input.TextArea rows={3} maxLength={base.maxLength} showCount placeholder={placeholder('text')} />,
          wide: true,
          kind: 'text',
        };
      }
      return {
        ...none,
        control: <Input maxLength={base.maxLength} allowClear placeholder={placeholder('text')} />,
        kind: 'text',
      };
    case 'number':
      return {
        ...none,
        control: (
          <InputNumber
            precision={base.isInt ? 0 : undefined}
            min={base.minValue}
            max={base.maxValue}
            placeholder={placeholder('integer')}
            style={{ width: '100%' }}
          />
        ),
        kind: 'integer',
      };
    case 'boolean':
      return { ...none, control: <Switch />, item: { valuePropName: 'checked' }, kind: 'boolean' };
    default:
      return null;
  }
}

/** The fields of a body that neither its schema nor the resource says how to show (the family gives their control). */
export function fieldsWithoutControl(schema: ObjectSchema, resource?: Resource): string[] {
  return Object.entries(schema.shape)
    .filter(([name, field]) => !bodyControl(name, field, resource))
    .map(([name]) => name);
}

/**
 * The form fields of a request body, generated from its schema: titled and checked by it, in two columns
 * with long text and files on a row of their own. A field the schema does not say how to show (a
 * checklist) needs the family's own fields.
 */
export function BodyFields({
  schema,
  resource,
  row,
  omit = [],
}: {
  schema: ObjectSchema;
  /** The resource whose fields of the same name know their control. */
  resource?: Resource;
  /** The row the action is taken on, which a lookup's parameters may be bound to. */
  row?: ResourceRecord;
  omit?: readonly string[];
}): ReactElement {
  const items = Object.entries(schema.shape)
    .filter(([name]) => !omit.includes(name))
    .map(([name, field]) => {
      const control = bodyControl(name, field, resource, row);
      if (!control) throw new Error(`body field ${name} needs a control of its own`);
      return (
        <Col key={name} span={control.wide ? 24 : 12}>
          <BodyField schema={schema} name={name} kind={control.kind} label={control.label} {...control.item}>
            {control.control}
          </BodyField>
        </Col>
      );
    });
  return <Row gutter={16}>{items}</Row>;
}
