import { describe, expect, it } from 'vitest';
import { creditCovered, creditFlags, creditProblemOf, creditRefusal, creditTitle } from './credit';

const good = { driverName: '张三', frozen: false, blacklisted: false, overdueAmount: 0, overdueDays: 0 };

describe('the credit check’s words', () => {
  it('finds nothing against a driver in good standing', () => {
    expect(creditProblemOf(good)).toBeNull();
  });

  it('names each problem of a driver, and the step it refuses', () => {
    const frozen = creditProblemOf({ ...good, frozen: true });
    expect(frozen).toEqual({ flags: creditFlags.frozen, text: '司机张三已冻结' });
    expect(creditRefusal(frozen as never, 'deliver')).toBe('司机张三已冻结，不能交车');
    const owing = creditProblemOf({ ...good, overdueAmount: 123_400, overdueDays: 67 });
    expect(creditRefusal(owing as never, 'renew')).toBe('司机张三有逾期未还¥1,234.00（逾期67天），不能续租');
    const both = creditProblemOf({ ...good, blacklisted: true, overdueAmount: 50, overdueDays: 3 });
    expect(both).toEqual({
      flags: creditFlags.blacklisted | creditFlags.overdue,
      text: '司机张三已列入黑名单，有逾期未还¥0.50（逾期3天）',
    });
    expect(creditTitle('租赁订单 ZL1', both)).toBe(
      '【信用异常：司机张三已列入黑名单，有逾期未还¥0.50（逾期3天）】租赁订单 ZL1',
    );
    expect(creditTitle('租赁订单 ZL1', null)).toBe('租赁订单 ZL1');
  });

  it('lets an override cover problems of the kinds it was given for, never another kind', () => {
    const owing = creditProblemOf({ ...good, overdueAmount: 900_000, overdueDays: 90 });
    const frozenAndOwing = creditProblemOf({ ...good, frozen: true, overdueAmount: 100, overdueDays: 1 });
    if (!owing || !frozenAndOwing) throw new Error('problems expected');
    expect(creditCovered(owing, { creditFlags: creditFlags.overdue, overridden: true })).toBe(true);
    expect(creditCovered(owing, { creditFlags: creditFlags.overdue, overridden: false })).toBe(false);
    expect(creditCovered(frozenAndOwing, { creditFlags: creditFlags.overdue, overridden: true })).toBe(false);
    expect(creditCovered(owing, { creditFlags: creditFlags.overdue | creditFlags.frozen, overridden: true })).toBe(
      true,
    );
  });
});
