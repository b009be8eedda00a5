import { consoleAppId, everyAccountKeys } from '@cp/contracts';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db, Executor } from '../db';
import { rowsOf } from '../db/migrate';
import { ApiError } from '../http/errors';
import { forgetSessions, recentKeys, recentSessions } from './session-cache';
import { accountRoles, accounts, roles, sessions, tenants, users } from './tables';
import { hashToken, newToken } from './tokens';

/** Who is calling: resolved from the token on every request that needs a session. */
export interface SessionContext {
  sessionId: number;
  userId: number;
  accountId: number;
  tenantId: number;
  tenantName: string;
  loginId: string;
  userName: string;
  /** The session's absolute end, which sessions opened from it inherit. */
  expiresAt: Date;
  parentId: number | null;
  menus: ReadonlySet<string>;
  buttons: ReadonlySet<string>;
}

/**
 * Last-seen is written at most this often, so reads do not each cost a write: a minute, or a quarter of the
 * idle time when that is shorter — a session used more often than every three quarters of it never looks idle.
 */
const touchIntervalMs = (idleMs: number) => Math.min(60_000, idleMs / 4);

export async function createSession(
  db: Executor,
  config: Config,
  input: {
    userId: number;
    accountId: number;
    tenantId: number;
    clientAddress: string;
    userAgent?: string | undefined;
    /**
     * The session this one continues or was opened from: the new one keeps its absolute expiry, so a token
     * can never be renewed past the life of the login it came from.
     */
    from?: { expiresAt: Date; parentId?: number | null } | undefined;
  },
): Promise<{ token: string; expiresIn: number; sessionId: number }> {
  const token = newToken();
  const fresh = new Date(Date.now() + config.session.absoluteHours * 3600_000);
  const expiresAt = input.from && input.from.expiresAt < fresh ? input.from.expiresAt : fresh;
  const [created] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId: input.userId,
      accountId: input.accountId,
      tenantId: input.tenantId,
      expiresAt,
      clientAddress: input.clientAddress,
      userAgent: input.userAgent?.slice(0, 300),
      parentId: input.from?.parentId ?? null,
    })
    .returning({ id: sessions.id });
  if (!created) throw new Error('session not created');
  return {
    token,
    expiresIn: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
    sessionId: created.id,
  };
}

/**
 * Revokes a session and every session opened from it, at any depth, and has every process forget them
 * (one statement: committed when it returns).
 */
