/**
 * Requests each key (an address, a driver) may make in a minute, counted in this process — a fixed window per
 * key. Behind several processes each counts its own, so the limit a caller meets is at most the processes
 * times this: the limits guard against storms and scripts, never against a budget that must hold exactly
 * (those are rows under a lock).
 */
export class MinuteLimiter {
  private readonly windows = new Map<string, { start: number; used: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now = () => Date.now(),
  ) {}

  /** Whether `key` may go once more now; counts it when it may. */
  take(key: string): boolean {
    const at = this.now();
    const window = this.windows.get(key);
    if (!window || at - window.start >= 60_000) {
      if (this.windows.size > 10_000) this.sweep(at);
      this.windows.set(key, { start: at, used: 1 });
      return true;
    }
    if (window.used >= this.perMinute) return false;
    window.used += 1;
    return true;
  }

  /** Whether `key` has used up its minute (counts nothing). */
  blocked(key: string): boolean {
    const window = this.windows.get(key);
    return window !== undefined && this.now() - window.start < 60_000 && window.used >= this.perMinute;
  }

  private sweep(at: number) {
    for (const [key, window] of this.windows) if (at - window.start >= 60_000) this.windows.delete(key);
  }
}
