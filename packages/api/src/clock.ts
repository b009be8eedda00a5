import { AsyncLocalStorage } from 'node:async_hooks';
import { beijingDay } from '@cp/contracts';
import { sql } from 'drizzle-orm';

/**
 * The business clock: the moment the business acts at — when an order is placed, a car handed over, a bill
 * issued, a payment recorded, a task decided — and so "today" for every rule that reads one (what is due, how
 * many days overdue, what the credit check counts past due, the serial number's date). It is the wall clock,
 * except inside `atBusinessTime`, which the demo's history runs its operations in: the first start replays
 * eighteen months of a lease book day by day through the same services a user calls (seed/history-replay.ts).
 *
 * Infrastructure keeps the wall clock (sessions, throttling, job leases, exports, caches): they measure real
 * time, not the business's. The audit trail is the records' 变更记录, so it is dated by the business clock: the
 * same moment outside the replay, and the replayed day inside it (not the minute the demo was installed).
 */
const simulated = new AsyncLocalStorage<number>();

/** Now, as the business sees it. */
export function businessNow(): Date {
  const at = simulated.getStore();
  return at === undefined ? new Date() : new Date(at);
}

/** Today's date in Beijing (`YYYY-MM-DD`), as the business sees it. */
export function businessToday(): string {
  return beijingDay(businessNow());
}

/** Now as a SQL value (where a statement would say `now()`). */
export const businessNowSql = () => sql`${businessNow().toISOString()}::timestamptz`;

/** Runs `work` (and everything it awaits) with the business clock reading `at`. */
export function atBusinessTime<T>(at: Date, work: () => T): T {
  return simulated.run(at.getTime(), work);
}
