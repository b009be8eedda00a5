import { z } from 'zod';

/**
 * The building blocks of every request schema: values as the database stores them. Each refuses, with a
 * message naming the problem, what PostgreSQL would refuse later with an error no one can act on.
 */

/** The largest int4 (`integer` columns: versions, mileage). */
export const int4Max = 2_147_483_647;
/** The largest smallint (enumerations and other codes). */
export const smallintMax = 32_767;

const loneSurrogate = /\p{Cs}/u;

/**
 * Text PostgreSQL can store: no NUL (`text` refuses \u0000) and no half of a surrogate pair (not valid
 * UTF-8). Every text of a request is built on it; chain `.trim()`, `.max()`… as on `z.string()`.
 */
export function text() {
  return z
    .string()
    .refine((value) => !value.includes('\u0000'), { message: '不能包含空字符', abort: true })
    .refine((value) => !loneSurrogate.test(value), { message: '包含无效字符', abort: true });
}

/** An id on the wire: a positive integer that a JavaScript number holds exactly (ids stay below 2^53). */
export function isIdText(value: string): boolean {
  return /^[1-9]\d{0,15}$/.test(value) && Number(value) <= Number.MAX_SAFE_INTEGER;
}

/** The id of a row, as a string: `"42"`. */
export const idText = text().refine(isIdText, '必须是有效的编号');

/** The optimistic-lock version an edit was made on (an int4 column). */
export const versionNumber = z.number().int().min(1).max(int4Max).meta({ title: '版本号' });

/** `YYYY-MM-DD` naming a day of the calendar PostgreSQL keeps (years 1 to 9999; no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A day: `2024-03-01`. */
export function calendarDate() {
  return z.iso.date('应为“年-月-日”，如2024-03-01').refine(isCalendarDate, '不是有效的日期');
}

/** A moment's Beijing day, `YYYY-MM-DD`: China has kept UTC+8 all year since 1991, as `Asia/Shanghai` says. */
export function beijingDay(time: Date): string {
  return new Date(time.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** A moment with its offset: `2024-03-01T08:00:00+08:00`, on a day of the calendar. */
export function moment() {
  return z.iso
    .datetime({ offset: true, error: '应为带时区的时间，如2024-03-01T08:00:00+08:00' })
    .refine((value) => isCalendarDate(value.slice(0, 10)), '不是有效的时间');
}

/** A list filter of days, `开始日期,结束日期`, both real days, in order. */
export function dateRange() {
  return text()
    .regex(/^\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2}$/, '应为“开始日期,结束日期”')
    .transform((raw) => raw.split(',') as [string, string])
    .superRefine((days, ctx) => {
      const wrong = days.find((day) => !isCalendarDate(day));
      if (wrong) ctx.addIssue({ code: 'custom', message: `${wrong} 不是有效的日期` });
      else if (days[0] > days[1]) ctx.addIssue({ code: 'custom', message: '开始日期不能晚于结束日期' });
    });
}

/** A query-string list of numbers, `0,3`: each at most `max` (the column's range), at most `count` of them. */
export function numberList(count: number, max: number, message = '应为以逗号分隔的编号') {
  const digits = String(max).length;
  return text()
    .regex(new RegExp(`^\\d{1,${digits}}(,\\d{1,${digits}}){0,${count - 1}}$`), message)
    .transform((raw) => raw.split(',').map(Number))
    .refine((values) => values.every((value) => value <= max), `不能大于${max}`);
}

/** SPEC §5's hint under a new password; `passwordProblem` checks each of its rules. */
export const passwordHint = '密码长度6-10位，须包含数字、字母、符号中至少两种，不能包含手机号，不能包含空格';

/** Runs of this many digits or more taken from the user's mobile number make a password guessable. */
const mobileRun = 6;

/**
 * Why a new password breaks the hint's rules, or null. A password of at most 10 characters cannot hold a
 * whole 11-digit mobile number, so "不能包含手机号" refuses any run of 6 or more digits of the user's own
 * mobile (its last six, say).
 */
export function passwordProblem(password: string, mobile?: string | null): string | null {
  if (/\s/.test(password)) return '不能包含空格';
  const length = [...password].length;
  if (length < 6 || length > 10) return `长度应为6-10位，当前${length}位`;
  const kinds = [/\d/, /[A-Za-z]/, /[^\dA-Za-z]/].filter((kind) => kind.test(password)).length;
  if (kinds < 2) return '须包含数字、字母、符号中至少两种';
  const digits = mobile?.replace(/\D/g, '') ?? '';
  const runs = password.match(new RegExp(`\\d{${mobileRun},}`, 'g')) ?? [];
  const fromMobile = runs.some((run) => {
    for (let start = 0; start + mobileRun <= run.length; start++) {
      if (digits.includes(run.slice(start, start + mobileRun))) return true;
    }
    return false;
  });
  if (fromMobile) return '不能包含手机号中连续6位以上的数字';
  return null;
}
