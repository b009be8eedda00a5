import type { Config } from '../config';
import type { Database, Db } from '../db';
import { openRevocations, type Revocations, type Revoked, revocationsOf } from './revocations';

/**
 * What every request needs and rarely changes, kept per process for `SESSION_CACHE_SECONDS`: sessions by
 * token hash (a page opens with several requests at once, each would read the same session again) and
 * the menu and button keys of an account's roles. Expiry and idle time are still checked on every request.
 * A revocation or a role change reaches the caches of every process before the request making it answers
 * (`revocations.ts`); the time limit is only a backstop.
 */
class Caches {
  /** Bumped by every revocation: a read that started before one is not kept. */
  generation = 0;
  readonly sessions = new Recent<string, { sessionId: number }>(this);
  readonly keys = new Recent<number, unknown>(this);

  constructor(
    readonly lifeMs: number,
    private readonly revocations: () => Revocations | undefined,
  ) {}

  get trusted(): boolean {
    return this.revocations()?.trusted ?? false;
  }

  forget(revoked: Revoked): void {
    this.generation += 1;
    if (revoked.everything) {
      this.sessions.clear();
      this.keys.clear();
      return;
    }
    if (revoked.sessionIds) {
      const ended = new Set(revoked.sessionIds);
      this.sessions.drop((row) => ended.has(row.sessionId));
    }
    if (revoked.roleKeys) this.keys.clear();
  }
}

class Recent<K, V> {
  private readonly entries = new Map<K, { value: V; readAt: number }>();

  constructor(private readonly owner: Caches) {}

  /** The value kept for `key` if it is recent and the caches may answer; undefined otherwise (read it). */
  peek(key: K): V | undefined {
    const { owner } = this;
    if (!owner.trusted) return undefined;
    const kept = this.entries.get(key);
    return kept && Date.now() - kept.readAt < owner.lifeMs ? kept.value : undefined;
  }

  /**
   * The value kept for `key` if it is recent, or what `load` reads — kept when `keep` says so, unless a
   * revocation came in while it was read (the read may have seen the database before it).
   */
  async read<T extends V>(
    key: K,
    load: () => Promise<T | undefined>,
    options: { keep?: (value: T) => boolean; fresh?: boolean } = {},
  ): Promise<T | undefined> {
    const { owner } = this;
    const now = Date.now();
    const kept = options.fresh || !owner.trusted ? undefined : this.entries.get(key);
    if (kept && now - kept.readAt < owner.lifeMs) return kept.value as T;
    const generation = owner.generation;
    const value = await load();
    if (value === undefined || (options.keep && !options.keep(value))) {
      this.entries.delete(key);
      return value;
    }
    if (owner.trusted && owner.generation === generation) {
      if (this.entries.size >= 10_000) this.entries.clear();
      this.entries.set(key, { value, readAt: now });
    }
    return value;
  }

  drop(ended: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (ended(entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

const cachesOf = new WeakMap<object, Caches>();
/** A database no app serves (a script's, a test's own) is read every time. */
const uncached = new Caches(0, () => undefined);

/** Starts the caches of the app's database and the hearing of revocations that keeps them true. */
export async function startSessionCaches(database: Database, config: Config): Promise<() => Promise<void>> {
  const caches = new Caches(config.session.cacheSeconds * 1000, () => revocationsOf(database.db));
  cachesOf.set(database.db, caches);
  const revocations = await openRevocations(database, (revoked) => caches.forget(revoked));
  return () => revocations.close();
}

export const recentSessions = (db: Db) => (cachesOf.get(db) ?? uncached).sessions;
export const recentKeys = (db: Db) => (cachesOf.get(db) ?? uncached).keys;

/** After sessions are revoked and the change committed: no process answers them from its cache any more. */
export async function forgetSessions(db: Db, sessionIds: readonly number[]): Promise<void> {
  if (sessionIds.length > 0) await revocationsOf(db)?.announce({ sessionIds });
}

/** After a change to roles or their assignment has committed: every process reads every account's keys again. */
export async function forgetHeldKeys(db: Db): Promise<void> {
  await revocationsOf(db)?.announce({ roleKeys: true });
}
