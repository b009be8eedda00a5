import { useMemo, useRef } from 'react';
import { defaultThrottleDelay, throttle } from './throttle';

/**
 * A stable, throttled version of `handler` for onClick props. It always calls the latest `handler`, so
 * re-renders neither reset the throttle window nor capture stale state.
 */
export function useThrottledHandler<Args extends unknown[]>(
  handler: (...args: Args) => void,
  delay: number = defaultThrottleDelay,
): (...args: Args) => void {
  const latest = useRef(handler);
  latest.current = handler;
  return useMemo(() => throttle((...args: Args) => latest.current(...args), delay), [delay]);
}
