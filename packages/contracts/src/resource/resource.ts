import { z } from 'zod';
import { pageQuery } from '../response';
import { pageButton, routesByKey } from '../routes/catalogue';
import { fieldMessage } from '../validation';
import { dateRange, idText, int4Max, numberList, text, versionNumber } from '../values';
import { brokenCheck, type Check, checkFields, withChecks } from './checks';
import type { FieldDef } from './fields';
import type { Lifecycle } from './lifecycle';
import { lookupOf } from './lookups';
import { viewSensitiveAction } from './sensitive';

/** The catalogue button keys of a family's page, for the operations it offers. */
export interface ResourcePermissions {
  /** The page's menu key: opening the list, a row, its history. */
  list: string;
  create?: string;
  update?: string;
  remove?: string;
  export?: string;
  import?: string;
  /** Shows the resource's `sensitive` fields whole (`…:viewSensitive`): only a resource that has such fields. */
  viewSensitive?: string;
}

export interface ImportSpec<Name extends string = string> {
  /** Fields that make two rows the same: a row repeating one already kept (or an earlier one) is skipped. */
  key: readonly Name[];
  /** Most data rows one import takes. */
  maxRows?: number;
  /** What the dialog and the template's 说明 sheet say first. */
  note?: string;
  /**
   * `whole` (the default): every row must pass or nothing is saved. `rows`: each row is checked on its own —
   * good rows saved, duplicates skipped, bad rows refused — and the upload is kept as a batch with a result
   * per row (`importBatchResources`).
   */
  mode?: 'whole' | 'rows';
  /**
   * The sidebar page whose 导入 button guards the upload, when it is not the resource's own (线索 are uploaded
   * on 上传日志, which lists their batches).
   */
  page?: string;
}

/**
 * A term of a declared sort: a field in its order, or — with `first` — whether its value is one of those (an
 * enumeration's values) before the value itself: 收款状态 待收款 / 部分收款 / 逾期 before the settled ones.
 */
export interface SortTerm<K extends string = string> {
  field: K;
  first?: readonly number[];
}

/** A sort that is not one column: its terms in turn, then the id (the server keeps an index for it). */
export interface SortExpression<K extends string = string> {
  title: string;
  by: readonly SortTerm<K>[];
}

export interface ResourceSpec<F extends Record<string, FieldDef>> {
  key: string;
  title: string;
  /** The catalogue page of the family: its menu key opens it, its buttons (`:add`, `:edit`…) guard the rest. */
  page: string;
  /** Where the family's API lives: `/api/vehicles`. */
  endpoint: string;
  fields: F;
  /** A field or a declared sort (`sorts`): the list's order when the request names none. */
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /**
   * Orders of more than one column, by name (应收明细's `owingFirst`: what still owes first, by due date), taken
   * as `sort=<name>` or as the default; asc is the terms as declared, desc all of them reversed.
   */
  sorts?: Readonly<Record<string, SortExpression<keyof F & string>>>;
  /** The field that names a row for people: confirmations, pickers, the detail page's title. */
  identity?: keyof F & string;
  lifecycle?: Lifecycle;
  import?: ImportSpec<keyof F & string>;
  /**
   * The operations of the page's buttons this resource takes, when it shares its page with another (a
   * draw's prizes and draw records on 抽奖管理: records are never deleted); every one the page has by default.
   */
  operations?: readonly (keyof Omit<ResourcePermissions, 'list'>)[];
  /**
   * A family without a list of its own (政企客户 on 线索明细): its rows are created and edited on these
   * hidden pages of `page`, each guarded by the button of `page` the catalogue says it requires; it has no
   * screen, and so no delete, export or import. Without `edit` a saved row is not changed (a 零售工单).
   */
  forms?: { add: string; edit?: string };
  /**
   * Rules across fields (`check.after('endDate', 'startDate', '应晚于开始日期')`), in the order they are
   * checked: the server's create and update bodies keep to them, an edit with the row's stored values for
   * what it leaves out, imports row by row, and the form shows each under its field before saving.
   */
  checks?: readonly Check<keyof F & string>[];
}

