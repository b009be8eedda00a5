import { describe, expect, it } from 'vitest';
import { fields, formatPercent } from './fields';

describe('a rate in basis points (fields.percent)', () => {
  const cap = fields.percent('抽成上限', { required: true });

  it('takes whole basis points from 0 to 10000 and words its bounds in percent', () => {
    expect(cap.input.safeParse(2250).success).toBe(true);
    expect(cap.input.safeParse(10_000).success).toBe(true);
    const over = cap.input.safeParse(10_001);
    expect(over.success ? null : over.error.issues[0]?.message).toBe('不能大于100%');
    const fraction = cap.input.safeParse(22.5);
    expect(fraction.success ? null : fraction.error.issues[0]?.message).toBe('最多两位小数');
    expect(cap).toMatchObject({ kind: 'integer', percent: true });
  });

  it('reads as a percentage with two decimals', () => {
    expect(formatPercent(2700)).toBe('27.00%');
    expect(formatPercent(2250)).toBe('22.50%');
    expect(formatPercent(0)).toBe('0.00%');
  });
});
