import { z } from 'zod';
import { maxPageSize } from '../response';
import { pageButton, routesByKey } from '../routes/catalogue';
import type { FieldDef } from './fields';
import type { Lifecycle } from './lifecycle';
import { lookupOf } from './lookups';

/** The catalogue button keys of a family's page, for the operations it offers. */
export interface ResourcePermissions {
  /** The page's menu key: opening the list, a row, its history. */
  list: string;
  create?: string;
  update?: string;
  remove?: string;
  export?: string;
  import?: string;
}

export interface ImportSpec<Name extends string = string> {
  /** Fields that make two rows the same: a row repeating one already kept (or an earlier one) is skipped. */
  key: readonly Name[];
  /** Most data rows one import takes. */
  maxRows?: number;
  /** What the dialog and the template's 说明 sheet say first. */
  note?: string;
}

export interface ResourceSpec<F extends Record<string, FieldDef>> {
  key: string;
  title: string;
  /** The catalogue page of the family: its menu key opens it, its buttons (`:add`, `:edit`…) guard the rest. */
  page: string;
  /** Where the family's API lives: `/api/vehicles`. */
  endpoint: string;
  fields: F;
  defaultSort: { field: keyof F & string; order: 'asc' | 'desc' };
  /** The field that names a row for people: confirmations, pickers, the detail page's title. */
  identity?: keyof F & string;
  lifecycle?: Lifecycle;
  import?: ImportSpec<keyof F & string>;
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
        return z.coerce.number().int().min(0).max(2_000_000_000).optional().meta({ title });
      }
      if (def.kind === 'ref') {
        return z
          .string()
          .regex(/^[1-9]\d{0,15}$/, '必须是有效的编号')
          .optional()
          .meta({ title });
      }
      return z.string().trim().max(100).optional().meta({ title });
  }
}

/**
 * What the family's page offers, by the catalogue: only operations whose button the page has. A family
 * without editable fields (records written by lifecycle actions) is never created or edited directly: its
 * page's 新增 belongs to an action (还车登记, 调车).
 */
function permissionsOf(page: string, editable: boolean): ResourcePermissions {
  const route = routesByKey.get(page);
  if (!route || route.hidden) throw new Error(`resource page ${page} is not a sidebar page of the route catalogue`);
  const permissions: ResourcePermissions = { list: route.menuKey };
  const operations = { create: 'add', update: 'edit', remove: 'delete', export: 'export', import: 'import' } as const;
  for (const [operation, action] of Object.entries(operations)) {
    const key = pageButton(page, action);
    if (key && (editable || (operation !== 'create' && operation !== 'update'))) {
      permissions[operation as keyof typeof operations] = key;
    }
  }
  return permissions;
}

/** A resource declared once; schemas for input, list queries, imports and the shape of exports come from it. */
export function defineResource<F extends Record<string, FieldDef>>(spec: ResourceSpec<F>) {
  const entries = Object.entries(spec.fields) as [keyof F & string, FieldDef][];
  const lifecycleField = spec.lifecycle?.field;
  const permissions = permissionsOf(
    spec.page,
    entries.some(([name, def]) => def.form && name !== lifecycleField),
  );
  if (lifecycleField && spec.fields[lifecycleField]?.kind !== 'enum') {
    throw new Error(`resource ${spec.key}: lifecycle field ${lifecycleField} is not an enumeration field`);
  }
  for (const [, def] of entries) if (def.lookup) lookupOf(def.lookup);
  if (spec.import && !permissions.import)
    throw new Error(`resource ${spec.key}: page ${spec.page} has no import button`);
  const editable = entries.filter(([name, def]) => def.form && name !== lifecycleField);
  const shapeOf = (keep: (def: FieldDef) => boolean) =>
    Object.fromEntries(
      editable
        .filter(([, def]) => keep(def))
        .map(([name, def]) => [name, def.required ? def.input : def.input.nullable().optional()]),
    ) as Record<string, z.ZodType>;
  const sortable = entries.filter(([, def]) => def.sortable).map(([name]) => name);
  const filterShape: Record<string, z.ZodType> = {};
  for (const [name, def] of entries) {
    const schema = filterSchema(def);
    if (schema) filterShape[name] = schema;
  }
  const sortFields = ['id', ...sortable] as [string, ...string[]];
  const listQuery = z.strictObject({
    page: z.coerce.number().int().min(1).max(100_000).default(1).meta({ title: '页码' }),
    limit: z.coerce.number().int().min(1).max(maxPageSize).default(20).meta({ title: '每页条数' }),
    sort: z.enum(sortFields).default(spec.defaultSort.field).meta({ title: '排序字段' }),
    order: z.enum(['asc', 'desc']).default(spec.defaultSort.order).meta({ title: '排序方向' }),
    ...filterShape,
  });
  const createInput = z.strictObject(shapeOf(() => true));
  const updateInput = z.strictObject({
    ...shapeOf((def) => !def.createOnly),
    version: z.number().int().min(1).meta({ title: '版本号' }),
  });
  return {
    ...spec,
    permissions,
    entries,
    sortable,
    filters: entries.filter(([, def]) => def.filter).map(([name]) => name),
    listQuery,
    createInput,
    updateInput,
    exportColumns: entries.filter(([, def]) => def.export).map(([name, def]) => ({ name, def })),
    importColumns: entries.filter(([, def]) => def.import).map(([name, def]) => ({ name, def })),
    uniqueFields: entries.filter(([, def]) => def.unique).map(([name]) => name),
  };
}

export type Resource = ReturnType<typeof defineResource>;

/** The field `name` of a resource; throws for a name the resource does not declare. */
export function fieldOf(resource: Resource, name: string): FieldDef {
  const def = resource.fields[name];
  if (!def) throw new Error(`${resource.key} has no field ${name}`);
  return def;
}