/** What a numeric filter may be: an enumeration's values, a 0/1 flag, or what the field's own input takes. */
function numberFilter(def: FieldDef): z.ZodType<number> {
  const values = def.enumDef?.values ?? (def.kind === 'boolean' ? [0, 1] : undefined);
  const number = z.coerce.number().int();
  if (!values) return number.pipe(def.input as z.ZodType<number, number>);
  return number.refine((value) => values.includes(value), `取值无效，可选值：${values.join('、')}`);
}

/** A list's filter of one field, from the shared builders: nothing the column cannot hold gets through. */
function filterSchema(def: FieldDef): z.ZodType | null {
  const title = def.title;
  switch (def.filter) {
    case undefined:
      return null;
    case 'like':
      return text().trim().max(50).optional().meta({ title });
    case 'in': {
      // A comma-separated list in the query string: `stage=0,1`.
      const allowed = def.enumDef?.values;
      // An enumeration's list is checked against its values, which says more than a bound would.
      const list = numberList(50, allowed ? Number.MAX_SAFE_INTEGER : int4Max);
      const checked = allowed
        ? list.refine(
            (values) => values.every((value) => allowed.includes(value)),
            `取值无效，可选值：${allowed.join('、')}`,
          )
        : list;
      return checked.optional().meta({ title });
    }
    case 'range':
      return dateRange().optional().meta({ title });
    case 'eq':
      if (def.kind === 'enum' || def.kind === 'enums' || def.kind === 'integer' || def.kind === 'boolean') {
        return numberFilter(def).optional().meta({ title });
      }
      // A row of the lookup: the field's own (`ref`), or one of the rows it links to (`refs`).
      if (def.kind === 'ref' || def.kind === 'refs') return idText.optional().meta({ title });
      return text().trim().max(100).optional().meta({ title });
  }
}

/**
 * What the family's page offers, by the catalogue: only operations whose button the page has. A family
 * without editable fields (records written by lifecycle actions) is never created or edited directly: its
 * page's 新增 belongs to an action (还车登记, 调车).
 */
function permissionsOf(
  {
    page,
    operations: only,
    forms,
    import: imports,
  }: Pick<ResourceSpec<never>, 'page' | 'operations' | 'forms' | 'import'>,
  editable: boolean,
): ResourcePermissions {
  const importPage = imports?.page ?? page;
  const route = routesByKey.get(page);
  if (!route || route.hidden) throw new Error(`resource page ${page} is not a sidebar page of the route catalogue`);
  const permissions: ResourcePermissions = { list: route.menuKey };
  if (forms) {
    const requirement = (key: string) => {
      const form = routesByKey.get(key);
      if (!form?.hidden || form.menuKey !== route.menuKey || !form.requiresButton) {
        throw new Error(`form page ${key} is not a hidden page of ${page} requiring one of its buttons`);
      }
      return form.requiresButton;
    };
    return {
      ...permissions,
      create: requirement(forms.add),
      ...(forms.edit ? { update: requirement(forms.edit) } : {}),
    };
  }
  const operations = { create: 'add', update: 'edit', remove: 'delete', export: 'export', import: 'import' } as const;
  for (const [operation, action] of Object.entries(operations)) {
    const key = pageButton(operation === 'import' ? importPage : page, action);
    const taken = only?.includes(operation as keyof typeof operations) ?? true;
    if (key && taken && (editable || (operation !== 'create' && operation !== 'update'))) {
      permissions[operation as keyof typeof operations] = key;
    }
  }
  return permissions;
}

/** A resource declared once; schemas for input, list queries, imports and the shape of exports come from it. */
export function defineResource<
  F extends Record<string, FieldDef>,
  L extends Lifecycle | undefined = Lifecycle | undefined,
