import { describe, expect, it } from 'vitest';
import { type SettledPeriod, type SettlementInput, settleReturn } from './settlement';

/** Three monthly periods of 3,100.00 from 2026-01-01 (31, 28 and 31 days), due on their first day. */
const periods: SettledPeriod[] = [
  {
    period: 1,
    periodStart: '2026-01-01',
    periodEnd: '2026-01-31',
    dueDate: '2026-01-01',
    amount: 310_000,
    received: 310_000,
    relieved: 0,
  },
  {
    period: 2,
    periodStart: '2026-02-01',
    periodEnd: '2026-02-28',
    dueDate: '2026-02-01',
    amount: 310_000,
    received: 0,
    relieved: 0,
  },
  {
    period: 3,
    periodStart: '2026-03-01',
    periodEnd: '2026-03-31',
    dueDate: '2026-03-01',
    amount: 310_000,
    received: 0,
    relieved: 0,
  },
];

const base: SettlementInput = {
  returnDate: '2026-02-14',
  periods,
  graceDays: 3,
  lateFeeRate: 5,
  deposit: 0,
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
    // February was due on the 1st: 13 days late less 3 days' grace, × 5/10,000 a day on 3,100.00.
    expect(settled.lateFee).toBe(1_550);
    expect(settled.total).toBe(155_000 + 1_550);
  });

  it('charges a period in full when the car came back on its last day, and counts the first day as used', () => {
    expect(settleReturn({ ...base, returnDate: '2026-02-28' }).rentDue).toBe(620_000);
    expect(settleReturn({ ...base, returnDate: '2026-03-01' }).rentDue).toBe(620_000 + Math.round(310_000 / 31));
  });

  it('refunds when the deposit and rent paid in advance exceed what is owed', () => {
    const paidAhead = periods.map((period) => ({ ...period, received: period.amount }));
    const settled = settleReturn({ ...base, periods: paidAhead, deposit: 500_000 });
    // Paid 9,300.00, used 4,650.00, deposit 5,000.00: 9,650.00 back to the driver.
    expect(settled.total).toBe(465_000 - 930_000 - 500_000);
    expect(settled.lateFee).toBe(0);
    expect(settled.lines.at(-1)).toMatchObject({ item: '押金抵扣', amount: -500_000 });
  });

  it('charges no late fee within the grace days nor on what was relieved', () => {
    expect(settleReturn({ ...base, returnDate: '2026-02-04' }).lateFee).toBe(0);
    const relieved = periods.map((period) => (period.period === 2 ? { ...period, relieved: 310_000 } : period));
    const settled = settleReturn({ ...base, periods: relieved });
    expect(settled.lateFee).toBe(0);
    expect(settled.rentPaid).toBe(620_000);
  });

  it('charges rent due in arrears by the days used too, with no late fee before its due day', () => {
    const arrears = periods.map((period) => ({ ...period, dueDate: period.periodEnd, received: 0 }));
    const settled = settleReturn({ ...base, periods: arrears });
    expect(settled.rentDue).toBe(465_000);
    // January fell due on the 31st: 14 days late less 3.
    expect(settled.lateFee).toBe(Math.round((310_000 * 5 * 11) / 10_000));
  });

  it('lists violations, damage and other charges as their own lines, and the lines add up to the total', () => {
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
      deposit: 300_000,
    });
    expect(settled.lines.map((line) => line.item)).toEqual([
      '应付租金',
      '已付租金',
      '滞纳金',
      '违章罚款',
      '车损费用',
      '其他费用',
      '押金抵扣',
    ]);
    expect(settled.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(settled.total);
    expect(settled.violationFee).toBe(20_000);
    expect(settled.lines.find((line) => line.item === '违章罚款')?.note).toBe('2026-01-20 长安街 闯红灯');
  });
});
