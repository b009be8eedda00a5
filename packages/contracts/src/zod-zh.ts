import { z } from 'zod';

const typeNames: Record<string, string> = {
  string: '文本',
  number: '数字',
  int: '整数',
  boolean: '布尔值',
  array: '列表',
  object: '对象',
  date: '日期',
  bigint: '整数',
};

function sizeLimit(origin: string | undefined, bound: number | bigint, min: boolean, inclusive: boolean): string {
  const n = Number(bound);
  if (origin === 'string') return min ? `长度不能少于${n}个字符` : `长度不能超过${n}个字符`;
  if (origin === 'array' || origin === 'set') return min ? `至少需要${n}项` : `不能超过${n}项`;
  if (min) return inclusive ? `不能小于${n}` : `必须大于${n}`;
  return inclusive ? `不能大于${n}` : `必须小于${n}`;
}

/** Chinese default messages for every schema that gives none of its own. Field names are added by the caller. */
const chineseIssueMessage = (issue: z.core.$ZodRawIssue): string | undefined => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return '不能为空';
      return `类型错误，应为${typeNames[issue.expected] ?? issue.expected}`;
    case 'too_small':
      return sizeLimit(issue.origin, issue.minimum, true, issue.inclusive ?? true);
    case 'too_big':
      return sizeLimit(issue.origin, issue.maximum, false, issue.inclusive ?? true);
    case 'invalid_format':
      return '格式不正确';
    case 'invalid_value':
      return `取值无效，可选值：${issue.values.map(String).join('、')}`;
    case 'unrecognized_keys':
      return `不支持的字段：${issue.keys.join('、')}`;
    case 'not_multiple_of':
      return `必须是${String(issue.divisor)}的倍数`;
    case 'invalid_union':
      return '取值无效';
    default:
      return '取值无效';
  }
};

z.config({ customError: chineseIssueMessage });
