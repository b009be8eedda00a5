import { type LateFeeTerms, lateFeeOnDay, type PrincipalMovement } from '../finance/lateFee';
import { yuanText } from '../resource/money';
import { receivableKind } from './leaseOrders';
import { daysBetween } from './schedule';

/**
 * A receivable of the order as the settlement reads it (any kind but 已作废): rent periods, the deposit, the
 * one-off charges (首付款, 整备费, 尾款), costs charged by 添加费用 and earlier settlements' balances.
 */
export interface SettledReceivable {
  kind: number;
  period: number;
  periodStart: string;
  periodEnd: string;
  dueDate: string;
  amount: number;
  received: number;
  relieved: number;
  /** The principal moved on it by day (payments, reversals, reliefs): what `lateFeeOf` reads. */
  movements: readonly PrincipalMovement[];
  /** What it charges (a cost's note), shown on its line. */
  note?: string | null;
  /** Its own late-fee terms, where they differ from the order's (the level's rate of an order without one). */
  terms?: LateFeeTerms;
}

/** An unpaid violation of the car while the driver had it, not charged to the order before. */
export interface SettledViolation {
  occurredOn: string;
  description: string;
  fine: number;
}

export interface SettlementInput {
  /** The day the car came back (its return accepted), Beijing: rent and late fees run to it. */
  returnDate: string;
  /** Every receivable of the order not 已作废. */
  receivables: readonly SettledReceivable[];
  /** The order's late-fee terms (`lateFeeTerms`): the one rule, per receivable, up to the return day. */
  lateFeeTerms: LateFeeTerms;
  /** The deposit the order holds (its deposit ledger): collected and not offset, refunded, kept or carried. */
  depositHeld: number;
  violations: readonly SettledViolation[];
  damageFee: number;
  damageNote?: string | null;
  otherFee: number;
  otherNote?: string | null;
  /** 违约金 of an early end, where the order's 商务约定事项 has it. */
  penaltyFee?: number;
  penaltyNote?: string | null;
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
  /** A charge already on the order (首付款, 整备费, 尾款, 添加费用's costs): its unpaid remainder. */
  charge: 8,
  lateFeePaid: 9,
  penalty: 10,
} as const;

/** One line of a 核算单: positive is owed by the driver, negative is owed to them. */
export interface SettlementLine {
  kind: number;
  item: string;
  amount: number;
  note: string;
}

export interface Settlement {
  /** Rent to the return day, by the days used. */
  rentDue: number;
  /** Rent principal received or relieved on every period (late fee paid not included). */
  rentPaid: number;
  /** Late fee by the one rule (`lateFeeOnDay`, the return day's books) on every receivable due before it. */
  lateFee: number;
  /** Late fee already received on the order's receivables. */
  lateFeePaid: number;
  violationFee: number;
  /** The unpaid remainder of the charges already on the order (negative: paid for what is no longer owed). */
  chargesDue: number;
  damageFee: number;
  otherFee: number;
  penaltyFee: number;
  /** The deposit held, offset (shown negative on its line). */
  deposit: number;
  /** The balance: positive, the driver pays it (退车结算款); negative, it is refunded to them. */
  total: number;
  lines: SettlementLine[];
}

/** Receivable kinds that are not charges of the settlement: rent (its own lines) and the deposit (held money). */
const rentKind = 1;
const depositKind = 2;
const finalPaymentKind = 5;
/** 滞纳金 posted as a receivable earns no late fee itself. */
const lateFeeKind = 7;

/** What of a receivable's money went to its principal, and what beyond it to its late fee. */
export function paidParts(row: { amount: number; received: number; relieved: number }): {
  principal: number;
  lateFee: number;
} {
  const paid = row.received + row.relieved;
  const principal = Math.min(paid, row.amount);
  return { principal, lateFee: paid - principal };
}

/**
 * A returned car's settlement (退车核算), as of the day it came back. Each source of money is counted once:
 * - rent to that day: each period that began by then, pro rata by the days used (a period's rent × days
 *   used ÷ days in it, rounded to the fen), whether due in advance or in arrears; less the rent principal
 *   received and relieved on every period (rent paid for days not used comes back);
 * - the charges already on the order (首付款, 整备费, 尾款 due by then, 添加费用's costs, a 换车结算款): what of
 *   them is still unpaid — a 尾款 falling due after the return day is not owed, what was paid on it comes back;
 * - late fee: the one rule in the books of the return day (`lateFeeOnDay`: the days ended before it, as the
 *   daily job and a payment that day read it) per receivable due by then (the deposit earns none, nor does a
 *   滞纳金 receivable), less the late fee already received;
 * - the violations not charged before, the damage, other charges and 违约金 the clerk enters;
 * - less the deposit actually held.
 * So the balance = Σ charges − Σ received − deposit held.
 */
