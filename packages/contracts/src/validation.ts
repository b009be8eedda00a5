import { z } from 'zod';

function unwrap(schema: z.ZodType): z.ZodType {
  let current: z.ZodType = schema;
  for (let depth = 0; depth < 10; depth++) {
    const def = (current as unknown as { def: { type: string; innerType?: z.ZodType; in?: z.ZodType } }).def;
    if (def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else break;
  }
  return current;
}

function titleOf(schema: z.ZodType): string | undefined {
  const meta = schema.meta() ?? unwrap(schema).meta();
  return (meta?.title as string | undefined) ?? schema.description;
}

/** The Chinese title of the field at `path`, from the schemas' `.meta({ title })`, or the path itself. */
export function fieldLabel(schema: z.ZodType, path: readonly PropertyKey[]): string {
  let current: z.ZodType | undefined = schema;
  let label: string | undefined;
  for (const key of path) {
    const inner: z.ZodType | undefined = current ? unwrap(current) : undefined;
    if (inner instanceof z.ZodObject) current = inner.shape[String(key)] as z.ZodType | undefined;
    else if (inner instanceof z.ZodArray) current = inner.element as z.ZodType;
    else current = undefined;
    label = (current ? titleOf(current) : undefined) ?? label;
  }
  return label ?? path.map(String).join('.');
}

/**
 * A field's problem as the server and the web form both say it: the title, then what is wrong and what is
 * expected (`车牌号：格式不正确，应为“京A12345”…`). Checks word their messages to follow the title; one that
 * names the field itself anyway is not prefixed again (never `车牌号：车牌号…`).
 */
export function fieldMessage(label: string, message: string): string {
  return message.startsWith(label) ? message : `${label}：${message}`;
}

/** One sentence naming the first failing field: `登录账号：不能为空`. */
export function describeIssues(schema: z.ZodType, issues: readonly z.core.$ZodIssue[]): string {
  const issue = issues[0];
  if (!issue) return '请求参数错误';
  if (issue.path.length === 0) return issue.message;
  return fieldMessage(fieldLabel(schema, issue.path), issue.message);
}
