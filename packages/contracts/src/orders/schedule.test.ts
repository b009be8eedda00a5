import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonthsClamped,
  daysBetween,
  extendSchedule,
  rentSchedule,
  ScheduleError,
  type ScheduleInput,
  type ScheduleRow,
} from './schedule';

const fixed: ScheduleInput = {
  startDate: '2026-03-15',
  termMonths: 12,
  rentReceipt: 0,
  rent: 350_000,
  timing: 'advance',
};

/** Rows from [start, end] pairs, due on the start (advance) or the end (arrears). */
function rowsOf(
  periods: readonly (readonly [string, string])[],
  timing: 'advance' | 'arrears',
  amount: number | readonly number[],
  stage: number | readonly number[] = 1,
): ScheduleRow[] {
  const pick = (value: number | readonly number[], index: number) =>
    typeof value === 'number' ? value : (value[index] as number);
  return periods.map(([startDate, endDate], index) => ({
    period: index + 1,
    stage: pick(stage, index),
    startDate,
    endDate,
    dueDate: timing === 'advance' ? startDate : endDate,
    amount: pick(amount, index),
  }));
}

/** The error `run` throws, checked to be a ScheduleError. */
function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ScheduleError);
    return (error as Error).message;
  }
  throw new Error('expected a ScheduleError');
}

// An oracle independent of the module: plain UTC dates (the years tested here are all ≥ 1970).
const utc = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8)));
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = 86_400_000;
const monthEnd = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate(); // month 1..12

/** The start + n months, clamped, computed by the oracle. */
function oracleMonthsLater(start: string, n: number): string {
  const index = Number(start.slice(0, 4)) * 12 + Number(start.slice(5, 7)) - 1 + n;
  const [year, month] = [Math.floor(index / 12), (index % 12) + 1];
  return iso(Date.UTC(year, month - 1, Math.min(Number(start.slice(8)), monthEnd(year, month))));
}

/**
 * What is wrong with the tiling of `rows` (none: `[]`). The first row starts on the start date, each starts
 * the day after the previous one ends and on the start's day of month (clamped), the last ends the day
 * before start + term; due dates follow the timing; amounts are integer fen ≥ 0. Answers problems rather than
 * asserting row by row, so the loop over thousands of schedules stays fast.
 */
function tilingProblems(input: ScheduleInput, rows: readonly ScheduleRow[]): string[] {
  const problems: string[] = [];
  const where = `${input.startDate} × ${input.termMonths}`;
  if (rows.length !== input.termMonths) problems.push(`${where}: ${rows.length} rows`);
  rows.forEach((row, index) => {
    const at = `${where} period ${index + 1}`;
    if (row.period !== index + 1) problems.push(`${at}: numbered ${row.period}`);
    if (row.startDate !== oracleMonthsLater(input.startDate, index)) problems.push(`${at}: starts ${row.startDate}`);
    const previous = rows[index - 1];
    if (previous && utc(row.startDate) - utc(previous.endDate) !== dayMs) {
      problems.push(`${at}: starts ${row.startDate} after ${previous.endDate}`);
    }
    if (utc(row.endDate) < utc(row.startDate) + 27 * dayMs) problems.push(`${at}: ends ${row.endDate}`);
    if (row.dueDate !== (input.timing === 'advance' ? row.startDate : row.endDate)) {
      problems.push(`${at}: due ${row.dueDate}`);
    }
    if (!Number.isInteger(row.amount) || row.amount < 0) problems.push(`${at}: amount ${row.amount}`);
  });
  const lastEnd = iso(utc(oracleMonthsLater(input.startDate, input.termMonths)) - dayMs);
  if (rows.at(-1)?.endDate !== lastEnd) problems.push(`${where}: ends ${rows.at(-1)?.endDate}, not ${lastEnd}`);
  return problems;
}

