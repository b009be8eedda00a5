import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
});
afterAll(() => ctx.close());

const post = (url: string, payload: object) => ctx.request({ method: 'POST', url, token: admin, payload });

describe('amounts in request bodies', () => {
  it('name the field without a unit and word their bounds in yuan, as the form shows them', async () => {
    const call = await post('/api/overdue-cases/1/call', {
      way: 1,
      reached: true,
      promiseDate: '2026-12-01',
      promiseAmount: 100_000_001,
      result: '客户承诺月初还款',
    });
    expect(call.msg).toBe('承诺还款金额：不能大于1,000,000.00元');
    const relief = await post('/api/bills/1/relief', { amount: 0, reason: '协商减免' });
    expect(relief.msg).toBe('减免金额：应大于0');
    const fraction = await post('/api/bills/1/relief', { amount: 12.5, reason: '协商减免' });
    expect(fraction.msg).toBe('减免金额：金额最多两位小数');
  });
});