>(spec: ResourceSpec<F> & { lifecycle?: L }) {
  const entries = Object.entries(spec.fields) as [keyof F & string, FieldDef][];
  const lifecycleField = spec.lifecycle?.field;
  const permissions = permissionsOf(
    spec,
    entries.some(([name, def]) => def.form && name !== lifecycleField),
  );
  if (lifecycleField && spec.fields[lifecycleField]?.kind !== 'enum') {
    throw new Error(`resource ${spec.key}: lifecycle field ${lifecycleField} is not an enumeration field`);
  }
  for (const [, def] of entries) if (def.lookup) lookupOf(def.lookup);
  const sensitiveFields = entries.filter(([, def]) => def.sensitive).map(([name]) => name);
  if (sensitiveFields.length > 0) {
    const key = pageButton(spec.page, viewSensitiveAction);
    if (!key) throw new Error(`resource ${spec.key}: page ${spec.page} has no ${viewSensitiveAction} button`);
    permissions.viewSensitive = key;
  }
  if (spec.import && !permissions.import)
    throw new Error(`resource ${spec.key}: page ${spec.import.page ?? spec.page} has no import button`);
  const editable = entries.filter(([name, def]) => def.form && name !== lifecycleField);
  const shapeOf = (keep: (def: FieldDef) => boolean) =>
    Object.fromEntries(
      editable
        .filter(([, def]) => keep(def))
        .map(([name, def]) => [name, def.required ? def.input : def.input.nullable().optional()]),
    ) as Record<string, z.ZodType>;
  const sortable = entries.filter(([, def]) => def.sortable).map(([name]) => name);
  for (const [name, expression] of Object.entries(spec.sorts ?? {})) {
    if (name in spec.fields) throw new Error(`resource ${spec.key}: sort ${name} is also a field`);
    for (const term of expression.by) {
      const def = spec.fields[term.field];
      if (!def) throw new Error(`resource ${spec.key}: sort ${name} names no field ${term.field}`);
      if (term.first && !term.first.every((value) => def.enumDef?.has(value))) {
        throw new Error(`resource ${spec.key}: sort ${name} puts first values ${term.field} does not take`);
      }
    }
  }
  const filterShape: Record<string, z.ZodType> = {};
  for (const [name, def] of entries) {
    const schema = filterSchema(def);
    if (schema) filterShape[name] = schema;
  }
  const sortFields = ['id', ...sortable, ...Object.keys(spec.sorts ?? {})] as [string, ...string[]];
  const defaultField = spec.defaultSort.field;
  if (!(defaultField in spec.fields) && !spec.sorts?.[defaultField] && defaultField !== 'id') {
    throw new Error(`resource ${spec.key}: default sort ${defaultField} is neither a field nor a declared sort`);
  }
  const listQuery = z.strictObject({
    ...pageQuery.shape,
    sort: z.enum(sortFields).default(spec.defaultSort.field).meta({ title: '排序字段' }),
    order: z.enum(['asc', 'desc']).default(spec.defaultSort.order).meta({ title: '排序方向' }),
    ...filterShape,
  });
  const checks: readonly Check<keyof F & string>[] = spec.checks ?? [];
  for (const rule of checks) {
    for (const name of checkFields(rule)) {
      if (!editable.some(([field]) => field === name))
        throw new Error(`resource ${spec.key}: check on ${rule.field} names ${name}, which is not an editable field`);
    }
  }
  const createInput = withChecks(z.strictObject(shapeOf(() => true)), checks);
  // An edit leaves out what it does not change: a check on such a field waits for the stored row (`write.ts`).
  const updateInput = withChecks(
    z.strictObject({
      ...shapeOf((def) => !def.createOnly),
      version: versionNumber,
    }),
    checks,
    true,
  );
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
    /** Fields sent masked (`sensitive`): whole only through `…/:id/sensitive/:field`. */
    sensitiveFields,
    checks,
  };
}

export type Resource = ReturnType<typeof defineResource>;

/**
 * Why `values` break the resource's first broken check, worded as the server words a field's problem
 * (`结束日期：应晚于开始日期`), or null.
 */
export function checkProblem(resource: Pick<Resource, 'checks' | 'fields'>, values: Readonly<Record<string, unknown>>) {
  const broken = brokenCheck(resource.checks, values);
  if (!broken) return null;
  return fieldMessage(resource.fields[broken.field]?.title ?? broken.field, broken.message);
}

/** The field `name` of a resource; throws for a name the resource does not declare. */
export function fieldOf(resource: Resource, name: string): FieldDef {
  const def = resource.fields[name];
  if (!def) throw new Error(`${resource.key} has no field ${name}`);
  return def;
}
