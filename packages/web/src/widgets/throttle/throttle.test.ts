import { describe, expect, it, vi } from 'vitest';
import { defaultThrottleDelay, throttle } from './throttle';

describe('throttle', () => {
  it('runs the first call at once and drops calls within the delay', () => {
    let time = 0;
    const fn = vi.fn();
    const throttled = throttle(fn, 1000, () => time);
    throttled('a');
    time = 999;
    throttled('b');
    expect(fn.mock.calls).toEqual([['a']]);
    time = 1000;
    throttled('c');
    expect(fn.mock.calls).toEqual([['a'], ['c']]);
  });

  it('defaults to a one second window', () => {
    let time = 0;
    const fn = vi.fn();
    const throttled = throttle(fn, undefined, () => time);
    throttled();
    time = defaultThrottleDelay - 1;
    throttled();
    expect(fn).toHaveBeenCalledTimes(1);
    expect(defaultThrottleDelay).toBe(1000);
  });
});
