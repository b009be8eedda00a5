import { addDays, daysBetween } from '../orders/schedule';

/**
 * The one late-fee rule (滞纳金), used by the daily overdue job, the return settlement and 查看账户.
 *
 * - What earns a fee is the receivable's principal still owed at the end of a day (its amount less what was
 *   received on it and relieved off it by then), never the late fee itself.
 * - A receivable owing nothing by the end of its due date plus the grace days (宽限天数) earns nothing.
 *   Once it is owing past the grace days, every day after the due date counts: a receivable paid late
 *   accrues from its due date, whenever the job first saw it.
 * - Each day after the due date up to `asOf` adds `owing that day × daily rate`; the sum is rounded down to
 *   the fen once (the rate is in ten-thousandths: 万分之).
 * - The order's own daily rate applies; the 坏账分级 level's only where the order has none.
 */
export interface LateFeeTerms {
  /** 宽限天数: days after the due date in which paying costs nothing. */
  graceDays: number;
  /** 日滞纳金率, in ten-thousandths of what is owed, per day. */
  dailyRate: number;
}

/** Principal moved on a day: received or relieved (positive), or given back by a reversal (negative). */
export interface PrincipalMovement {
  day: string;
  amount: number;
}

export interface LateFeeInput {
  /** The receivable's amount, fen. */
  amount: number;
  dueDate: string;
  /** The last day counted (inclusive): today, or the day the late fee stopped (a return, a settlement). */
  asOf: string;
  movements: readonly PrincipalMovement[];
  terms: LateFeeTerms;
}

export interface LateFee {
  /** Principal still owed at the end of `asOf`, fen (never below 0). */
  owing: number;
  /**
   * Days past due: as of `asOf` while it still owes; once paid off, the days it was late when it was (kept,
   * as the collection history reads it); 0 when it was never late.
   */
  overdueDays: number;
  /** The late fee accrued to `asOf`, fen. */
  fee: number;
}

/** The terms a receivable's late fee follows: the order's grace days, its rate or else the level's. */
export function lateFeeTerms(
  order: { graceDays: number | null | undefined; lateFeeRate: number | null | undefined },
  levelRate?: number | null,
): LateFeeTerms {
  const own = Number(order.lateFeeRate ?? 0);
  return {
    graceDays: Math.max(0, Number(order.graceDays ?? 0)),
    dailyRate: own > 0 ? own : Math.max(0, Number(levelRate ?? 0)),
  };
}

/** The late fee of one receivable as of a day, by the rule above. */
export function lateFeeOf(input: LateFeeInput): LateFee {
  const { amount, dueDate, asOf, terms } = input;
  // The principal owed after each day's movements, in day order (movements after asOf do not count).
  const byDay = new Map<string, number>();
  for (const movement of input.movements) {
    if (movement.day > asOf) continue;
    byDay.set(movement.day, (byDay.get(movement.day) ?? 0) + movement.amount);
  }
  const days = [...byDay.keys()].sort();
  let owing = amount;
  // Movements up to the due date settle what is owed when it falls due.
  let index = 0;
  for (; index < days.length && (days[index] as string) <= dueDate; index++)
    owing -= byDay.get(days[index] as string) ?? 0;
  if (asOf <= dueDate) return { owing: Math.max(owing, 0), overdueDays: 0, fee: 0 };

  const graceEnd = addDays(dueDate, Math.max(0, terms.graceDays));
  let weighted = 0; // Σ owing(d) over the days after the due date, fen·days
  let lateBeyondGrace = false;
  let lastOwingDay: string | null = null; // the last day after the due date that ended owing
  let from = addDays(dueDate, 1); // the first day of the current stretch of equal owing
  const close = (until: string, owed: number) => {
    // Days from `from` to `until` inclusive all end owing `owed`.
    if (until < from) return;
    const count = daysBetween(from, until) + 1;
    if (owed > 0) {
      weighted += owed * count;
      lastOwingDay = until;
      if (until > graceEnd) lateBeyondGrace = true;
    }
  };
  for (; index < days.length; index++) {
    const day = days[index] as string;
    close(addDays(day, -1), Math.max(owing, 0));
    owing -= byDay.get(day) ?? 0;
    from = day;
  }
  close(asOf, Math.max(owing, 0));
  owing = Math.max(owing, 0);
  const overdueDays = lastOwingDay === null ? 0 : daysBetween(dueDate, owing > 0 ? asOf : addDays(lastOwingDay, 1));
  const fee = lateBeyondGrace && terms.dailyRate > 0 ? perTenThousand(weighted, terms.dailyRate) : 0;
  return { owing, overdueDays, fee };
}

/** floor(weighted × rate ÷ 10,000) without leaving the safe integers (a large sum over years of days). */
function perTenThousand(weighted: number, rate: number): number {
  const whole = Math.floor(weighted / 10_000);
  return whole * rate + Math.floor(((weighted - whole * 10_000) * rate) / 10_000);
}

/**
 * A receivable's late fee and overdue days as the books hold them on `day` (what the daily job sets at the
 * start of the day, and what money taken that day pays): the late fee of the days ended (`lateFeeOf` as of
 * the day before — today has not ended owing anything yet), and the overdue days counting today while the
 * principal was still owed when yesterday ended. Money moved on `day` itself changes neither: paid today,
 * the receivable ends today owing nothing and was late by as many days.
 */
export function lateFeeOnDay(input: Omit<LateFeeInput, 'asOf'> & { day: string }): LateFee {
  const { day, ...rest } = input;
  const ended = lateFeeOf({ ...rest, asOf: addDays(day, -1) });
  if (day <= input.dueDate || ended.owing <= 0) return ended;
  return { ...ended, overdueDays: daysBetween(input.dueDate, day) };
}
