import { userResource, userScreens } from '@cp/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { writtenBy } from '../db/columns';
import { businessError } from '../http/errors';
import { hashPassword, oneTimePassword } from '../identity/passwords';
import { forgetHeldKeys, forgetSessions } from '../identity/session-cache';
import { revokeSessions } from '../identity/sessions';
import { accountRoles, accounts, roles, sessions, users } from '../identity/tables';
import { defineServerResource, type Row, type WriteContext } from '../resource/family';
import { superAdminRoleCode } from '../seed/platform';

/** Ends the sessions `where` matches: in every process before the request answers. */
async function endSessions(ctx: WriteContext, where: SQL) {
  const ended = await revokeSessions(ctx.tx, where, 'userManagement');
  ctx.afterCommit(() => forgetSessions(ctx.db, ended));
}

async function builtIn(ctx: WriteContext, userId: unknown): Promise<boolean> {
  const [user] = await ctx.tx
    .select({ builtIn: users.builtIn })
    .from(users)
    .where(eq(users.id, Number(userId)));
  return user?.builtIn === true;
}

const profile = ({ userName, code, mobile, email }: Row) =>
  ({ userName, code, mobile, email }) as typeof users.$inferInsert;

/** 用户管理: the accounts of the branch company, each a user (shared across branches) with roles here. */
export const userFamily = defineServerResource({
  resource: userResource,
  table: accounts,
  screens: Object.values(userScreens),
  parent: {
    table: users,
    via: accounts.userId,
    id: users.id,
    columns: {
      loginId: users.loginId,
      userName: users.userName,
      code: users.code,
      mobile: users.mobile,
      email: users.email,
    },
  },
  computed: {
    tenantNames: sql<
      string[]
    >`(select coalesce(array_agg(t.name order by t.id), '{}') from accounts a join tenants t on t.id = a.tenant_id where a.user_id = ${accounts.userId})`,
    lastLoginAt: sql<Date | null>`(select max(s.created_at) from sessions s where s.account_id = ${accounts.id})`,
  },
  links: {
    roleIds: {
      table: accountRoles,
      own: accountRoles.accountId,
      other: accountRoles.roleId,
      values: (ctx) => ({ tenantId: ctx.auth.tenantId }),
    },
  },
  constraints: { users_login_id_key: 'loginId', users_code_key: 'code' },
  normalize: (values) =>
    typeof values.loginId === 'string' ? { ...values, loginId: values.loginId.toLowerCase() } : values,
  // A new user and their account here; the answer carries their one-time password.
  async insert(values, ctx) {
    ctx.answer.password = oneTimePassword();
    const passwordHash = await hashPassword(String(ctx.answer.password));
    const [user] = await ctx.tx
      .insert(users)
      .values({ ...profile(values), loginId: String(values.loginId), passwordHash })
      .returning({ id: users.id });
    const [account] = await ctx.tx
      .insert(accounts)
      .values({
        userId: Number(user?.id),
        ...writtenBy(ctx.auth),
      })
      .returning({ id: accounts.id });
    ctx.afterCommit(() => forgetHeldKeys(ctx.db));
    return Number(account?.id);
  },
  async update(id, values, ctx, before) {
    if ((await builtIn(ctx, before.userId)) && values.roleIds) {
      const kept = await ctx.tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(inArray(roles.id, values.roleIds), eq(roles.code, superAdminRoleCode)));
      if (kept.length === 0) throw businessError('内置超级管理员不能移除超级管理员角色');
    }
    await ctx.tx
      .update(users)
      .set({ ...profile(values), updatedAt: new Date() })
      .where(eq(users.id, Number(before.userId)));
    await ctx.tx
      .update(accounts)
      .set({ version: Number(before.version) + 1, updatedAt: new Date(), updatedBy: ctx.auth.userId })
      .where(eq(accounts.id, id));
    ctx.afterCommit(() => forgetHeldKeys(ctx.db));
  },
  actions: {
    disable: {
      async run(ctx, account) {
        if (Number(account.id) === ctx.auth.accountId) throw businessError('不能停用自己的账号');
        if (await builtIn(ctx, account.userId)) throw businessError('内置超级管理员不能停用');
        await endSessions(ctx, eq(sessions.accountId, Number(account.id)));
        return null;
      },
    },
    // The answer is the new password, once; the audit says it was reset, never what to.
    resetPassword: {
      async run(ctx, account) {
        const password = oneTimePassword();
        const passwordHash = await hashPassword(password);
        await ctx.tx
          .update(users)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(users.id, Number(account.userId)));
        await endSessions(ctx, eq(sessions.userId, Number(account.userId)));
        return { password };
      },
    },
  },
});
