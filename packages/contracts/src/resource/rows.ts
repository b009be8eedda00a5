import { z } from 'zod';
import { idString } from '../response';
import { text } from '../values';
import { type FieldDef, isListKind, refNameOf } from './fields';
import { maxBulkRows, type Transition } from './lifecycle';
import { lookupOf } from './lookups';
import type { Resource } from './resource';
import type { Screen } from './screen';

/** A field's value as the API sends it: ids as strings, dates and times as text, money in fen, lists never null. */
function valueSchema(def: FieldDef): z.ZodType {
  switch (def.kind) {
    case 'text':
    case 'richText':
      return text();
    case 'integer':
      return def.isId ? text() : z.number().int();
    case 'money':
      return z.number().int();
    case 'date':
      return text().meta({ format: 'date' });
    case 'datetime':
      return text().meta({ format: 'date-time' });
    case 'enum':
      return def.enumDef?.schema ?? z.number().int();
    case 'enums':
      return z.array(def.enumDef?.schema ?? z.number().int());
    case 'boolean':
      return z.boolean();
    case 'ref':
      return text();
    case 'refs':
    case 'files':
    case 'tags':
      return z.array(text());
    case 'items':
      return z.array(z.record(text(), z.unknown()));
  }
}

/** The properties a field gives a row: its value, and the name of what it refers to where lists show one. */
function fieldShape(name: string, def: FieldDef): Record<string, z.ZodType> {
  const value = valueSchema(def);
  const shape: Record<string, z.ZodType> = {
    [name]: (isListKind(def.kind) || def.required ? value : value.nullable()).meta({ title: def.title }),
  };
  // Names come from the lookups kept whole (the server's name book), or for one reference to a searched
  // lookup (a driver) from one search of the page's ids; references to many of a searched lookup are not named.
  if (
    (def.kind === 'ref' || def.kind === 'refs') &&
    def.lookup &&
    (def.kind === 'ref' || !lookupOf(def.lookup).searchable)
  ) {
    const names = def.kind === 'refs' ? z.array(text()) : text();
    shape[refNameOf(name)] = names.meta({ title: `${def.title}名称` });
  }
  return shape;
}

const capitalized = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

function fieldsShape(entries: Resource['entries']): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = { id: text() };
  for (const [name, def] of entries) Object.assign(shape, fieldShape(name, def));
  shape.version = z.number().int().optional().meta({ description: '版本号，编辑时带回（有并发编辑的数据才有）' });
  return shape;
}

function rowOf(resource: Resource, view: 'list' | 'detail'): z.ZodType<Record<string, unknown>> {
  const hasFiles = resource.entries.some(([, def]) => def.kind === 'files');
  const shape = fieldsShape(resource.entries.filter(([, def]) => (view === 'list' ? def.list : def.detail)));
  if (view === 'detail') {
    shape.createdAt = text().optional();
    if (hasFiles) {
      shape.fileNames = z.record(text(), text()).optional().meta({ description: '文件地址 → 上传时的文件名' });
    }
  }
  // Families add what travels with each row (a record's vehicleId): the schema names the declared fields.
  const suffix = view === 'list' ? 'ListItem' : 'Row';
  return z.looseObject(shape).meta({
    id: `${capitalized(resource.key)}${suffix}`,
    title: `${resource.title}${view === 'list' ? '（列表行）' : ''}`,
  });
}

const rowSchemas = new WeakMap<
  Resource,
  { list: z.ZodType<Record<string, unknown>>; detail: z.ZodType<Record<string, unknown>> }
>();

/**
 * A row of a resource as the API answers it, from its fields: `list` is a list page's row (the list fields),
 * `detail` the whole row the detail page and the edit form read. Built once per resource.
 */
export function rowSchema(resource: Resource, view: 'list' | 'detail'): z.ZodType<Record<string, unknown>> {
  let schemas = rowSchemas.get(resource);
  if (!schemas) {
    schemas = { list: rowOf(resource, 'list'), detail: rowOf(resource, 'detail') };
    rowSchemas.set(resource, schemas);
  }
  return schemas[view];
}

/** An action a row's state offers the user (`GET …/:id/actions`). */
export const offeredAction = z.object({ action: text(), title: text(), button: text() });

/** `GET …/:id/sensitive/:field`: a sensitive field's whole value (null when empty), the read audited. */
export const sensitiveValue = z.object({ value: text().nullable() });
export type SensitiveValue = z.infer<typeof sensitiveValue>;

/** What a lifecycle action answers: what it wrote (a new record's id…), differing by action; null when nothing. */
export const actionResult = z
  .looseObject({})
  .nullable()
  .meta({ description: '操作的结果（如新记录的编号），各操作不同；没有时为 null' });

/** What an import answers when every row passed. */
export const importResult = z.object({
  imported: z.number().int(),
  skipped: z.number().int().meta({ description: '与已有数据重复而跳过的行数' }),
});

/** What a bulk action refused of one row, and why: `京A12345：线索当前为「已激活」，不能分配`. */
export const bulkRefusal = z.object({
  id: text(),
  /** The row's identity (a plate), or `#id` for a row the branch company does not have. */
  name: text(),
  message: text(),
});

/** What a bulk action answers: how many rows it moved, which, and each row it refused with why. */
export const bulkResult = z.object({
  done: z.number().int(),
  doneIds: z.array(text()),
  refused: z.array(bulkRefusal),
});
export type BulkResult = z.infer<typeof bulkResult>;

export interface BulkInput {
  ids: string[];
  body?: Record<string, unknown>;
}

/** The request of a bulk action: the rows (at most `maxBulkRows`, none twice) and the action's body, asked once. */
export function bulkInput(transition: Transition): z.ZodType<BulkInput> {
  const ids = z
    .array(idString)
    .min(1, '请至少选择一项')
    .max(maxBulkRows, `一次最多${maxBulkRows}项`)
    .refine((ids) => new Set(ids).size === ids.length, '不能重复')
    .meta({ title: '所选数据' });
  return transition.body
    ? z.strictObject({ ids, body: transition.body.meta({ title: transition.title }) })
    : z.strictObject({ ids });
}

/** What a batch import answers: the batch kept, with its counts (each row's result is in the batch's rows). */
export const importBatchResult = z.object({
  batchId: text(),
  rows: z.number().int(),
  imported: z.number().int(),
  duplicates: z.number().int(),
  refused: z.number().int(),
});
export type ImportBatchResult = z.infer<typeof importBatchResult>;

const screenRows = new WeakMap<Screen, z.ZodType<Record<string, unknown>>>();

/**
 * A row of a screen's list as the server reads it (`screenSelection`): the lifecycle's state and the screen's
 * columns — a view (GPS管理, 临时交车) shows other columns than the family's list. A screen showing the list
 * fields has the resource's list row.
 */
export function screenRowSchema(screen: Screen): z.ZodType<Record<string, unknown>> {
  const { resource } = screen;
  let schema = screenRows.get(screen);
  if (schema) return schema;
  const state = resource.lifecycle?.field;
  const names = new Set([...(state ? [state] : []), ...screen.columns]);
  const entries = resource.entries.filter(([name]) => names.has(name));
  const listed = resource.entries.filter(([name, def]) => def.list || name === state);
  if (entries.length === listed.length && listed.every(([name]) => names.has(name))) {
    schema = rowSchema(resource, 'list');
  } else {
    schema = z.looseObject(fieldsShape(entries)).meta({
      id: `${capitalized(resource.key)}${capitalized(screen.key)}ListItem`,
      title: `${resource.title}（${screen.title}列表行）`,
    });
  }
  screenRows.set(screen, schema);
  return schema;
}
