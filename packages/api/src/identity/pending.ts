import type { Db } from '../db';
import type { SessionContext } from './sessions';

/** A source of items waiting for the user (approvals, to-dos); sections register theirs. */
export interface PendingCounter {
  /** `all` counts toward pendingNum; `starSea` also toward the 星海待办 badge. */
  kind: 'all' | 'starSea';
  count(db: Db, auth: SessionContext): Promise<number>;
}

export class PendingRegistry {
  private readonly counters: PendingCounter[] = [];

  register(counter: PendingCounter): void {
    this.counters.push(counter);
  }

  async total(db: Db, auth: SessionContext, kind?: PendingCounter['kind']): Promise<number> {
    const selected = kind ? this.counters.filter((counter) => counter.kind === kind) : this.counters;
    const counts = await Promise.all(selected.map((counter) => counter.count(db, auth)));
    return counts.reduce((sum, n) => sum + n, 0);
  }
}