describe('calendar helpers', () => {
  it('adds months clamped to the month end, always from the original day', () => {
    expect(addMonthsClamped('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsClamped('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonthsClamped('2026-01-31', 3)).toBe('2026-04-30');
    expect(addMonthsClamped('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsClamped('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonthsClamped('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonthsClamped('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonthsClamped('2026-05-15', 0)).toBe('2026-05-15');
    expect(addMonthsClamped('0001-01-31', 1)).toBe('0001-02-28');
  });

  it('counts and adds calendar days across months, years and leap days', () => {
    expect(daysBetween('2026-01-01', '2026-01-31')).toBe(30);
    expect(daysBetween('2026-01-31', '2026-01-01')).toBe(-30);
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysBetween('2028-01-01', '2029-01-01')).toBe(366);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2); // no daylight-saving surprises
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
  });

  it('refuses days that do not exist and results off the calendar', () => {
    expect(errorOf(() => addDays('2026-02-30', 1))).toBe('日期无效：2026-02-30');
    expect(errorOf(() => daysBetween('2026-01-01', '2026-1-2'))).toBe('日期无效：2026-1-2');
    expect(errorOf(() => addMonthsClamped('2026-01-01', 1.5))).toBe('月数应为整数');
    expect(errorOf(() => addDays('9999-12-31', 1))).toBe('日期超出范围（0001-01-01至9999-12-31）');
  });
});

describe('rentSchedule', () => {
  const twelve = [
    ['2026-03-15', '2026-04-14'],
    ['2026-04-15', '2026-05-14'],
    ['2026-05-15', '2026-06-14'],
    ['2026-06-15', '2026-07-14'],
    ['2026-07-15', '2026-08-14'],
    ['2026-08-15', '2026-09-14'],
    ['2026-09-15', '2026-10-14'],
    ['2026-10-15', '2026-11-14'],
    ['2026-11-15', '2026-12-14'],
    ['2026-12-15', '2027-01-14'],
    ['2027-01-15', '2027-02-14'],
    ['2027-02-15', '2027-03-14'],
  ] as const;

  it('fixed rent, 12 months in advance: due on each period’s first day', () => {
    expect(rentSchedule(fixed)).toEqual(rowsOf(twelve, 'advance', 350_000));
  });

  it('fixed rent, 12 months in arrears: due on each period’s last day', () => {
    expect(rentSchedule({ ...fixed, timing: 'arrears' })).toEqual(rowsOf(twelve, 'arrears', 350_000));
  });

  it('variable rent (profit share) is billed on its base rent, like fixed', () => {
    expect(rentSchedule({ ...fixed, rentReceipt: 2 })).toEqual(rowsOf(twelve, 'advance', 350_000));
  });

  it('a start on the 31st clamps each period to its month’s end', () => {
    const input: ScheduleInput = { ...fixed, startDate: '2026-01-31', termMonths: 4, timing: 'arrears' };
    const periods = [
      ['2026-01-31', '2026-02-27'],
      ['2026-02-28', '2026-03-30'],
      ['2026-03-31', '2026-04-29'],
      ['2026-04-30', '2026-05-30'],
    ] as const;
    expect(rentSchedule(input)).toEqual(rowsOf(periods, 'arrears', 350_000));
  });

  it('in a leap year the 31st clamps to 29 February', () => {
    const input: ScheduleInput = { ...fixed, startDate: '2028-01-31', termMonths: 3 };
    const periods = [
      ['2028-01-31', '2028-02-28'],
      ['2028-02-29', '2028-03-30'],
      ['2028-03-31', '2028-04-29'],
    ] as const;
    expect(rentSchedule(input)).toEqual(rowsOf(periods, 'advance', 350_000));
  });

  it('stepped rent: each row carries its stage and the stage’s rent', () => {
    const input: ScheduleInput = {
      startDate: '2026-01-10',
      termMonths: 12,
      rentReceipt: 1,
      rent: 0,
      stages: [
        { periods: 3, rent: 300_000 },
        { periods: 3, rent: 350_000 },
        { periods: 6, rent: 400_000 },
      ],
      timing: 'advance',
    };
    const rows = rentSchedule(input);
    expect(rows.map((row) => [row.period, row.stage, row.amount])).toEqual([
      [1, 1, 300_000],
      [2, 1, 300_000],
      [3, 1, 300_000],
      [4, 2, 350_000],
      [5, 2, 350_000],
      [6, 2, 350_000],
      [7, 3, 400_000],
      [8, 3, 400_000],
      [9, 3, 400_000],
      [10, 3, 400_000],
      [11, 3, 400_000],
      [12, 3, 400_000],
    ]);
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(3 * 300_000 + 3 * 350_000 + 6 * 400_000);
    expect(rows[3]).toEqual({
      period: 4,
      stage: 2,
      startDate: '2026-04-10',
      endDate: '2026-05-09',
      dueDate: '2026-04-10',
      amount: 350_000,
    });
    expect(tilingProblems(input, rows)).toEqual([]);
  });

  it('stepped rent ignores the flat rent field', () => {
    const input: ScheduleInput = {
      ...fixed,
      termMonths: 2,
      rentReceipt: 1,
      rent: -1,
      stages: [
        { periods: 1, rent: 1 },
        { periods: 1, rent: 2 },
      ],
    };
    expect(rentSchedule(input).map((row) => row.amount)).toEqual([1, 2]);
  });

  describe('rent-free days', () => {
    it('free days within period 1 reduce it pro rata, rounded to the fen', () => {
      // 10 of March's 31 days free: 100000 × 10 / 31 = 32258.06 → 32258 off.
      const input: ScheduleInput = {
        ...fixed,
        startDate: '2026-03-01',
        termMonths: 2,
        rent: 100_000,
        rentFreeDays: 10,
      };
      const periods = [
        ['2026-03-01', '2026-03-31'],
        ['2026-04-01', '2026-04-30'],
      ] as const;
      expect(rentSchedule(input)).toEqual(rowsOf(periods, 'advance', [67_742, 100_000]));
    });

    it('a half fen rounds up', () => {
      // 7 of February's 28 days free: 100002 × 7 / 28 = 25000.5 → 25001 off (not 25000: half-up, not half-even).
      const input: ScheduleInput = { ...fixed, startDate: '2026-02-01', termMonths: 1, rent: 100_002, rentFreeDays: 7 };
      expect(rentSchedule(input)).toEqual(rowsOf([['2026-02-01', '2026-02-28']], 'advance', 75_001));
    });

    it('free days spanning into period 2: period 1 is 0, period 2 is reduced, period 3 is whole', () => {
      // 45 free days from 01-15 cover 01-15..02-28: all 31 days of period 1, 14 of period 2's 28 days.
      // 299999 × 14 / 28 = 149999.5 → 150000 off.
      const input: ScheduleInput = {
        ...fixed,
        startDate: '2026-01-15',
        termMonths: 3,
        rent: 299_999,
        rentFreeDays: 45,
        timing: 'arrears',
      };
      const periods = [
        ['2026-01-15', '2026-02-14'],
        ['2026-02-15', '2026-03-14'],
        ['2026-03-15', '2026-04-14'],
      ] as const;
      const rows = rentSchedule(input);
      expect(rows).toEqual(rowsOf(periods, 'arrears', [0, 149_999, 299_999]));
      expect(rows.every((row) => Number.isInteger(row.amount))).toBe(true);
    });

    it('a whole free year keeps its rows at 0', () => {
      const input: ScheduleInput = { ...fixed, startDate: '2026-01-01', termMonths: 13, rentFreeDays: 365 };
      expect(rentSchedule(input).map((row) => row.amount)).toEqual([...Array(12).fill(0), 350_000]);
    });

    it('reduce the stage the free days fall in (stepped)', () => {
      const input: ScheduleInput = {
        ...fixed,
        startDate: '2026-04-01',
        termMonths: 3,
        rentReceipt: 1,
        stages: [
          { periods: 1, rent: 30_000 },
          { periods: 2, rent: 60_000 },
        ],
        rentFreeDays: 40, // April's 30 days, then 10 of May's 31: 60000 × 10 / 31 = 19354.84 → 19355 off
      };
      expect(rentSchedule(input).map((row) => [row.stage, row.amount])).toEqual([
        [1, 0],
        [2, 40_645],
        [2, 60_000],
      ]);
    });
  });

  it('tiles every start day of 2026 and 2028 for terms 1 to 36, each period billed its pro-rata rent', () => {
    const problems: string[] = [];
    let schedules = 0;
    for (const year of [2026, 2028]) {
      for (let day = Date.UTC(year, 0, 1); day < Date.UTC(year + 1, 0, 1); day += dayMs) {
        for (let termMonths = 1; termMonths <= 36; termMonths++) {
          const rentFreeDays = (schedules * 37) % 366;
          const input: ScheduleInput = {
            startDate: iso(day),
            termMonths,
            rentReceipt: 0,
            rent: 123_457,
            timing: schedules % 2 === 0 ? 'advance' : 'arrears',
            rentFreeDays,
          };
          const rows = rentSchedule(input);
          problems.push(...tilingProblems(input, rows));
          const freeUntil = day + rentFreeDays * dayMs; // the first day not free
          // The rule by floating point (exact enough here: a true half is exact, anything else is ≥ 1/62 away).
          for (const row of rows) {
            const days = (utc(row.endDate) - utc(row.startDate)) / dayMs + 1;
            const free = Math.min(Math.max((freeUntil - utc(row.startDate)) / dayMs, 0), days);
            const expected = 123_457 - Math.round((123_457 * free) / days);
            if (row.amount !== expected) {
              problems.push(`${input.startDate} × ${termMonths} period ${row.period}: ${row.amount}, not ${expected}`);
            }
          }
          schedules++;
        }
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(schedules).toBe((365 + 366) * 36);
  }, 30_000); // about half a million rows: a couple of seconds, more on a busy machine

  describe('refuses an inconsistent input with a message naming the problem', () => {
    const stepped: ScheduleInput = {
      ...fixed,
      rentReceipt: 1,
      stages: [
        { periods: 6, rent: 1 },
        { periods: 6, rent: 2 },
      ],
    };
    const cases: [string, ScheduleInput, string][] = [
      ['a day that does not exist', { ...fixed, startDate: '2026-02-30' }, '开始日期：日期无效'],
      ['a malformed date', { ...fixed, startDate: '2026-3-15' }, '开始日期：日期无效'],
      ['an empty date', { ...fixed, startDate: '' }, '开始日期：日期无效'],
      ['a term of 0', { ...fixed, termMonths: 0 }, '租期：应为1到120个月'],
      ['a term of 121', { ...fixed, termMonths: 121 }, '租期：应为1到120个月'],
      ['a fractional term', { ...fixed, termMonths: 1.5 }, '租期：应为1到120个月'],
      ['a negative rent', { ...fixed, rent: -1 }, '租金：应为不小于0的整数（分）'],
      ['a fractional rent', { ...fixed, rent: 100.5 }, '租金：应为不小于0的整数（分）'],
      ['a NaN rent (variable)', { ...fixed, rentReceipt: 2, rent: Number.NaN }, '租金：应为不小于0的整数（分）'],
      ['stepped without stages', { ...stepped, stages: undefined }, '阶梯租金：请填写各阶段'],
      ['stepped with no stage', { ...stepped, stages: [] }, '阶梯租金：请填写各阶段'],
      [
        'stages short of the term',
        {
          ...stepped,
          stages: [
            { periods: 3, rent: 1 },
            { periods: 3, rent: 2 },
          ],
        },
        '阶梯租金：各阶段期数之和（6）应等于租期（12）',
      ],
      [
        'stages past the term',
        {
          ...stepped,
          stages: [
            { periods: 6, rent: 1 },
            { periods: 7, rent: 2 },
          ],
        },
        '阶梯租金：各阶段期数之和（13）应等于租期（12）',
      ],
      [
        'a stage of 0 periods',
        {
          ...stepped,
          stages: [
            { periods: 12, rent: 1 },
            { periods: 0, rent: 2 },
          ],
        },
        '阶梯租金：第2阶段期数应为正整数',
      ],
      [
        'a stage of fractional periods',
        {
          ...stepped,
          stages: [
            { periods: 1.5, rent: 1 },
            { periods: 10.5, rent: 2 },
          ],
        },
        '阶梯租金：第1阶段期数应为正整数',
      ],
      [
        'a stage with a negative rent',
        {
          ...stepped,
          stages: [
            { periods: 6, rent: 1 },
            { periods: 6, rent: -2 },
          ],
        },
        '阶梯租金：第2阶段租金应为不小于0的整数（分）',
      ],
      ['negative free days', { ...fixed, rentFreeDays: -1 }, '免租天数：应为0到365天'],
      ['366 free days', { ...fixed, rentFreeDays: 366 }, '免租天数：应为0到365天'],
      ['fractional free days', { ...fixed, rentFreeDays: 0.5 }, '免租天数：应为0到365天'],
      ['a lease past 9999', { ...fixed, startDate: '9999-06-01', termMonths: 12 }, '租期：结束日期不能晚于9999-12-31'],
    ];
    it.each(cases)('%s', (_name, input, message) => {
      expect(errorOf(() => rentSchedule(input))).toBe(message);
    });
  });
});

describe('extendSchedule', () => {
  const lease: ScheduleInput = { ...fixed, startDate: '2026-01-31', timing: 'arrears' };

  it('keeps the rows already due unchanged and regenerates the rest for the longer term', () => {
    const existing = rentSchedule(lease);
    // Due 02-27, 03-30, 04-29 are before 05-15; an adjusted amount on them must survive.
    const adjusted = existing.map((row) => (row.period === 2 ? { ...row, amount: 1 } : row));
    const rows = extendSchedule(lease, adjusted, 3, '2026-05-15');
    expect(rows.slice(0, 3)).toEqual(adjusted.slice(0, 3));
    expect(rows.slice(3)).toEqual(rentSchedule({ ...lease, termMonths: 15 }).slice(3));
    expect(rows.at(-1)).toEqual({
      period: 15,
      stage: 1,
      startDate: '2027-03-31',
      endDate: '2027-04-29',
      dueDate: '2027-04-29',
      amount: 350_000,
    });
    expect(tilingProblems({ ...lease, termMonths: 15 }, rows)).toEqual([]);
  });

  it('a row due today is not yet past due: it is regenerated', () => {
    const existing = rentSchedule({ ...lease, timing: 'advance' }).map((row) => ({ ...row, amount: 7 }));
    // In advance, period 4 is due 2026-04-30: periods 1–3 are kept, period 4 and on regenerated.
    const rows = extendSchedule({ ...lease, timing: 'advance' }, existing, 1, '2026-04-30');
    expect(rows.map((row) => row.amount)).toEqual([7, 7, 7, ...Array(10).fill(350_000)]);
    expect(tilingProblems({ ...lease, timing: 'advance', termMonths: 13 }, rows)).toEqual([]);
  });

  it('lengthens the last stage of stepped rent', () => {
    const input: ScheduleInput = {
      ...lease,
      rentReceipt: 1,
      stages: [
        { periods: 3, rent: 300_000 },
        { periods: 3, rent: 350_000 },
        { periods: 6, rent: 400_000 },
      ],
    };
    const rows = extendSchedule(input, rentSchedule(input), 6, '2026-08-01');
    expect(rows).toHaveLength(18);
    expect(rows.map((row) => row.stage)).toEqual([1, 1, 1, 2, 2, 2, ...Array(12).fill(3)]);
    expect(rows.slice(12).every((row) => row.amount === 400_000)).toBe(true);
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(3 * 300_000 + 3 * 350_000 + 12 * 400_000);
    expect(tilingProblems({ ...input, termMonths: 18 }, rows)).toEqual([]);
    expect(input.stages?.[2]?.periods).toBe(6); // the input is left as it was
  });

  it('before anything is due, the whole schedule is regenerated; after the end, every row is kept', () => {
    expect(extendSchedule(lease, rentSchedule(lease), 2, '2026-01-01')).toEqual(
      rentSchedule({ ...lease, termMonths: 14 }),
    );
    const existing = rentSchedule(lease);
    const rows = extendSchedule(lease, existing, 2, '2027-06-01');
    expect(rows.slice(0, 12)).toEqual(existing);
    expect(tilingProblems({ ...lease, termMonths: 14 }, rows)).toEqual([]);
  });

  it('refuses a bad extension with a message naming the problem', () => {
    const existing = rentSchedule(lease);
    for (const extra of [0, 61, 1.5, -3]) {
      expect(errorOf(() => extendSchedule(lease, existing, extra, '2026-05-15'))).toBe('延期月数：应为1到60个月');
    }
    expect(errorOf(() => extendSchedule({ ...lease, termMonths: 100 }, existing, 21, '2026-05-15'))).toBe(
      '延期月数：延期后租期（121个月）不能超过120个月',
    );
    expect(errorOf(() => extendSchedule(lease, existing, 1, '2026-13-01'))).toBe('当前日期：日期无效');
    expect(errorOf(() => extendSchedule({ ...lease, rent: -5 }, existing, 1, '2026-05-15'))).toBe(
      '租金：应为不小于0的整数（分）',
    );
    expect(errorOf(() => extendSchedule(lease, existing.slice(1), 1, '2026-05-15'))).toBe(
      '应收计划：已到期的各期应从第1期起连续',
    );
  });
});

describe('一次性支付 (lumpSum)', () => {
  const lump = (input: Omit<ScheduleInput, 'lumpSum'>) => rentSchedule({ ...input, lumpSum: true });

  it('gives one rent receivable for the whole term, due on its first day in advance or its last in arrears', () => {
    expect(lump(fixed)).toEqual([
      { period: 1, stage: 1, startDate: '2026-03-15', endDate: '2027-03-14', dueDate: '2026-03-15', amount: 4_200_000 },
    ]);
    expect(lump({ ...fixed, timing: 'arrears' })[0]).toMatchObject({ dueDate: '2027-03-14', amount: 4_200_000 });
  });

  it('one receivable equals the sum the monthly schedule would have, free days and stages included', () => {
    const day = fc
      .integer({ min: 0, max: 3 * 366 })
      .map((offset) => new Date(Date.UTC(2025, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10));
    const input = fc
      .record({
        startDate: day,
        termMonths: fc.integer({ min: 1, max: 48 }),
        rent: fc.integer({ min: 0, max: 2_000_000 }),
        timing: fc.constantFrom('advance' as const, 'arrears' as const),
        rentFreeDays: fc.integer({ min: 0, max: 365 }),
        rentReceipt: fc.constantFrom(0 as const, 1 as const, 2 as const),
        split: fc.integer({ min: 1, max: 47 }),
        later: fc.integer({ min: 0, max: 2_000_000 }),
      })
      .map(({ split, later, ...rest }): ScheduleInput => {
        if (rest.rentReceipt !== 1) return rest;
        const first = Math.min(split, rest.termMonths);
        const stages =
          first < rest.termMonths
            ? [
                { periods: first, rent: rest.rent },
                { periods: rest.termMonths - first, rent: later },
              ]
            : [{ periods: first, rent: rest.rent }];
        return { ...rest, stages };
      });
    fc.assert(
      fc.property(input, (terms) => {
        const monthly = rentSchedule(terms);
        const [one, ...more] = rentSchedule({ ...terms, lumpSum: true });
        expect(more).toEqual([]);
        expect(one).toEqual({
          period: 1,
          stage: 1,
          startDate: monthly[0]?.startDate,
          endDate: monthly.at(-1)?.endDate,
          dueDate: terms.timing === 'advance' ? monthly[0]?.startDate : monthly.at(-1)?.endDate,
          amount: monthly.reduce((sum, row) => sum + row.amount, 0),
        });
      }),
    );
  });

  it('an extension after it fell due adds one receivable for the extra months alone', () => {
    const input: ScheduleInput = { ...fixed, lumpSum: true };
    const existing = rentSchedule(input);
    const extended = extendSchedule(input, existing, 3, '2026-06-01');
    expect(extended).toEqual([
      ...existing,
      { period: 2, stage: 1, startDate: '2027-03-15', endDate: '2027-06-14', dueDate: '2027-03-15', amount: 1_050_000 },
    ]);
    // Before it fell due, the one receivable is made again for the longer term.
    expect(extendSchedule(input, existing, 3, '2026-03-01')).toEqual([
      { period: 1, stage: 1, startDate: '2026-03-15', endDate: '2027-06-14', dueDate: '2026-03-15', amount: 5_250_000 },
    ]);
  });
});
