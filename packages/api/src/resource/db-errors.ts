import { getTableName } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ApiError, badRequest, businessError, conflict } from '../http/errors';
import type { Row, ServerResource } from './family';

interface DatabaseError {
  code: string;
  constraint?: string;
  column?: string;
  table?: string;
}

/** The database's own error inside what a driver or drizzle threw (drizzle wraps it as the `cause`). */
function databaseErrorOf(error: unknown): DatabaseError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as DatabaseError;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function fieldTitle(family: ServerResource | undefined, field: string | undefined): string | undefined {
  return field ? family?.resource.fields[field]?.title : undefined;
}

/**
 * The field a refused column holds: one of the row's own columns, or of its parent's (a user's name, written
 * by the family's insert hook). The table the database names decides between columns of the same name.
 */
function fieldOfColumn(family: ServerResource | undefined, refused: DatabaseError): string | undefined {
  if (!family || !refused.column) return undefined;
  const columns: [string, PgColumn][] = [
    ...Object.entries(family.own),
    ...Object.entries(family.parent?.columns ?? {}),
  ];
  return columns.find(
    ([name, column]) =>
      column.name === refused.column &&
      family.resource.fields[name] &&
      (!refused.table || getTableName(column.table) === refused.table),
  )?.[0];
}

/**
 * What the database refused, in words: a value another row holds (`车架号 X 已存在`, also when two requests
 * race past every check), a missing value, a number, text or date it cannot hold. Anything else is left as
 * it is. Without a family (the error handler's last line of defence) the words cannot name the field.
 */
export function translateDbError(error: unknown, family?: ServerResource, values?: Readonly<Row>): unknown {
  if (error instanceof ApiError) return error;
  const refused = databaseErrorOf(error);
  if (!refused) return error;
  switch (refused.code) {
    case '23505': {
      const field = refused.constraint ? family?.constraints[refused.constraint] : undefined;
      const title = fieldTitle(family, field);
      if (!title || !field) return businessError('数据已存在，请勿重复提交');
      const value = values?.[field];
      return businessError(typeof value === 'string' && value ? `${title} ${value} 已存在` : `${title}已存在`);
    }
    case '23502': {
      const title = fieldTitle(family, fieldOfColumn(family, refused));
      return badRequest(title ? `${title}：不能为空` : '必填项不能为空');
    }
    case '23503':
      return businessError('关联的数据不存在或已删除');
    case '22003':
      return badRequest('数值超出允许的范围');
    case '22001':
      return badRequest('文本超出允许的长度');
    case '22021':
    case '22P05':
      // Not valid UTF-8 in a text column; \u0000 in a jsonb one.
      return badRequest('文本包含无效字符');
    case '22P02':
      return badRequest('数据格式不正确');
    case '22007':
    case '22008':
      return badRequest('日期或时间无效');
    case '40001':
    case '40P01':
      return conflict();
    default:
      return error;
  }
}

/**
 * For writes outside the resource kit (roles, labels): a unique index's violation as the message the
 * request's own check gives (`角色编码 X 已存在`) when two requests race past that check.
 */
export function translateUnique(error: unknown, messages: Readonly<Record<string, string>>): unknown {
  const refused = databaseErrorOf(error);
  const message = refused?.code === '23505' && refused.constraint ? messages[refused.constraint] : undefined;
  return message ? businessError(message) : translateDbError(error);
}
