import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index';
import { dateRange, idText, isCalendarDate, numberList, text } from './values';

const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('text', () => {
  it('refuses NUL and lone surrogates, keeps every other character', () => {
    expect(firstMessage(text(), 'a\u0000b')).toBe('不能包含空字符');
    expect(firstMessage(text(), '\ud800')).toBe('包含无效字符');
    expect(firstMessage(text(), 'x\udfffy')).toBe('包含无效字符');
    expect(text().parse('车😀\t\n')).toBe('车😀\t\n');
  });

  it('names the character before the chained checks speak', () => {
    expect(firstMessage(text().trim().max(2), 'abc\u0000')).toBe('不能包含空字符');
  });
});

describe('ids, days and lists', () => {
  it('an id is a positive integer a JavaScript number holds exactly', () => {
    expect(idText.safeParse('9007199254740991').success).toBe(true);
    for (const bad of ['0', '-1', 'abc', '01', '9007199254740993', '99999999999999999999', '1.5']) {
      expect(firstMessage(idText, bad), bad).toBe('必须是有效的编号');
    }
  });

  it('a day of the calendar, leap years included', () => {
    expect(['2024-02-29', '0001-01-01', '9999-12-31'].every(isCalendarDate)).toBe(true);
    expect(
      ['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '0000-01-01', '2026-1-1'].some(isCalendarDate),
    ).toBe(false);
  });

  it('a date range names the day that does not exist', () => {
    expect(dateRange().parse('2026-02-01,2026-02-28')).toEqual(['2026-02-01', '2026-02-28']);
    expect(firstMessage(dateRange(), '2026-02-30,2026-03-01')).toBe('2026-02-30 不是有效的日期');
    expect(firstMessage(dateRange(), '2026-03-01,2026-02-01')).toBe('开始日期不能晚于结束日期');
  });

  it('a number list stays within its column', () => {
    expect(numberList(3, 32_767).parse('0,7,32767')).toEqual([0, 7, 32_767]);
    expect(firstMessage(numberList(3, 32_767), '32768')).toBe('不能大于32767');
    expect(firstMessage(numberList(3, 32_767), '999999')).toBe('应为以逗号分隔的编号');
    expect(firstMessage(numberList(3, 32_767), '1,2,3,4')).toBe('应为以逗号分隔的编号');
  });
});

/** Every string schema inside `value` (a schema, a resource, a screen, a lifecycle…), each once. */
function stringSchemas(value: unknown, found = new Set<z.ZodType>(), seen = new Set<unknown>()): Set<z.ZodType> {
  if (!value || typeof value !== 'object' || seen.has(value)) return found;
  seen.add(value);
  if (value instanceof z.ZodType) {
    const def = (value as unknown as { def: Record<string, unknown> }).def;
    if (def.type === 'string') found.add(value);
    for (const inner of [def.innerType, def.in, def.out, def.element, def.valueType, def.shape, def.options]) {
      stringSchemas(inner, found, seen);
    }
    return found;
  }
  for (const inner of Array.isArray(value) ? value : Object.values(value)) stringSchemas(inner, found, seen);
  return found;
}

describe('every text a request carries', () => {
  it('is built on text(): no schema of the contracts lets NUL or a lone surrogate through to the database', () => {
    const schemas = stringSchemas(contracts);
    expect(schemas.size).toBeGreaterThan(40);
    const leaks = [...schemas].flatMap((schema) => {
      const title = (schema.meta()?.title as string | undefined) ?? schema.description ?? '(untitled)';
      // ISO dates and moments refuse both by their format; any other text says so in the shared words.
      const iso = Boolean((schema as unknown as { def: { format?: string } }).def.format);
      return [
        ['a\u0000', '不能包含空字符'],
        ['\ud800', '包含无效字符'],
      ].flatMap(([input, words]) => {
        const message = firstMessage(schema, input);
        return (iso ? message !== undefined : message === words)
          ? []
          : [`${title}: ${JSON.stringify(input)} → ${message}`];
      });
    });
    expect(leaks).toEqual([]);
  });
});
