import { yuanText } from '../values';
import { daysBetween } from './schedule';

/** A rent receivable of the order's schedule, as the settlement reads it. */
export interface SettledPeriod {
  period: number;
  periodStart: string;
  periodEnd: string;
  dueDate: string;
  amount: number;
  received: number;
  relieved: number;
}

/** An unpaid violation of the car while the driver had it. */
export interface SettledViolation {
  occurredOn: string;
  description: string;
  fine: number;
}

export interface SettlementInput {
  /** The day the car came back (its return accepted), Beijing. */
  returnDate: string;
  periods: readonly SettledPeriod[];
  graceDays: number;
  /** Late fee per day, in ten-thousandths of the unpaid amount (万分之). */
  lateFeeRate: number;
  deposit: number;
  violations: readonly SettledViolation[];
  damageFee: number;
  damageNote?: string | null;
  otherFee: number;
  otherNote?: string | null;
}

/** What a settlement line is for: the lines are kept in this order. */
export const settlementLineKinds = {
  rent: 1,
  rentPaid: 2,
  lateFee: 3,
  violation: 4,
  damage: 5,
  other: 6,
  deposit: 7,
} as const;

/** One line of a 核算单: positive is owed by the driver, negative is owed to them. */
export interface SettlementLine {
  kind: number;
  item: string;
  amount: number;
  note: string;
}

export interface Settlement {
  rentDue: number;
  rentPaid: number;
  lateFee: number;
  violationFee: number;
  damageFee: number;
  otherFee: number;
  deposit: number;
  /** The balance: positive, the driver pays it (退车结算款); negative, it is refunded to them. */
  total: number;
  lines: SettlementLine[];
}

/**
 * A returned car's settlement (退车核算), as of the day it came back:
 * - rent to that day: each period that began by then, pro rata by the days of it used (a period's rent ×
 *   days used ÷ days in it, rounded to the fen), whether it was due in advance or in arrears;
 * - less the rent received (and relieved) on every period, so rent paid in advance for days not used is
 *   given back;
 * - late fees on each period due by then: unpaid × rate × days overdue (from the due date plus the grace
 *   days to the return day), rounded to the fen;
 * - the unpaid violations, the damage found at the return and other charges the clerk enters;
 * - less the deposit.
 */
export function settleReturn(input: SettlementInput): Settlement {
  const lines: SettlementLine[] = [];
  let rentDue = 0;
  let usedPeriods = 0;
  for (const period of input.periods) {
    if (period.periodStart > input.returnDate) continue;
    const length = daysBetween(period.periodStart, period.periodEnd) + 1;
    const used = Math.min(daysBetween(period.periodStart, input.returnDate) + 1, length);
    rentDue += used >= length ? period.amount : Math.round((period.amount * used) / length);
    usedPeriods += 1;
  }
  const rentPaid = input.periods.reduce((sum, period) => sum + period.received + period.relieved, 0);
  lines.push({
    kind: settlementLineKinds.rent,
    item: '应付租金',
    amount: rentDue,
    note: `${usedPeriods}期，截至退车日${input.returnDate}按日折算`,
  });
  if (rentPaid > 0) {
    lines.push({ kind: settlementLineKinds.rentPaid, item: '已付租金', amount: -rentPaid, note: '已收及已减免的租金' });
  }
  let lateFee = 0;
  for (const period of input.periods) {
    if (period.dueDate > input.returnDate) continue;
    const unpaid = period.amount - period.received - period.relieved;
    const days = daysBetween(period.dueDate, input.returnDate) - input.graceDays;
    if (unpaid <= 0 || days <= 0 || input.lateFeeRate <= 0) continue;
    const fee = Math.round((unpaid * input.lateFeeRate * days) / 10_000);
    if (fee <= 0) continue;
    lateFee += fee;
    lines.push({
      kind: settlementLineKinds.lateFee,
      item: '滞纳金',
      amount: fee,
      note: `第${period.period}期欠${yuanText(unpaid)}元，逾期${days}天，日费率万分之${input.lateFeeRate}`,
    });
  }
  let violationFee = 0;
  for (const violation of input.violations) {
    if (violation.fine <= 0) continue;
    violationFee += violation.fine;
    lines.push({
      kind: settlementLineKinds.violation,
      item: '违章罚款',
      amount: violation.fine,
      note: `${violation.occurredOn} ${violation.description}`.trim(),
    });
  }
  if (input.damageFee > 0) {
    lines.push({
      kind: settlementLineKinds.damage,
      item: '车损费用',
      amount: input.damageFee,
      note: input.damageNote?.trim() || '还车验收发现的车损',
    });
  }
  if (input.otherFee > 0) {
    lines.push({
      kind: settlementLineKinds.other,
      item: '其他费用',
      amount: input.otherFee,
      note: input.otherNote?.trim() || '',
    });
  }
  if (input.deposit > 0) {
    lines.push({ kind: settlementLineKinds.deposit, item: '押金抵扣', amount: -input.deposit, note: '订单押金' });
  }
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  return {
    rentDue,
    rentPaid,
    lateFee,
    violationFee,
    damageFee: input.damageFee,
    otherFee: input.otherFee,
    deposit: input.deposit,
    total,
    lines,
  };
}
