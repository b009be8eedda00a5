import { z } from 'zod';
import { maxPageSize } from '../response';
import type { FieldDef } from './fields';

export interface ResourcePermissions {
  list: string;
  create?: string;
  update?: string;
  remove?: string;
  export?: string;
}

export interface ResourceSpec<F extends Record<string, FieldDef>> {
  key: string;
  title: string;
  fields: F;
  permissions: ResourcePermissions;
  defaultSort: { field: keyof F & string; order: 'asc' | 'desc' };
}

function filterSchema(def: FieldDef): z.ZodType | null {
  const title = def.title;
  switch (def.filter) {
    case undefined:
      return null;
    case 'like':
      return z.string().trim().max(50).optional().meta({ title });
    case 'in':
      // A comma-separated list in the query string: `stage=0,1`.
      return z
        .string()
        .regex(/^\d{1,10}(,\d{1,10}){0,49}$/, '应为以逗号分隔的编号')
        .transform((raw) => raw.split(',').map(Number))
        .optional()
        .meta({ title });
    case 'range':
      return z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2}$/, '应为“开始日期,结束日期”')
        .transform((raw) => raw.split(',') as [string, string])
        .refine(([from, to]) => from <= to, '开始日期不能晚于结束日期')
        .optional()
        .meta({ title });
    case 'eq':
      if (def.kind === 'enum' || def.kind === 'integer' || def.kind === 'boolean') {
        return z.coerce.number().int().optional().meta({ title });
      }
      return z.string().trim().max(100).optional().meta({ title });
  }
}

/** A resource declared once; schemas for input, list queries and the shape of exports come from it. */
export function defineResource<F extends Record<string, FieldDef>>(spec: ResourceSpec<F>) {
  const entries = Object.entries(spec.fields) as [keyof F & string, FieldDef][];
  const formShape: Record<string, z.ZodType> = {};
  for (const [name, def] of entries) {
    if (!def.form) continue;
    formShape[name] = def.required ? def.input : def.input.nullable().optional();
  }
  const sortable = entries.filter(([, def]) => def.sortable).map(([name]) => name);
  const filterShape: Record<string, z.ZodType> = {};
  for (const [name, def] of entries) {
    const schema = filterSchema(def);
    if (schema) filterShape[name] = schema;
  }
  const sortFields = ['id', ...sortable] as [string, ...string[]];
  const listQuery = z.strictObject({
    page: z.coerce.number().int().min(1).default(1).meta({ title: '页码' }),
    limit: z.coerce.number().int().min(1).max(maxPageSize).default(20).meta({ title: '每页条数' }),
    sort: z.enum(sortFields).default(spec.defaultSort.field).meta({ title: '排序字段' }),
    order: z.enum(['asc', 'desc']).default(spec.defaultSort.order).meta({ title: '排序方向' }),
    ...filterShape,
  });
  const createInput = z.strictObject(formShape);
  const updateInput = z.strictObject({ ...formShape, version: z.number().int().min(1).meta({ title: '版本号' }) });
  return {
    ...spec,
    entries,
    sortable,
    filters: entries.filter(([, def]) => def.filter).map(([name]) => name),
    listQuery,
    createInput,
    updateInput,
    exportColumns: entries.filter(([, def]) => def.export).map(([name, def]) => ({ name, def })),
  };
}

export type Resource = ReturnType<typeof defineResource>;
