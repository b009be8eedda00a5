import {
  type AccountRow,
  buildMenuTree,
  consoleAppId,
  type LoginResult,
  type RoleCode,
  type RoleMenu,
} from '@cp/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../audit/service';
import type { Config } from '../config';
import type { Db } from '../db';
import { businessError, forbidden } from '../http/errors';
import { verifyPassword } from './passwords';
import { forgetSessions } from './session-cache';
import { createSession, replaceSession, type SessionContext } from './sessions';
import { accountRoles, accounts, roles, sessions, tenants, users } from './tables';
import { reserveLoginAttempt, settleLoginAttempt } from './throttle';

export interface ClientInfo {
  address: string;
  userAgent?: string | undefined;
}

const wrongCredentials = '账号或密码错误';

function loginResult(token: string, expiresIn: number): LoginResult {
  return { access_token: token, token_type: 'bearer', expires_in: expiresIn };
}

/** The account a user lands in: the one of their latest session, else their first enabled one. */
async function defaultAccount(db: Db, userId: number) {
  const recent = await db
    .select({ accountId: sessions.accountId })
    .from(sessions)
    .innerJoin(accounts, and(eq(accounts.id, sessions.accountId), eq(accounts.status, 1)))
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.id))
    .limit(1);
  const [account] = await db
    .select({ id: accounts.id, tenantId: accounts.tenantId })
    .from(accounts)
    .where(
      recent[0] ? and(eq(accounts.id, recent[0].accountId)) : and(eq(accounts.userId, userId), eq(accounts.status, 1)),
    )
    .orderBy(asc(accounts.id))
    .limit(1);
  return account;
}

/** Why a user with the right password has no branch company to land in: every account stopped, or none. */
async function noAccountReason(db: Db, userId: number): Promise<string> {
  const [held] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.userId, userId)).limit(1);
  return held ? '账号已停用，请联系管理员' : '该账号未开通任何分公司，请联系管理员';
}

export async function passwordLogin(
  db: Db,
  config: Config,
  input: { loginId: string; password: string },
  client: ClientInfo,
): Promise<{ result: LoginResult; actor: Actor }> {
  const loginId = input.loginId.toLowerCase();
  const attemptId = await reserveLoginAttempt(db, config, { loginId, address: client.address });
  const [user] = await db
    .select({ id: users.id, userName: users.userName, passwordHash: users.passwordHash, enabled: users.enabled })
    .from(users)
    .where(eq(sql`lower(${users.loginId})`, loginId))
    .limit(1);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid || !user.enabled) throw businessError(wrongCredentials);
  await settleLoginAttempt(db, attemptId);
  const account = await defaultAccount(db, user.id);
  if (!account) throw businessError(await noAccountReason(db, user.id));
  const session = await createSession(db, config, {
    userId: user.id,
    accountId: account.id,
    tenantId: account.tenantId,
    clientAddress: client.address,
    userAgent: client.userAgent,
  });
  return {
    result: loginResult(session.token, session.expiresIn),
    actor: { userId: user.id, tenantId: account.tenantId, userName: user.userName },
  };
}

/**
 * A new session of the same login (it ends when `auth`'s would, never later), for `account`: in `auth`'s
 * place — the old token stops working (`replace` says why) — or opened from it and revoked with it.
 */
async function continueLogin(
  db: Db,
  config: Config,
  auth: SessionContext,
  client: ClientInfo,
  account: { accountId: number; tenantId: number },
  how: { replace: string } | 'openFrom',
): Promise<LoginResult> {
  const replace = how === 'openFrom' ? undefined : how.replace;
  const session = await db.transaction(async (tx) => {
    const created = await createSession(tx, config, {
      userId: auth.userId,
      ...account,
      clientAddress: client.address,
      userAgent: client.userAgent,
      from: { expiresAt: auth.expiresAt, parentId: replace ? auth.parentId : auth.sessionId },
    });
    if (replace) await replaceSession(tx, auth, created.sessionId, replace);
    return created;
  });
  // Again once committed: a read between the change and the commit may have cached the old session.
  await forgetSessions(db, [auth.sessionId]);
  return loginResult(session.token, session.expiresIn);
}

