import { describe, expect, it } from 'vitest';
import { greetingAt } from './greeting';

describe('home greeting', () => {
  it.each([
    [6, '早上好'],
    [11, '中午好'],
    [15, '下午好'],
    [20, '晚上好'],
    [2, '晚上好'],
  ])('at %i o’clock says %s', (hour, greeting) => {
    expect(greetingAt(new Date(2025, 5, 1, hour))).toBe(greeting);
  });
});
