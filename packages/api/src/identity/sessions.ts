import { consoleAppId } from '@cp/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db, Executor } from '../db';
import { rowsOf } from '../db/migrate';
import { ApiError } from '../http/errors';
import { sessions } from './tables';
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
  menus: ReadonlySet<string>;
  buttons: ReadonlySet<string>;
}

interface SessionRow {
  session_id: number;
  user_id: number;
  account_id: number;
  tenant_id: number;
  tenant_name: string;
  login_id: string;
  user_name: string;
  last_seen_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  active: boolean;
  menus: string[] | null;
  buttons: string[] | null;
}

/** Last-seen is written at most this often, so reads do not each cost a write. */
const touchIntervalMs = 60_000;

export async function createSession(
  db: Executor,
  config: Config,
  input: { userId: number; accountId: number; tenantId: number; clientAddress: string; userAgent?: string | undefined },
): Promise<{ token: string; expiresIn: number }> {
  const token = newToken();
  const expiresIn = config.session.absoluteHours * 3600;
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: input.userId,
    accountId: input.accountId,
    tenantId: input.tenantId,
    expiresAt: new Date(Date.now() + expiresIn * 1000),
    clientAddress: input.clientAddress,
    userAgent: input.userAgent?.slice(0, 300),
  });
  return { token, expiresIn };
}

export async function revokeSession(db: Executor, sessionId: number, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * The session for a token, with the menu and button keys of its account's roles.
 * Throws 1001 for an unknown token and 1002 for an expired, idle or revoked one.
 */
export async function resolveSession(db: Db, config: Config, token: string): Promise<SessionContext> {
  const result = await db.execute(sql`
    select s.id as session_id, s.user_id, s.account_id, s.tenant_id, t.name as tenant_name,
      u.login_id, u.user_name, s.last_seen_at, s.expires_at, s.revoked_at,
      (u.enabled and a.enabled) as active,
      (select array_agg(distinct k) from account_roles ar join roles r on r.id = ar.role_id
        cross join unnest(r.menu_keys) k where ar.account_id = s.account_id and r.app_id = ${consoleAppId}) as menus,
      (select array_agg(distinct k) from account_roles ar join roles r on r.id = ar.role_id
        cross join unnest(r.button_keys) k where ar.account_id = s.account_id and r.app_id = ${consoleAppId}) as buttons
    from sessions s
      join users u on u.id = s.user_id
      join accounts a on a.id = s.account_id
      join tenants t on t.id = s.tenant_id
    where s.token_hash = ${hashToken(token)}`);
  const row = rowsOf<SessionRow>(result)[0];
  if (!row) throw ApiError.of('tokenInvalid');
  const now = Date.now();
  const lastSeen = new Date(row.last_seen_at).getTime();
  if (row.revoked_at) throw ApiError.of('sessionExpired');
  if (new Date(row.expires_at).getTime() <= now) throw ApiError.of('sessionExpired');
  if (now - lastSeen > config.session.idleMinutes * 60_000) throw ApiError.of('sessionExpired');
  if (!row.active) throw ApiError.of('sessionExpired', '账号已停用，请联系管理员');
  const sessionId = Number(row.session_id);
  if (now - lastSeen > touchIntervalMs) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, sessionId));
  }
  return {
    sessionId,
    userId: Number(row.user_id),
    accountId: Number(row.account_id),
    tenantId: Number(row.tenant_id),
    tenantName: row.tenant_name,
    loginId: row.login_id,
    userName: row.user_name,
    menus: new Set(row.menus ?? []),
    buttons: new Set(row.buttons ?? []),
  };
}
