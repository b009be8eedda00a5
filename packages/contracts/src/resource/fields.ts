import { z } from 'zod';
import type { EnumDef } from '../enums';

export type FilterMode = 'eq' | 'like' | 'in' | 'range';

/** One field of a resource, declared once: it drives validation, list, filters, form, detail and export. */
export interface FieldDef<T = unknown> {
  kind: 'text' | 'integer' | 'money' | 'date' | 'datetime' | 'enum' | 'boolean' | 'ref' | 'files' | 'tags';
  title: string;
  /** Validates the value in create/update input. */
  input: z.ZodType<T>;
  required: boolean;
  /** A column of the list. */
  list: boolean;
  sortable: boolean;
  filter?: FilterMode;
  /** Editable in the create/edit form. */
  form: boolean;
  /** A column of the export (defaults to `list`). */
  export: boolean;
  /** Shown on the detail view; false for a filter that is not a column of the row. */
  detail: boolean;
  enumDef?: EnumDef<number>;
  /** For `ref` fields: the lookup that names the referenced row (`company`, `city`, `model`…). */
  lookup?: string;
  /** Placeholder / help text in the form. */
  hint?: string;
}

type Options = Partial<Omit<FieldDef, 'kind' | 'title' | 'input' | 'enumDef'>>;

function field<T>(kind: FieldDef['kind'], title: string, input: z.ZodType<T>, options: Options = {}): FieldDef<T> {
  const list = options.list ?? true;
  return {
    kind,
    title,
    input,
    required: options.required ?? false,
    list,
    sortable: options.sortable ?? false,
    form: options.form ?? true,
    export: options.export ?? list,
    detail: options.detail ?? true,
    ...(options.filter ? { filter: options.filter } : {}),
    ...(options.lookup ? { lookup: options.lookup } : {}),
    ...(options.hint ? { hint: options.hint } : {}),
  };
}

const titled = <S extends z.ZodType>(schema: S, title: string) => schema.meta({ title });

export const fields = {
  text(title: string, options: Options & { max?: number; check?: (value: string) => string | null } = {}) {
    let schema = z
      .string()
      .trim()
      .max(options.max ?? 100);
    if (options.required) schema = schema.min(1, '不能为空');
    const check = options.check;
    const input = check
      ? schema.superRefine((value, ctx) => {
          const problem = value === '' ? null : check(value);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        })
      : schema;
    return field('text', title, titled(input, title), options);
  },
  integer(title: string, options: Options & { min?: number; max?: number } = {}) {
    const input = z
      .number()
      .int()
      .min(options.min ?? 0)
      .max(options.max ?? 2_000_000_000);
    return field('integer', title, titled(input, title), options);
  },
  /** Amounts in fen (integer cents): no floating-point money anywhere. */
  money(title: string, options: Options = {}) {
    const input = z.number().int('金额最多两位小数').min(0).max(100_000_000_000);
    return field('money', title, titled(input, title), options);
  },
  date(title: string, options: Options = {}) {
    const input = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为YYYY-MM-DD');
    return field('date', title, titled(input, title), options);
  },
  datetime(title: string, options: Options = {}) {
    const input = z.iso.datetime({ offset: true, error: '时间格式不正确' });
    return field('datetime', title, titled(input, title), options);
  },
  enumOf<V extends number>(enumDef: EnumDef<V>, options: Options & { title?: string } = {}) {
    const title = options.title ?? enumDef.title;
    const def = field('enum', title, titled(enumDef.schema, title), options);
    return { ...def, enumDef: enumDef as EnumDef<number> };
  },
  boolean(title: string, options: Options = {}) {
    return field('boolean', title, titled(z.boolean(), title), options);
  },
  ref(title: string, lookup: string, options: Options = {}) {
    const input = z.string().regex(/^[1-9]\d{0,15}$/, '必须是有效的编号');
    return field('ref', title, titled(input, title), { ...options, lookup });
  },
  files(title: string, options: Options & { max?: number } = {}) {
    const input = z.array(z.string().min(1).max(300)).max(options.max ?? 20);
    return field('files', title, titled(input, title), { list: false, ...options });
  },
  tags(title: string, options: Options = {}) {
    const input = z.array(z.string().trim().min(1).max(20)).max(20);
    return field('tags', title, titled(input, title), options);
  },
};