/**
 * A session for the account of a valid token. With `consume` (a token a page was opened with, which has
 * been in a URL, a history and perhaps a log), the new session takes the token's place and the token stops
 * working; otherwise (a link from another internal system that keeps its own session) the new session is
 * opened from it. Either way it ends when the token's session would have ended, never later, and one opened
 * from a token is revoked with it.
 */
export function tokenLogin(
  db: Db,
  config: Config,
  auth: SessionContext,
  client: ClientInfo,
  options: { consume: boolean },
): Promise<LoginResult> {
  const account = { accountId: auth.accountId, tenantId: auth.tenantId };
  return continueLogin(db, config, auth, client, account, options.consume ? { replace: 'exchanged' } : 'openFrom');
}

export async function switchAccount(
  db: Db,
  config: Config,
  auth: SessionContext,
  input: { appId: string; loginId: string; tenantId: number },
  client: ClientInfo,
): Promise<LoginResult> {
  if (input.appId !== consoleAppId) throw businessError('应用编号不正确');
  if (input.loginId.toLowerCase() !== auth.loginId.toLowerCase()) throw forbidden();
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, auth.userId), eq(accounts.tenantId, input.tenantId), eq(accounts.status, 1)))
    .limit(1);
  if (!account) throw businessError('无权切换到该分公司');
  // The same login in another branch company: it keeps the login's absolute expiry.
  return continueLogin(
    db,
    config,
    auth,
    client,
    { accountId: account.id, tenantId: input.tenantId },
    {
      replace: 'switch',
    },
  );
}

async function rolesOfAccount(db: Db, accountId: number, appId = consoleAppId) {
  return db
    .select({ code: roles.code, name: roles.name, menuKeys: roles.menuKeys, buttonKeys: roles.buttonKeys })
    .from(accountRoles)
    .innerJoin(roles, eq(roles.id, accountRoles.roleId))
    .where(and(eq(accountRoles.accountId, accountId), eq(roles.appId, appId)))
    .orderBy(asc(roles.id));
}

export async function roleMenu(db: Db, auth: SessionContext, appId: string): Promise<RoleMenu> {
  if (appId === consoleAppId) {
    return { menuData: buildMenuTree(auth.menus), authBtnData: [...auth.buttons].sort() };
  }
  const held = await rolesOfAccount(db, auth.accountId, appId);
  return {
    menuData: buildMenuTree(new Set(held.flatMap((role) => role.menuKeys))),
    authBtnData: [...new Set(held.flatMap((role) => role.buttonKeys))].sort(),
  };
}

export async function profile(db: Db, auth: SessionContext) {
  const [user] = await db
    .select({
      id: users.id,
      loginId: users.loginId,
      userName: users.userName,
      code: users.code,
      mobile: users.mobile,
      email: users.email,
      avatar: users.avatar,
    })
    .from(users)
    .where(eq(users.id, auth.userId));
  if (!user) throw forbidden();
  const held = await rolesOfAccount(db, auth.accountId);
  const roleCodes: RoleCode[] = held.map((role) => ({ code: role.code, name: role.name }));
  return { user, roleCodes };
}

export async function accountRows(db: Db, auth: SessionContext): Promise<AccountRow[]> {
  const rows = await db
    .select({
      accountId: accounts.id,
      tenantId: accounts.tenantId,
      tenantName: tenants.name,
      loginId: users.loginId,
      userName: users.userName,
      roleName: sql<string | null>`(select string_agg(r.name, '、' order by r.id) from ${accountRoles} ar
        join ${roles} r on r.id = ar.role_id where ar.account_id = ${accounts.id} and r.app_id = ${consoleAppId})`,
    })
    .from(accounts)
    .innerJoin(tenants, eq(tenants.id, accounts.tenantId))
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(accounts.userId, auth.userId), eq(accounts.status, 1)))
    .orderBy(asc(accounts.tenantId));
  return rows.map((row) => ({
    tenantName: row.tenantName,
    loginId: row.loginId,
    userName: row.userName,
    roleName: row.roleName ?? '',
    tenantId: String(row.tenantId),
    currentUser: row.accountId === auth.accountId,
  }));
}
