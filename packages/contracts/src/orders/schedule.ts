import { isCalendarDate } from '../values';

/**
 * The receivable schedule (应收计划) of a car lease order: one rent row per monthly period.
 *
 * Dates are calendar days of the Beijing calendar written `YYYY-MM-DD`; all arithmetic works on their
 * year/month/day parts (through UTC day numbers), never on local-time `Date`s. Money is integer fen.
 */

/** A stage of stepped rent (阶段): how many periods it lasts and the rent per period, in fen. */
export interface RentStage {
  periods: number;
  rent: number;
}

/** What a lease order fixes about its rent. */
export interface ScheduleInput {
  /** The first day of the lease, `YYYY-MM-DD`. */
  startDate: string;
  /** The term in months, 1 to 120: one period per month. */
  termMonths: number;
  /** 0 fixed (固定租金), 1 stepped (阶梯租金), 2 variable / profit share (浮动租金（分润）, billed on its base rent). */
  rentReceipt: 0 | 1 | 2;
  /** Rent per period in fen, for fixed and variable rent. */
  rent: number;
  /** The stages of stepped rent (required, non-empty, periods adding up to the term); ignored otherwise. */
  stages?: readonly RentStage[];
  /** 期初 (due on the period's first day) or 期末 (due on its last day). */
  timing: 'advance' | 'arrears';
  /** 免租天数: the first N calendar days of the lease are free, 0 to 365. */
  rentFreeDays?: number;
  /**
   * 一次性支付 (租金结算方式 1): the whole term's rent is one receivable — the sum the monthly schedule would
   * have, free days included — due on the lease's first day (advance) or its last (arrears).
   */
  lumpSum?: boolean;
}

/** One period of the schedule. */
export interface ScheduleRow {
  /** 1-based. */
  period: number;
  /** The stage of stepped rent, 1-based; always 1 for fixed and variable rent. */
  stage: number;
  startDate: string;
  /** Inclusive. */
  endDate: string;
  dueDate: string;
  /** Fen, an integer ≥ 0. */
  amount: number;
}

/** An input the schedule cannot be made from; the message (Chinese) names the field and the problem. */
export class ScheduleError extends Error {
  override name = 'ScheduleError';
}

const maxTermMonths = 120;
const maxRentFreeDays = 365;
const maxExtraMonths = 60;

// ---------------------------------------------------------------------------------------------------------
// Calendar arithmetic. A day is handled as its day number (days since 1970-01-01, UTC); strings only at the
// edges.

interface Ymd {
  year: number;
  month: number; // 1..12
  day: number;
}

