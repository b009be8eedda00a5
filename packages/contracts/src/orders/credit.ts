import { yuanText } from '../resource/money';

/**
 * The credit check of an order's steps (#23 item 8): a driver who is 冻结 or 黑名单, or owes money past due,
 * gets no order, renewal, exchange or handover unless a 运营经理's approval overrode it. The problems found
 * are kept on the order as flags (a bitmask) and as words.
 */
export const creditFlags = { frozen: 1, blacklisted: 2, overdue: 4 } as const;

/** What the check found about a driver. */
export interface CreditFinding {
  driverName: string;
  frozen: boolean;
  blacklisted: boolean;
  /** Principal past due and still owed, in fen (0 when none). */
  overdueAmount: number;
  /** The most days any of it is past due. */
  overdueDays: number;
}

/** A driver's credit problem: its flags and its words (`司机张三已冻结`, `司机张三有逾期未还¥1,234.00（逾期67天）`). */
export interface CreditProblem {
  flags: number;
  text: string;
}

/** The problem a finding amounts to, or null when the driver's credit is good. */
export function creditProblemOf(finding: CreditFinding): CreditProblem | null {
  const parts: string[] = [];
  let flags = 0;
  if (finding.blacklisted) {
    flags |= creditFlags.blacklisted;
    parts.push('已列入黑名单');
  }
  if (finding.frozen) {
    flags |= creditFlags.frozen;
    parts.push('已冻结');
  }
  if (finding.overdueAmount > 0) {
    flags |= creditFlags.overdue;
    parts.push(`有逾期未还¥${yuanText(finding.overdueAmount)}（逾期${finding.overdueDays}天）`);
  }
  return flags === 0 ? null : { flags, text: `司机${finding.driverName}${parts.join('，')}` };
}

/**
 * The steps that refuse a problem no override covers, in the words of their refusals: the handover of a new
 * order (填写交车信息), the start of a renewal (its 填写交车信息), an exchange's 换车交接. New orders, renewals
 * and exchanges themselves are saved with the problem recorded and their approval titled with it.
 */
export const creditSteps = {
  deliver: '交车',
  renew: '续租',
  exchangeHandover: '换车交接',
} as const;
export type CreditStep = keyof typeof creditSteps;

/** The refusal of a step for a problem: `司机张三已冻结，不能交车`. */
export function creditRefusal(problem: CreditProblem, step: CreditStep): string {
  return `${problem.text}，不能${creditSteps[step]}`;
}

/**
 * Whether a 运营经理's override recorded on an order covers the problem found now: it was given knowing
 * problems of the same kinds (a driver overdue then and now; not one overdue then and 黑名单 now).
 */
export function creditCovered(problem: CreditProblem, order: { creditFlags: number; overridden: boolean }): boolean {
  return order.overridden && (problem.flags & ~order.creditFlags) === 0;
}

/** The approval title of an order step whose driver's credit is in doubt: the approver sees it first. */
export function creditTitle(title: string, problem: CreditProblem | null): string {
  return problem ? `【信用异常：${problem.text}】${title}` : title;
}