export async function revokeSession(db: Db, sessionId: number, reason: string): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    with recursive lineage(id) as (
      select ${sessionId}::bigint
      union
      select s.id from ${sessions} s join lineage l on s.parent_id = l.id
    )
    update ${sessions} set revoked_at = now(), revoke_reason = ${reason}
    where id in (select id from lineage) and revoked_at is null
    returning id`);
  const ids = rowsOf<{ id: number | string }>(result).map((row) => Number(row.id));
  await forgetSessions(db, [sessionId, ...ids]);
  return ids;
}

/**
 * Puts `successor` in the place of `session` and ends `session`: the successor takes its parent, the
 * sessions opened from it follow the successor. Used when a token is exchanged (switching branch company,
 * a token from a URL), so the exchanged token stops working and nothing opened from it is orphaned.
 * Call `forgetSessions` with `session` once the change commits.
 */
export async function replaceSession(
  db: Executor,
  session: { sessionId: number; parentId: number | null },
  successorId: number,
  reason: string,
): Promise<void> {
  await db.update(sessions).set({ parentId: session.parentId }).where(eq(sessions.id, successorId));
  await db.update(sessions).set({ parentId: successorId }).where(eq(sessions.parentId, session.sessionId));
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(sessions.id, session.sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every open session `where` matches; answers their ids, to `forgetSessions` once the change commits. */
export async function revokeSessions(db: Executor, where: SQL | undefined, reason: string): Promise<number[]> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(where, isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.map((row) => row.id);
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionLookup>['execute']>>[number];

async function readSession(db: Db, tokenHash: string, fresh = false): Promise<SessionRow | undefined> {
  if (!fresh) {
    // A kept session costs a Map lookup, no promise.
    const kept = recentSessions(db).peek(tokenHash) as SessionRow | undefined;
    if (kept) return kept;
  }
  return recentSessions(db).read(
    tokenHash,
    async () => {
      let lookup = preparedLookups.get(db);
      if (!lookup) {
        lookup = sessionLookup(db);
        preparedLookups.set(db, lookup);
      }
      const [row] = await lookup.execute({ tokenHash });
      return row;
    },
    { keep: (row) => !row.revokedAt && row.userEnabled && row.accountStatus === 1, fresh },
  );
}

interface HeldKeys {
  menus: ReadonlySet<string>;
  buttons: ReadonlySet<string>;
}

/** The menu and button keys of an account's roles (kept: every request needs them, they change rarely). */
async function heldKeys(db: Db, accountId: number): Promise<HeldKeys> {
  const kept = recentKeys(db).peek(accountId) as HeldKeys | undefined;
  if (kept) return kept;
  const keys = await recentKeys(db).read(accountId, async (): Promise<HeldKeys> => {
    const rows = await db
      .select({ menuKeys: roles.menuKeys, buttonKeys: roles.buttonKeys })
      .from(accountRoles)
      .innerJoin(roles, eq(roles.id, accountRoles.roleId))
      .where(and(eq(accountRoles.accountId, accountId), eq(roles.appId, consoleAppId)));
    return {
      menus: new Set([...rows.flatMap((row) => row.menuKeys), ...everyAccountKeys.menus]),
      buttons: new Set([...rows.flatMap((row) => row.buttonKeys), ...everyAccountKeys.buttons]),
    };
  });
  if (!keys) throw new Error('keys not read');
  return keys;
}

/**
 * The button keys a user holds in a branch company through their account's roles there, as their session
 * would (none for a stopped account): what a background job on their behalf (an export) may show.
 */
export async function buttonsOfUser(db: Db, tenantId: number, userId: number): Promise<ReadonlySet<string>> {
  const [account] = await db
    .select({ id: accounts.id, status: accounts.status })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.userId, userId)));
  if (account?.status !== 1) return new Set();
  return (await heldKeys(db, account.id)).buttons;
}

function sessionLookup(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      accountId: sessions.accountId,
      tenantId: sessions.tenantId,
      tenantName: tenants.name,
      loginId: users.loginId,
      userName: users.userName,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      parentId: sessions.parentId,
      revokedAt: sessions.revokedAt,
      userEnabled: users.enabled,
      accountStatus: accounts.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .innerJoin(tenants, eq(tenants.id, sessions.tenantId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('resolve_session');
}

/** Prepared once per database, so PostgreSQL plans the lookup once per connection, not per request. */
const preparedLookups = new WeakMap<Db, ReturnType<typeof sessionLookup>>();

/**
 * The session for a token, with the menu and button keys of its account's roles.
 * Throws 1001 for an unknown token and 1002 for an expired, idle or revoked one.
 */
export async function resolveSession(db: Db, config: Config, token: string): Promise<SessionContext> {
  const tokenHash = hashToken(token);
  const idleMs = config.session.idleMinutes * 60_000;
  const now = Date.now();
  let row = await readSession(db, tokenHash);
  // Another process may have seen the session since this one kept it: ask the database before calling it idle.
  if (row && now - row.lastSeenAt.getTime() > idleMs) row = await readSession(db, tokenHash, true);
  if (!row) throw ApiError.of('tokenInvalid');
  const lastSeen = row.lastSeenAt.getTime();
  if (row.revokedAt) throw ApiError.of('sessionExpired');
  if (row.expiresAt.getTime() <= now) throw ApiError.of('sessionExpired');
  if (now - lastSeen > idleMs) throw ApiError.of('sessionExpired');
  if (!row.userEnabled || row.accountStatus !== 1) throw ApiError.of('sessionExpired', '账号已停用，请联系管理员');
  if (now - lastSeen > touchIntervalMs(idleMs)) {
    row.lastSeenAt = new Date(now);
    await db.update(sessions).set({ lastSeenAt: row.lastSeenAt }).where(eq(sessions.id, row.sessionId));
  }
  const keys = await heldKeys(db, row.accountId);
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    accountId: row.accountId,
    tenantId: row.tenantId,
    tenantName: row.tenantName,
    loginId: row.loginId,
    userName: row.userName,
    expiresAt: row.expiresAt,
    parentId: row.parentId,
    menus: keys.menus,
    buttons: keys.buttons,
  };
}
