import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../orders/schedule';
import { type LateFeeInput, lateFeeOf, lateFeeOnDay, lateFeeTerms } from './lateFee';

/** The rule read literally: walk every day after the due date, add what ended it owing. */
function dayByDay(input: LateFeeInput) {
  const owingAt = (day: string) =>
    input.amount - input.movements.filter((m) => m.day <= day && m.day <= input.asOf).reduce((s, m) => s + m.amount, 0);
  let weighted = 0n;
  let late = false;
  let lastOwing: string | null = null;
  for (let day = addDays(input.dueDate, 1); day <= input.asOf; day = addDays(day, 1)) {
    const owing = Math.max(owingAt(day), 0);
    if (owing > 0) {
      weighted += BigInt(owing);
      lastOwing = day;
      if (daysBetween(input.dueDate, day) > input.terms.graceDays) late = true;
    }
  }
  const owing = Math.max(owingAt(input.asOf), 0);
  const fee = late ? Number((weighted * BigInt(input.terms.dailyRate)) / 10_000n) : 0;
  const overdueDays =
    lastOwing === null ? 0 : daysBetween(input.dueDate, owing > 0 ? input.asOf : addDays(lastOwing, 1));
  return { owing, overdueDays, fee };
}

const day = (from: string, span: number) => fc.integer({ min: 0, max: span }).map((n) => addDays(from, n));

const inputs = fc
  .record({
    amount: fc.integer({ min: 0, max: 2_000_000 }),
    dueDate: day('2025-01-01', 400),
    asOffset: fc.integer({ min: -10, max: 200 }),
    graceDays: fc.integer({ min: 0, max: 15 }),
    dailyRate: fc.integer({ min: 0, max: 100 }),
    movements: fc.array(
      fc.record({ offset: fc.integer({ min: -20, max: 220 }), amount: fc.integer({ min: -300_000, max: 1_500_000 }) }),
      { maxLength: 6 },
    ),
  })
  .map(
    (r): LateFeeInput => ({
      amount: r.amount,
      dueDate: r.dueDate,
      asOf: addDays(r.dueDate, r.asOffset),
      movements: r.movements.map((m) => ({ day: addDays(r.dueDate, m.offset), amount: m.amount })),
      terms: { graceDays: r.graceDays, dailyRate: r.dailyRate },
    }),
  );

describe('the late-fee rule (lateFeeOf)', () => {
  it('equals the rule walked day by day, for any payments, reliefs and reversals', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        expect(lateFeeOf(input)).toEqual(dayByDay(input));
      }),
      { numRuns: 500 },
    );
  });

  it('charges nothing on what is paid within the grace days', () => {
    fc.assert(
      fc.property(inputs, fc.integer({ min: 0, max: 15 }), (input, paidAfter) => {
        const grace = Math.max(input.terms.graceDays, paidAfter);
        const paid = { day: addDays(input.dueDate, paidAfter), amount: input.amount };
        const fee = lateFeeOf({ ...input, movements: [paid], terms: { ...input.terms, graceDays: grace } });
        expect(fee.fee).toBe(0);
        expect(fee.owing).toBe(input.asOf >= paid.day ? 0 : input.amount);
      }),
    );
  });

  it('a receivable paid late accrues from its due date: 10 grace days, 20‱, ¥4,000 paid on day 15', () => {
    const fee = lateFeeOf({
      amount: 400_000,
      dueDate: '2026-03-01',
      asOf: '2026-04-01',
      movements: [{ day: '2026-03-16', amount: 400_000 }],
      terms: { graceDays: 10, dailyRate: 20 },
    });
    // Owing at the end of 03-02 … 03-15: 14 days × ¥4,000 × 0.2% = ¥112.
    expect(fee).toEqual({ owing: 0, overdueDays: 15, fee: 11_200 });
  });

  it('never decreases as days pass, and stops growing once nothing is owed', () => {
    fc.assert(
      fc.property(inputs, fc.integer({ min: 1, max: 60 }), (input, later) => {
        const now = lateFeeOf(input);
        const next = lateFeeOf({ ...input, asOf: addDays(input.asOf, later) });
        if (input.movements.every((m) => m.amount >= 0)) expect(next.fee).toBeGreaterThanOrEqual(now.fee);
        const settled = input.movements.every((m) => m.day <= input.asOf) && now.owing === 0;
        if (settled) expect(next.fee).toBe(now.fee);
      }),
    );
  });

  it('takes the order’s own rate and grace days, the level’s rate only where the order has none', () => {
    expect(lateFeeTerms({ graceDays: 10, lateFeeRate: 20 }, 5)).toEqual({ graceDays: 10, dailyRate: 20 });
    expect(lateFeeTerms({ graceDays: 3, lateFeeRate: 0 }, 5)).toEqual({ graceDays: 3, dailyRate: 5 });
    expect(lateFeeTerms({ graceDays: null, lateFeeRate: null }, null)).toEqual({ graceDays: 0, dailyRate: 0 });
  });

  it('stays exact over years of a large amount', () => {
    const fee = lateFeeOf({
      amount: 100_000_000,
      dueDate: '2020-01-01',
      asOf: '2029-12-31',
      movements: [],
      terms: { graceDays: 0, dailyRate: 9_999 },
    });
    const days = BigInt(daysBetween('2020-01-01', '2029-12-31'));
    expect(BigInt(fee.fee)).toBe((100_000_000n * days * 9_999n) / 10_000n);
  });
});

describe('lateFeeOnDay: the books at the start of a day', () => {
  it('charges the days ended, counts today as overdue while owed, and is not moved by money of the day', () => {
    fc.assert(
      fc.property(inputs, fc.integer({ min: -300_000, max: 1_500_000 }), (input, today) => {
        const { asOf: day, ...rest } = input;
        const held = lateFeeOnDay({ ...rest, day });
        const ended = lateFeeOf({ ...input, asOf: addDays(day, -1) });
        expect(held.fee).toBe(ended.fee);
        expect(held.owing).toBe(ended.owing);
        // Paid off (or not) today: ends today late by as many days as counted this morning.
        const withToday = { ...rest, movements: [...rest.movements, { day, amount: today }] };
        expect(lateFeeOnDay({ ...withToday, day })).toEqual(held);
        // Settled by tonight: what is owed at the end of the day, money of the day (a reversal too) included.
        const owedTonight = lateFeeOf({ ...input, asOf: day }).owing;
        const settledToday = { ...rest, movements: [...rest.movements, { day, amount: owedTonight }] };
        // (Paid the day after its due date, no day after it ended owing: lateFeeOf counts it 0 days late then.)
        if (day > addDays(rest.dueDate, 1)) {
          expect(held.overdueDays).toBe(lateFeeOf({ ...settledToday, asOf: day }).overdueDays);
        }
      }),
    );
  });

  it('a receivable due yesterday and unpaid is one day overdue today, with no late fee yet', () => {
    const terms = { graceDays: 0, dailyRate: 10 };
    expect(lateFeeOnDay({ amount: 100_000, dueDate: '2026-03-01', day: '2026-03-02', movements: [], terms })).toEqual({
      owing: 100_000,
      overdueDays: 1,
      fee: 0,
    });
    expect(lateFeeOnDay({ amount: 100_000, dueDate: '2026-03-01', day: '2026-03-03', movements: [], terms })).toEqual({
      owing: 100_000,
      overdueDays: 2,
      fee: 100,
    });
  });
});