export function settleReturn(input: SettlementInput): Settlement {
  const { returnDate } = input;
  const lines: SettlementLine[] = [];
  const rent = input.receivables.filter((row) => row.kind === rentKind);
  const charges = input.receivables.filter((row) => row.kind !== rentKind && row.kind !== depositKind);

  let rentDue = 0;
  let usedPeriods = 0;
  for (const period of rent) {
    if (period.periodStart > returnDate) continue;
    const length = daysBetween(period.periodStart, period.periodEnd) + 1;
    const used = Math.min(daysBetween(period.periodStart, returnDate) + 1, length);
    rentDue += used >= length ? period.amount : Math.round((period.amount * used) / length);
    usedPeriods += 1;
  }
  const rentPaid = rent.reduce((sum, period) => sum + paidParts(period).principal, 0);
  lines.push({
    kind: settlementLineKinds.rent,
    item: '应付租金',
    amount: rentDue,
    note: `${usedPeriods}期，截至退车日${returnDate}按日折算`,
  });
  if (rentPaid > 0) {
    lines.push({
      kind: settlementLineKinds.rentPaid,
      item: '已付租金',
      amount: -rentPaid,
      note: '各期已收及已减免的租金（不含滞纳金）',
    });
  }

  let chargesDue = 0;
  for (const charge of [...charges].sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.kind - b.kind)) {
    const owed = charge.kind === finalPaymentKind && charge.dueDate > returnDate ? 0 : charge.amount;
    const paid = paidParts(charge).principal;
    const remainder = owed - paid;
    if (remainder === 0) continue;
    chargesDue += remainder;
    const label = receivableKind.label(charge.kind) || '费用';
    const what = owed === 0 ? `${charge.dueDate}到期，退车后不再收取，已收${yuanText(paid)}元退回` : '';
    lines.push({
      kind: settlementLineKinds.charge,
      item: label,
      amount: remainder,
      note:
        what ||
        `${charge.note?.trim() ? `${charge.note.trim()}，` : ''}应收${yuanText(owed)}元，已收${yuanText(paid)}元`,
    });
  }

  let lateFee = 0;
  let lateFeePaid = 0;
  for (const row of [...rent, ...charges]) {
    lateFeePaid += paidParts(row).lateFee;
    if (row.kind === lateFeeKind || row.dueDate >= returnDate) continue;
    // The books of the return day (`lateFeeOnDay`, as the daily job and a payment read them): the days ended
    // before it; the return day itself ends owing nothing, what is owed having moved into the settlement.
    const fee = lateFeeOnDay({
      amount: row.amount,
      dueDate: row.dueDate,
      day: returnDate,
      movements: row.movements,
      terms: row.terms ?? input.lateFeeTerms,
    });
    if (fee.fee <= 0) continue;
    const terms = row.terms ?? input.lateFeeTerms;
    lateFee += fee.fee;
    const label = row.kind === rentKind ? `第${row.period}期租金` : receivableKind.label(row.kind);
    lines.push({
      kind: settlementLineKinds.lateFee,
      item: '滞纳金',
      amount: fee.fee,
      note: `${label}${row.dueDate}到期，逾期${fee.overdueDays}天，宽限${terms.graceDays}天，日费率万分之${terms.dailyRate}`,
    });
  }
  if (lateFeePaid > 0) {
    lines.push({
      kind: settlementLineKinds.lateFeePaid,
      item: '已付滞纳金',
      amount: -lateFeePaid,
      note: '已收的滞纳金',
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
  const penaltyFee = Math.max(0, input.penaltyFee ?? 0);
  if (penaltyFee > 0) {
    lines.push({
      kind: settlementLineKinds.penalty,
      item: '违约金',
      amount: penaltyFee,
      note: input.penaltyNote?.trim() || '提前解约，按合同约定',
    });
  }
  const deposit = Math.max(0, input.depositHeld);
  if (deposit > 0) {
    lines.push({ kind: settlementLineKinds.deposit, item: '押金抵扣', amount: -deposit, note: '订单实际持有的押金' });
  }
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  return {
    rentDue,
    rentPaid,
    lateFee,
    lateFeePaid,
    violationFee,
    chargesDue,
    damageFee: input.damageFee,
    otherFee: input.otherFee,
    penaltyFee,
    deposit,
    total,
    lines,
  };
}

/**
 * How an approved settlement's balance meets the deposit held: what of the deposit is kept as 违约金
 * (forfeited), what is offset against the charges, what is paid back (refunded, once paid out), and the
 * balance the driver still owes (a 退车结算款) or is owed (a 押金退款: the deposit left plus any overpayment).
 * Never both a balance owed and a refund.
 */
export function depositOutcome(settlement: Pick<Settlement, 'total' | 'deposit' | 'penaltyFee'>): {
  forfeited: number;
  offset: number;
  refundFromDeposit: number;
  owed: number;
  refund: number;
} {
  const held = settlement.deposit;
  const forfeited = Math.min(held, settlement.penaltyFee);
  const refund = Math.max(0, -settlement.total);
  const refundFromDeposit = Math.min(held - forfeited, refund);
  return {
    forfeited,
    offset: held - forfeited - refundFromDeposit,
    refundFromDeposit,
    owed: Math.max(0, settlement.total),
    refund,
  };
}
