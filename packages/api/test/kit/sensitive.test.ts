import { depositRefundResource, luhnCheckDigit, maskSensitive } from '@cp/contracts';
import { describe, expect, it } from 'vitest';
import { withStoredSensitive } from '../../src/resource/sensitive';

const card = `621700001000123456${luhnCheckDigit('621700001000123456')}`;
const refund = { bankAccount: card, payeeName: '张三' };

describe("an action's body holding a masked number (确认打款 prefilled with the card on file)", () => {
  it('pays to the stored card when the masked value comes back unchanged', () => {
    const body = { bankAccount: maskSensitive('bankCard', card), payeeName: '张三' };
    expect(body.bankAccount).toBe(`6217 **** **** ${card.slice(-4)}`);
    expect(withStoredSensitive(depositRefundResource, body, refund, 'stored')).toEqual({
      bankAccount: card,
      payeeName: '张三',
    });
  });

  it('takes a whole number typed instead as it is, and refuses another masked one', () => {
    const typed = { bankAccount: '6225880137429610' };
    expect(withStoredSensitive(depositRefundResource, typed, refund, 'stored')).toEqual(typed);
    expect(() =>
      withStoredSensitive(depositRefundResource, { bankAccount: '6225 **** **** 9610' }, refund, 'stored'),
    ).toThrow('收款账号：请输入完整号码');
  });
});