function parseDate(date: string, message = `日期无效：${date}`): Ymd {
  if (typeof date !== 'string' || !isCalendarDate(date)) throw new ScheduleError(message);
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

/** The day number of a date; month and day may overflow (they roll over as in `Date.UTC`). */
function dayNumber(year: number, month: number, day: number): number {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps the years 0–99 as they are.
  date.setUTCFullYear(year, month - 1, day);
  return Math.round(date.getTime() / 86_400_000);
}

/** The days PostgreSQL (and `isCalendarDate`) know: 0001-01-01 to 9999-12-31. */
const calendarStart = dayNumber(1, 1, 1);
const calendarEnd = dayNumber(9999, 12, 31);

function formatDay(dayNo: number): string {
  if (dayNo < calendarStart || dayNo > calendarEnd) throw new ScheduleError('日期超出范围（0001-01-01至9999-12-31）');
  const date = new Date(dayNo * 86_400_000);
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The day number `months` months after `date`, on the same day of month, clamped to the month's end. */
function monthsLater(date: Ymd, months: number): number {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return dayNumber(year, month, Math.min(date.day, daysInMonth(year, month)));
}

function requireInteger(value: number, message: string): void {
  if (!Number.isSafeInteger(value)) throw new ScheduleError(message);
}

/** Adds months to a calendar date, clamping to the month's end ('2026-01-31' + 1 → '2026-02-28'). */
export function addMonthsClamped(date: string, months: number): string {
  requireInteger(months, '月数应为整数');
  return formatDay(monthsLater(parseDate(date), months));
}

/** Calendar days between two dates (b - a), e.g. daysBetween('2026-01-01','2026-01-31') === 30. */
export function daysBetween(a: string, b: string): number {
  const from = parseDate(a);
  const to = parseDate(b);
  return dayNumber(to.year, to.month, to.day) - dayNumber(from.year, from.month, from.day);
}

/** The day after/before: addDays('2026-02-28', 1) === '2026-03-01'. */
export function addDays(date: string, days: number): string {
  requireInteger(days, '天数应为整数');
  const { year, month, day } = parseDate(date);
  return formatDay(dayNumber(year, month, day) + days);
}

// ---------------------------------------------------------------------------------------------------------
// The schedule.

const rentMessage = '租金：应为不小于0的整数（分）';

function isRent(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

/**
 * The rent of each period with its stage, after checking the input: for stepped rent each stage's rent
 * repeats for its periods; fixed and variable rent are one stage of the whole term.
 */
function periodRents(input: ScheduleInput): { stage: number; rent: number }[] {
  if (input.rentReceipt !== 1) {
    if (!isRent(input.rent)) throw new ScheduleError(rentMessage);
    return Array.from({ length: input.termMonths }, () => ({ stage: 1, rent: input.rent }));
  }
  const stages: readonly RentStage[] = Array.isArray(input.stages) ? input.stages : [];
  if (stages.length === 0) throw new ScheduleError('阶梯租金：请填写各阶段');
  const rents: { stage: number; rent: number }[] = [];
  stages.forEach(({ periods, rent }, index) => {
    const stage = index + 1;
    if (!Number.isSafeInteger(periods) || periods < 1) {
      throw new ScheduleError(`阶梯租金：第${stage}阶段期数应为正整数`);
    }
    if (!isRent(rent)) throw new ScheduleError(`阶梯租金：第${stage}阶段租金应为不小于0的整数（分）`);
    // Stop filling past the term: the sum check below speaks for a wrong total, however large.
    for (let i = 0; i < periods && rents.length < input.termMonths; i++) rents.push({ stage, rent });
  });
  const total = stages.reduce((sum, stage) => sum + stage.periods, 0);
  if (total !== input.termMonths) {
    throw new ScheduleError(`阶梯租金：各阶段期数之和（${total}）应等于租期（${input.termMonths}）`);
  }
  return rents;
}

/** round-half-up(amount × part / whole) in exact integer arithmetic (amount ≥ 0, 0 ≤ part ≤ whole ≤ 31). */
function proRata(amount: number, part: number, whole: number): number {
  const quotient = Math.floor(amount / whole);
  const remainder = amount - quotient * whole;
  return quotient * part + Math.floor((2 * remainder * part + whole) / (2 * whole));
}

/**
 * The receivable schedule of a lease: one row per monthly period.
 *
 * - Period n starts n-1 months after the start date, on the start's day of month clamped to the month's end
 *   (always from the original day: 01-31 → 02-28 → 03-31); it ends the day before the next period starts.
 * - Due on the period's first day (advance, 期初) or its last day (arrears, 期末).
 * - Rent-free days: the first `rentFreeDays` days of the lease are free; a period with f free days out of its
 *   d days is reduced by round-half-up(amount × f / d) fen, so a wholly free period is due 0.
 *
 * - 一次性支付 (`lumpSum`): one row for the whole term, its amount the sum of the monthly rows.
 *
 * Throws ScheduleError with a Chinese message naming the problem when the input is inconsistent.
 */
export function rentSchedule(input: ScheduleInput): ScheduleRow[] {
  const monthly = monthlySchedule(input);
  return input.lumpSum ? lumpSumOf(monthly, input.timing, 1) : monthly;
}

/** Rows gathered into one: from the first's start to the last's end, their amounts added up. */
function lumpSumOf(rows: readonly ScheduleRow[], timing: ScheduleInput['timing'], period: number): ScheduleRow[] {
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last) return [];
  return [
    {
      period,
      stage: first.stage,
      startDate: first.startDate,
      endDate: last.endDate,
      dueDate: timing === 'advance' ? first.startDate : last.endDate,
      amount: rows.reduce((sum, row) => sum + row.amount, 0),
    },
  ];
}

function monthlySchedule(input: ScheduleInput): ScheduleRow[] {
  const start = parseDate(input.startDate, '开始日期：日期无效');
  const term = input.termMonths;
  if (!Number.isInteger(term) || term < 1 || term > maxTermMonths) throw new ScheduleError('租期：应为1到120个月');
  if (input.rentReceipt !== 0 && input.rentReceipt !== 1 && input.rentReceipt !== 2) {
    throw new ScheduleError('租金收取方式：应为固定、阶梯或浮动租金');
  }
  if (input.timing !== 'advance' && input.timing !== 'arrears') throw new ScheduleError('付款时间：应为期初或期末');
  const rents = periodRents(input);
  const rentFreeDays = input.rentFreeDays ?? 0;
  if (!Number.isInteger(rentFreeDays) || rentFreeDays < 0 || rentFreeDays > maxRentFreeDays) {
    throw new ScheduleError('免租天数：应为0到365天');
  }
  if (monthsLater(start, term) - 1 > calendarEnd) throw new ScheduleError('租期：结束日期不能晚于9999-12-31');

  const firstDay = monthsLater(start, 0);
  const freeUntil = firstDay + rentFreeDays; // the first day that is not free
  const rows: ScheduleRow[] = [];
  let periodStart = firstDay;
  rents.forEach(({ stage, rent }, index) => {
    const nextStart = monthsLater(start, index + 1);
    const days = nextStart - periodStart;
    const freeDays = Math.min(Math.max(freeUntil - periodStart, 0), days);
    const startDate = formatDay(periodStart);
    const endDate = formatDay(nextStart - 1);
    rows.push({
      period: index + 1,
      stage,
      startDate,
      endDate,
      dueDate: input.timing === 'advance' ? startDate : endDate,
      amount: rent - proRata(rent, freeDays, days),
    });
    periodStart = nextStart;
  });
  return rows;
}

/**
 * Extension (延期, delayOrder): the schedule after extending the term by `extraMonths` from `today`:
 * rows whose dueDate is before `today` (already due) are kept unchanged; the rest are regenerated for the new
 * term (same start, term + extraMonths, same stages with the last stage's periods lengthened by extraMonths
 * for stepped rent). Answer the full new schedule.
 *
 * The rows already due must be periods 1..k of `existing` (due dates rise with the period); the answer is
 * those k rows followed by periods k+1.. of the regenerated schedule. The extended term stays within 120
 * months, as every order term does.
 */
export function extendSchedule(
  input: ScheduleInput,
  existing: readonly ScheduleRow[],
  extraMonths: number,
  today: string,
): ScheduleRow[] {
  rentSchedule(input); // the order as it stands must be consistent before it is extended
  if (!Number.isInteger(extraMonths) || extraMonths < 1 || extraMonths > maxExtraMonths) {
    throw new ScheduleError('延期月数：应为1到60个月');
  }
  parseDate(today, '当前日期：日期无效');
  const termMonths = input.termMonths + extraMonths;
  if (termMonths > maxTermMonths) {
    throw new ScheduleError(`延期月数：延期后租期（${termMonths}个月）不能超过120个月`);
  }

  const kept = existing.filter((row) => row.dueDate < today).sort((a, b) => a.period - b.period);
  if (kept.some((row, index) => row.period !== index + 1)) {
    throw new ScheduleError('应收计划：已到期的各期应从第1期起连续');
  }
  const extended: ScheduleInput = { ...input, termMonths };
  if (input.rentReceipt === 1 && input.stages) {
    extended.stages = input.stages.map((stage, index, all) =>
      index === all.length - 1 ? { ...stage, periods: stage.periods + extraMonths } : { ...stage },
    );
  }
  if (input.lumpSum && kept.length > 0) {
    // 一次性支付 already due: the extra months are one more receivable, for them alone.
    const extra = monthlySchedule(extended).filter((row) => row.period > input.termMonths);
    return [...kept.map((row) => ({ ...row })), ...lumpSumOf(extra, input.timing, kept.length + 1)];
  }
  const regenerated = rentSchedule(extended).filter((row) => row.period > kept.length);
  return [...kept.map((row) => ({ ...row })), ...regenerated];
}

/** The last day of a lease of `termMonths` from `startDate`: the day before the same day `termMonths` later (clamped). */
export function leaseEndDate(startDate: string, termMonths: number): string {
  return addDays(addMonthsClamped(startDate, termMonths), -1);
}
