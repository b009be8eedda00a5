import { describeIssues, type FieldDef, fieldMessage, type Resource, titleInYuan } from '@cp/contracts';
import type { FormRule } from 'antd';
import type { z } from 'zod';
import { formTitle } from './format';

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** The Chinese title a schema declares with `.meta({ title })`. */
function schemaTitle(schema: z.ZodType): string | undefined {
  // A title declared before `.optional()` (or a default) sits on the wrapped schema.
  let current = schema as unknown as { def: { innerType?: unknown }; meta(): { title?: unknown } | undefined };
  for (;;) {
    const title = current.meta()?.title;
    if (typeof title === 'string') return title;
    if (!current.def.innerType) return undefined;
    current = current.def.innerType as typeof current;
  }
}

/** Whether a schema is an amount in fen (`moneyAmount`, `fields.money`): people type it in yuan. */
function isMoneySchema(schema: z.ZodType): boolean {
  let current = schema as unknown as { def: { innerType?: unknown }; meta(): { money?: unknown } | undefined };
  for (;;) {
    if (current.meta()?.money === true) return true;
    if (!current.def.innerType) return false;
    current = current.def.innerType as typeof current;
  }
}

/** A body field's label: its title, and for an amount the unit it is typed in (`承诺还款金额（元）`). */
export function schemaLabel(schema: z.ZodType): string | undefined {
  const title = schemaTitle(schema);
  return title !== undefined && isMoneySchema(schema) ? titleInYuan(title) : title;
}

/** Why `value` fails `schema`, worded as the server words it (`车架号：应为17位…`), or null. */
export function schemaProblem(schema: z.ZodType, value: unknown, title = schemaTitle(schema)): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (!issue) return '格式不正确';
  // A problem inside a list (`检查项：不能为空`) is named by the inner field's title.
  if (issue.path.length > 0) return describeIssues(schema, [issue]);
  return title ? fieldMessage(title, issue.message) : issue.message;
}

/** An antd rule from a contracts schema; empty values are left to the `required` rule. */
export function schemaRule(schema: z.ZodType, title?: string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (isBlank(value)) return;
      const problem = schemaProblem(schema, value, title ?? schemaTitle(schema));
      if (problem) throw new Error(problem);
    },
  };
}

const chosen: ReadonlySet<FieldDef['kind']> = new Set(['enum', 'enums', 'ref', 'refs', 'date', 'datetime', 'boolean']);

/**
 * What an empty field asks for, by its kind — the one rule for every form, search panel and action dialog:
 * 请输入 what is typed, 请选择 what is picked (a list, a lookup, a date, a switch), 请上传 files.
 */
function promptVerb(kind: FieldDef['kind']): '请输入' | '请选择' | '请上传' {
  if (kind === 'files') return '请上传';
  return chosen.has(kind) ? '请选择' : '请输入';
}

/** `请输入车牌号` / `请选择城市` / `请上传附件`: the placeholder of an empty field and the words of a required one. */
export function promptOf(kind: FieldDef['kind'], title: string): string {
  return `${promptVerb(kind)}${title}`;
}

/** `请输入车架号` / `请选择车型`: what an empty required field of a resource says (money in yuan). */
export function requiredMessage(def: Pick<FieldDef, 'kind' | 'title'>): string {
  return promptOf(def.kind, formTitle(def));
}

/** The rules of a resource field in a form: required, then the field's own schema. */
export function fieldRules(def: FieldDef): FormRule[] {
  const rules: FormRule[] = [schemaRule(def.input, formTitle(def))];
  if (def.required) rules.unshift({ required: true, message: requiredMessage(def) });
  return rules;
}

/**
 * The resource's declared checks whose message goes under field `name`, as rules reading the whole form (the
 * server's words: `结束日期：应晚于开始日期`), and the fields they read — the form item's `dependencies`, so the
 * message comes and goes as either field changes.
 */
export function checkRules(
  resource: Pick<Resource, 'checks' | 'fields'>,
  name: string,
): { rules: FormRule[]; dependencies: string[] } {
  const own = resource.checks.filter((rule) => rule.field === name);
  const def = resource.fields[name];
  if (own.length === 0 || !def) return { rules: [], dependencies: [] };
  const rules = own.map(
    (rule): FormRule =>
      ({ getFieldsValue }) => ({
        validator: async () => {
          if (!rule.test(getFieldsValue(true))) throw new Error(fieldMessage(formTitle(def), rule.message));
        },
      }),
  );
  return { rules, dependencies: [...new Set(own.flatMap((rule) => rule.reads))] };
}

/** Parses a whole form with its request schema: the parsed body, or the first problem as the server words it. */
export function parseForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.output<S> } | { ok: false; message: string } {
  const result = schema.safeParse(values);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, message: describeIssues(schema, result.error.issues) };
}
