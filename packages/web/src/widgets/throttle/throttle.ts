/**
 * 1000 ms: longer than a double-click (operating systems default to ~500 ms) and than the time an impatient
 * user takes to click again while a request starts, yet short enough that a deliberate second action is
 * not noticeably blocked.
 */
export const defaultThrottleDelay = 1000;

/**
 * Leading-edge throttle for buttons: the first call runs at once, further calls within `delay` ms are
 * dropped (not queued), so a double click submits once.
 */
export function throttle<Args extends unknown[]>(
  fn: (...args: Args) => void,
  delay: number = defaultThrottleDelay,
  now: () => number = Date.now,
): (...args: Args) => void {
  let lastRun: number | undefined;
  return (...args: Args) => {
    const time = now();
    if (lastRun !== undefined && time - lastRun < delay) return;
    lastRun = time;
    fn(...args);
  };
}
