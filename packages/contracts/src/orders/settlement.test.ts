import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lateFeeOnDay } from '../finance/lateFee';
import { depositEntryKinds, depositTotals } from './deposits';
import { addDays } from './schedule';
import { depositOutcome, paidParts, type SettledReceivable, type SettlementInput, settleReturn } from './settlement';

const rent = (period: number, start: string, end: string, received = 0): SettledReceivable => ({
  kind: 1,
  period,
  periodStart: start,
  periodEnd: end,
  dueDate: start,
  amount: 310_000,
  received,
  relieved: 0,
  movements: received > 0 ? [{ day: start, amount: received }] : [],
});

/** Three monthly periods of 3,100.00 from 2026-01-01 (31, 28 and 31 days), due on their first day; January paid. */
const periods: SettledReceivable[] = [
  rent(1, '2026-01-01', '2026-01-31', 310_000),
  rent(2, '2026-02-01', '2026-02-28'),
  rent(3, '2026-03-01', '2026-03-31'),
];

const base: SettlementInput = {
  returnDate: '2026-02-14',
  receivables: periods,
  lateFeeTerms: { graceDays: 3, dailyRate: 5 },
  depositHeld: 0,
  violations: [],
  damageFee: 0,
  otherFee: 0,
};

describe('settleReturn', () => {
  it('charges rent to the return day pro rata and gives back what was paid for days not used', () => {
    // January whole, 14 of February's 28 days; March not begun.
    const settled = settleReturn(base);
    expect(settled.rentDue).toBe(310_000 + 155_000);
    expect(settled.rentPaid).toBe(310_000);
    // February was due on the 1st and still owed past the 3 days' grace: every day from the due date counts,
    // to the day before the return (the one rule in the return day's books, as the daily job charges them):
    // 12 days × 3,100.00 × 5/10,000.
    expect(settled.lateFee).toBe(Math.floor((310_000 * 12 * 5) / 10_000));
    expect(settled.total).toBe(155_000 + settled.lateFee);
  });

  it('charges a period in full when the car came back on its last day, and counts the first day as used', () => {
    expect(settleReturn({ ...base, returnDate: '2026-02-28' }).rentDue).toBe(620_000);
    expect(settleReturn({ ...base, returnDate: '2026-03-01' }).rentDue).toBe(620_000 + Math.round(310_000 / 31));
  });

  it('offsets the deposit held and refunds what was paid ahead beyond what is owed', () => {
    const paidAhead = periods.map((period) => ({
      ...period,
      received: period.amount,
      movements: [{ day: period.dueDate, amount: period.amount }],
    }));
    const settled = settleReturn({ ...base, receivables: paidAhead, depositHeld: 500_000 });
    // Paid 9,300.00, used 4,650.00, deposit held 5,000.00: 9,650.00 back to the driver.
    expect(settled.total).toBe(465_000 - 930_000 - 500_000);
    expect(settled.lateFee).toBe(0);
    expect(settled.lines.at(-1)).toMatchObject({ item: '押金抵扣', amount: -500_000 });
    expect(depositOutcome(settled)).toEqual({
      forfeited: 0,
      offset: 0,
      refundFromDeposit: 500_000,
      owed: 0,
      refund: 965_000,
    });
  });

  it('offsets no deposit when none is held: an unpaid deposit is never credited', () => {
    const deposit: SettledReceivable = {
      kind: 2,
      period: 1,
      periodStart: '2026-01-01',
      periodEnd: '2026-01-01',
      dueDate: '2026-01-01',
      amount: 800_000,
      received: 0,
      relieved: 0,
      movements: [],
    };
    const settled = settleReturn({ ...base, receivables: [...periods, deposit], depositHeld: 0 });
    expect(settled.deposit).toBe(0);
    expect(settled.lines.some((line) => line.item === '押金抵扣')).toBe(false);
    // Nor is the unpaid deposit charged, nor does it earn a late fee: it is simply not held.
    expect(settled.total).toBe(settleReturn(base).total);
    expect(settled.total).toBeGreaterThan(0);
  });

  it('charges no late fee within the grace days nor on what was relieved', () => {
    expect(settleReturn({ ...base, returnDate: '2026-02-04' }).lateFee).toBe(0);
    const relieved = periods.map((period) =>
      period.period === 2
        ? { ...period, relieved: 310_000, movements: [{ day: '2026-02-01', amount: 310_000 }] }
        : period,
    );
    const settled = settleReturn({ ...base, receivables: relieved });
    expect(settled.lateFee).toBe(0);
    expect(settled.rentPaid).toBe(620_000);
  });

  it('keeps late fee paid apart from rent paid', () => {
    const lateAndPaid = periods.map((period) =>
      period.period === 2
        ? { ...period, received: 312_000, movements: [{ day: '2026-02-10', amount: 312_000 }] }
        : period,
    );
    const settled = settleReturn({ ...base, receivables: lateAndPaid });
    expect(settled.rentPaid).toBe(620_000);
    expect(settled.lateFeePaid).toBe(2_000);
    // Paid on the 10th, beyond the grace: owed at the end of the 2nd to the 9th, 8 days' fee.
    expect(settled.lateFee).toBe(Math.floor((310_000 * 8 * 5) / 10_000));
    expect(settled.lines.find((line) => line.item === '已付滞纳金')?.amount).toBe(-2_000);
  });

  it('charges rent due in arrears by the days used too, with no late fee before its due day', () => {
    const arrears = periods.map((period) => ({ ...period, dueDate: period.periodEnd, received: 0, movements: [] }));
    const settled = settleReturn({ ...base, receivables: arrears });
    expect(settled.rentDue).toBe(465_000);
    // January fell due on the 31st: 13 days ended late by the return day, beyond the 3 days' grace.
    expect(settled.lateFee).toBe(Math.floor((310_000 * 5 * 13) / 10_000));
  });

  it('carries the unpaid remainder of charges already on the order, and drops a 尾款 not yet due', () => {
    const fine: SettledReceivable = {
      kind: 9,
      period: 1,
      periodStart: '2026-01-20',
      periodEnd: '2026-01-20',
      dueDate: '2026-02-20',
      amount: 20_000,
      received: 5_000,
      relieved: 0,
      movements: [{ day: '2026-02-01', amount: 5_000 }],
      note: '闯红灯',
    };
    const finalPayment: SettledReceivable = {
      kind: 5,
      period: 1,
      periodStart: '2026-12-31',
      periodEnd: '2026-12-31',
      dueDate: '2026-12-31',
      amount: 3_000_000,
      received: 100_000,
      relieved: 0,
      movements: [{ day: '2026-01-05', amount: 100_000 }],
    };
    const settled = settleReturn({ ...base, receivables: [...periods, fine, finalPayment] });
    expect(settled.chargesDue).toBe(15_000 - 100_000);
    expect(settled.lines.filter((line) => line.kind === 8).map((line) => [line.item, line.amount])).toEqual([
      ['违章代缴费', 15_000],
      ['尾款', -100_000],
    ]);
    expect(settled.total).toBe(settleReturn(base).total + 15_000 - 100_000);
  });

  it('lists violations, damage, 违约金 and other charges as their own lines, and the lines add up to the total', () => {
    const settled = settleReturn({
      ...base,
      violations: [
        { occurredOn: '2026-01-20', description: '长安街 闯红灯', fine: 20_000 },
        { occurredOn: '2026-02-02', description: '未处罚', fine: 0 },
      ],
      damageFee: 80_000,
      damageNote: '前保险杠',
      otherFee: 5_000,
      otherNote: '清洁费',
      penaltyFee: 100_000,
      depositHeld: 300_000,
    });
    expect(settled.lines.map((line) => line.item)).toEqual([
      '应付租金',
      '已付租金',
      '滞纳金',
      '违章罚款',
      '车损费用',
      '其他费用',
      '违约金',
      '押金抵扣',
    ]);
    expect(settled.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(settled.total);
    expect(settled.violationFee).toBe(20_000);
    expect(settled.lines.find((line) => line.item === '违章罚款')?.note).toBe('2026-01-20 长安街 闯红灯');
    // The deposit held covers the 违约金 first: that part is kept (没收), the rest offset.
    expect(depositOutcome(settled)).toMatchObject({ forfeited: 100_000, offset: 200_000, owed: settled.total });
  });
});

/** A random order's receivables around a return day, with payments early, late, partial and over. */
const day = (offset: number) => addDays('2026-01-01', offset);
const receivableArb = fc
  .record({
    kind: fc.constantFrom(1, 1, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12),
    start: fc.integer({ min: 0, max: 300 }),
    length: fc.integer({ min: 0, max: 30 }),
    dueOffset: fc.integer({ min: 0, max: 30 }),
    amount: fc.integer({ min: 0, max: 1_000_000 }),
    payments: fc.array(
      fc.record({ at: fc.integer({ min: 0, max: 400 }), amount: fc.integer({ min: 1, max: 600_000 }) }),
      {
        maxLength: 3,
      },
    ),
    relieved: fc.integer({ min: 0, max: 200_000 }),
  })
  .map((row) => (index: number): SettledReceivable => {
    const received = row.payments.reduce((sum, payment) => sum + payment.amount, 0);
    const relieved = Math.max(0, Math.min(row.relieved, row.amount - received));
    return {
      kind: row.kind,
      period: index + 1,
      periodStart: day(row.start),
      periodEnd: day(row.start + row.length),
      dueDate: day(row.start + (row.kind === 1 ? Math.min(row.dueOffset, row.length) : 0)),
      amount: row.amount,
      received,
      relieved,
      movements: [
        ...row.payments.map((payment) => ({ day: day(payment.at), amount: payment.amount })),
        ...(relieved > 0 ? [{ day: day(row.start + 5), amount: relieved }] : []),
      ],
    };
  });
const inputArb = fc.record({
  returnDate: fc.integer({ min: 0, max: 400 }).map(day),
  receivables: fc.array(receivableArb, { maxLength: 12 }).map((rows) => rows.map((build, index) => build(index))),
  lateFeeTerms: fc.record({ graceDays: fc.integer({ min: 0, max: 15 }), dailyRate: fc.integer({ min: 0, max: 30 }) }),
  depositHeld: fc.integer({ min: 0, max: 1_000_000 }),
  violations: fc.array(
    fc.record({
      occurredOn: fc.constant('2026-02-01'),
      description: fc.constant('闯红灯'),
      fine: fc.integer({ min: 0, max: 300_000 }),
    }),
    { maxLength: 3 },
  ),
  damageFee: fc.integer({ min: 0, max: 500_000 }),
  otherFee: fc.integer({ min: 0, max: 100_000 }),
  penaltyFee: fc.integer({ min: 0, max: 500_000 }),
});

describe('settleReturn, for any order', () => {
  it('balances: Σ charges − Σ received − deposit held, each source counted once', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const settled = settleReturn(input);
        const rentDue = settled.rentDue;
        const chargesOwed = input.receivables
          .filter((row) => row.kind !== 1 && row.kind !== 2)
          .reduce((sum, row) => sum + (row.kind === 5 && row.dueDate > input.returnDate ? 0 : row.amount), 0);
        const received = input.receivables
          .filter((row) => row.kind !== 2)
          .reduce((sum, row) => sum + row.received + row.relieved, 0);
        const fines = input.violations.reduce((sum, violation) => sum + violation.fine, 0);
        const charges =
          rentDue + chargesOwed + settled.lateFee + fines + input.damageFee + input.otherFee + input.penaltyFee;
        expect(settled.total).toBe(charges - received - input.depositHeld);
        expect(settled.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(settled.total);
        // The deposit's own money is never in the balance: only what the ledger holds.
        expect(settled.deposit).toBe(input.depositHeld);
      }),
    );
  });

  it('takes every late fee from the one rule, per receivable, in the books of the return day', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const expected = input.receivables
          .filter((row) => row.kind !== 2 && row.kind !== 7 && row.dueDate < input.returnDate)
          .reduce(
            (sum, row) =>
              sum +
              lateFeeOnDay({
                amount: row.amount,
                dueDate: row.dueDate,
                day: input.returnDate,
                movements: row.movements,
                terms: input.lateFeeTerms,
              }).fee,
            0,
          );
        expect(settleReturn(input).lateFee).toBe(expected);
      }),
    );
  });

  it('never charges rent paid as late fee or late fee paid as rent', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const settled = settleReturn(input);
        const rent = input.receivables.filter((row) => row.kind === 1);
        expect(settled.rentPaid).toBe(rent.reduce((sum, row) => sum + paidParts(row).principal, 0));
        expect(settled.rentPaid).toBeLessThanOrEqual(rent.reduce((sum, row) => sum + row.amount, 0));
        expect(settled.lateFeePaid).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('leaves one balance or one refund, and uses at most the deposit held', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const settled = settleReturn(input);
        const outcome = depositOutcome(settled);
        expect(outcome.owed === 0 || outcome.refund === 0).toBe(true);
        expect(outcome.owed - outcome.refund).toBe(settled.total);
        expect(outcome.forfeited + outcome.offset + outcome.refundFromDeposit).toBe(input.depositHeld);
        for (const part of [outcome.forfeited, outcome.offset, outcome.refundFromDeposit])
          expect(part).toBeGreaterThanOrEqual(0);
        // After the outcome's movements (and the refund paid out) the order holds nothing.
        const after = depositTotals(input.depositHeld, [
          { kind: depositEntryKinds.forfeited, amount: outcome.forfeited },
          { kind: depositEntryKinds.offset, amount: outcome.offset },
          { kind: depositEntryKinds.refunded, amount: outcome.refundFromDeposit },
        ]);
        expect(after.held).toBe(0);
      }),
    );
  });
});

describe('depositTotals', () => {
  it('holds what was collected less what left, plus what was carried in', () => {
    expect(
      depositTotals(800_000, [
        { kind: depositEntryKinds.offset, amount: 300_000 },
        { kind: depositEntryKinds.refunded, amount: 200_000 },
        { kind: depositEntryKinds.forfeited, amount: 100_000 },
        { kind: depositEntryKinds.carriedOut, amount: 100_000 },
        { kind: depositEntryKinds.carriedIn, amount: 50_000 },
      ]).held,
    ).toBe(150_000);
  });
});
