import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database, Db } from '../db';
import { rowsOf } from '../db/migrate';

/** What a change ends in the caches: sessions by id, every account's role keys, or all that is cached. */
export interface Revoked {
  sessionIds?: readonly number[];
  roleKeys?: boolean;
  everything?: boolean;
}

/**
 * How a process hears what other processes revoke. On PGlite there is one process: what it revokes it
 * forgets at once, and nothing else can. On PostgreSQL each process listens on a connection of its own; a
 * revocation, once committed, is announced with `pg_notify`, every listening process drops the entries and
 * acknowledges, and the announcing request answers once every listener has (or after `ackTimeoutMs`). A
 * process that is not listening (connection lost, not yet back) answers nothing from its caches, and when
 * it listens again it drops them whole: what was announced meanwhile went past it.
 */
export interface Revocations {
  /** Whether the caches may answer: always on PGlite; on PostgreSQL while this process listens. */
  readonly trusted: boolean;
  /** Forgets here at once, then in every other process; resolves when they have. */
  announce(revoked: Revoked): Promise<void>;
  close(): Promise<void>;
}

const listenerName = 'cp-session-listener';
const revokedChannel = 'cp_session_revoked';
const ackChannel = 'cp_session_revoked_ack';
/** A notification's payload must stay under 8000 bytes: more sessions than this are announced as everything. */
const mostSessionsNamed = 400;
/** A process that has not acknowledged by then is stuck or gone: the announcing request answers anyway. */
const ackTimeoutMs = 2_000;
const reconnectMs = 1_000;

const opened = new WeakMap<object, Revocations>();

/** The revocations of a database an app is serving; none for one opened by a script or a test alone. */
export function revocationsOf(db: Db): Revocations | undefined {
  return opened.get(db);
}

/** Starts hearing revocations for the app's database; `forget` drops entries from this process's caches. */
export async function openRevocations(database: Database, forget: (revoked: Revoked) => void): Promise<Revocations> {
  const revocations: Revocations = database.ownConnection
    ? await Listener.start(database, forget)
    : { trusted: true, announce: async (revoked) => forget(revoked), close: async () => {} };
  opened.set(database.db, revocations);
  return revocations;
}

class Listener implements Revocations {
  private client: pg.Client | undefined;
  private listening = false;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  /** Announcements of this process waiting for acknowledgements, by id. */
  private readonly waiting = new Map<string, () => void>();

  private constructor(
    private readonly database: Database,
    private readonly forget: (revoked: Revoked) => void,
  ) {}

  static async start(database: Database, forget: (revoked: Revoked) => void): Promise<Listener> {
    const listener = new Listener(database, forget);
    await listener.connect();
    return listener;
  }

  get trusted(): boolean {
    return this.listening;
  }

  private async connect(): Promise<void> {
    const client = this.database.ownConnection?.(listenerName);
    if (!client) return;
    let gone = false;
    const lose = () => {
      if (gone) return;
      gone = true;
      this.listening = false;
      if (this.client === client) this.client = undefined;
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.retry = setTimeout(() => void this.connect(), reconnectMs);
      this.retry.unref();
    };
    client.on('error', lose);
    client.on('end', lose);
    client.on('notification', (message) => this.heard(client, message.channel, message.payload ?? ''));
    try {
      await client.connect();
      await client.query(`listen ${revokedChannel}; listen ${ackChannel}`);
    } catch (error) {
      process.emitWarning(`session revocations: not listening (${(error as Error).message}), retrying`);
      lose();
      return;
    }
    if (gone) return;
    if (this.closed) {
      gone = true;
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.forget({ everything: true });
    this.listening = true;
  }

  private heard(client: pg.Client, channel: string, payload: string): void {
    if (channel === ackChannel) {
      this.waiting.get(payload)?.();
      return;
    }
    const { id, ...revoked } = parse(payload);
    this.forget(revoked);
    // Only once forgotten: the announcing request waits for this.
    if (id) client.query('select pg_notify($1, $2)', [ackChannel, id]).catch(() => undefined);
  }

  async announce(revoked: Revoked): Promise<void> {
    this.forget(revoked);
    const named = (revoked.sessionIds?.length ?? 0) <= mostSessionsNamed;
    const id = randomUUID();
    const payload = JSON.stringify(named ? { id, ...revoked } : { id, everything: true });
    let acks = 0;
    let listeners = Number.POSITIVE_INFINITY;
    let heardByAll = () => {};
    const all = new Promise<void>((resolve) => {
      heardByAll = resolve;
    });
    this.waiting.set(id, () => {
      acks += 1;
      if (acks >= listeners) heardByAll();
    });
    const { db } = this.database;
    try {
      await db.execute(sql`select pg_notify(${revokedChannel}, ${payload})`);
      // Not listening, this process cannot hear the acknowledgements; the others still heard it.
      if (!this.listening) return;
      const [count] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and application_name = ${listenerName}`),
      );
      listeners = count?.n ?? 0;
      if (acks >= listeners) return;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), ackTimeoutMs);
      });
      const outcome = await Promise.race([all, late]);
      clearTimeout(timer);
      if (outcome === 'late') {
        process.emitWarning(`session revocations: ${acks} of ${listeners} processes acknowledged in time`);
      }
    } finally {
      this.waiting.delete(id);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}

/** A payload this process cannot read (another version's) drops everything, to be safe. */
function parse(payload: string): Revoked & { id?: string } {
  try {
    const value = JSON.parse(payload) as Revoked & { id?: unknown };
    const ids = value.sessionIds;
    if (ids !== undefined && !(Array.isArray(ids) && ids.every((id) => Number.isSafeInteger(id)))) throw new Error();
    return {
      ...(typeof value.id === 'string' ? { id: value.id } : {}),
      ...(ids ? { sessionIds: ids } : {}),
      roleKeys: value.roleKeys === true,
      everything: value.everything === true || (!ids && value.roleKeys !== true),
    };
  } catch {
    return { everything: true };
  }
}
