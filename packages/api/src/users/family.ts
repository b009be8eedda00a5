import { randomInt } from 'node:crypto';
import { userResource, userScreens } from '@cp/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { businessError } from '../http/errors';
import { hashPassword } from '../identity/passwords';
import { forgetHeldKeys, forgetSession } from '../identity/sessions';
import { accountRoles, accounts, roles, sessions, users } from '../identity/tables';
import { defineServerResource, type Row, type WriteContext } from '../resource/family';
import { superAdminRoleCode } from '../seed/platform';

const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const symbols = '@#$%&*';

/** Ten characters of letters, digits and a symbol (SPEC §5's password rule), without look-alikes (0/O, 1/l). */
export function oneTimePassword(): string {
  const chars = Array.from({ length: 9 }, () => alphabet[randomInt(alphabet.length)]);
  chars.splice(randomInt(10), 0, symbols[randomInt(symbols.length)]);
  return /\d/.test(chars.join('')) ? chars.join('') : `${chars.join('').slice(0, 9)}${randomInt(2, 10)}`;
}

/** Ends every session of these accounts now (here at once, in other processes within seconds). */
export async function endSessions(ctx: WriteContext, where: ReturnType<typeof eq>) {
  const ended = await ctx.tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: 'disabled' })
    .where(and(where, isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  ctx.afterCommit(() => {
    for (const { id } of ended) forgetSession(ctx.db, id);
  });
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
  async insert(values, ctx) {
    const password = oneTimePassword();
    const [user] = await ctx.tx
      .insert(users)
      .values({ ...profile(values), loginId: String(values.loginId), passwordHash: await hashPassword(password) })
      .returning({ id: users.id });
    const [account] = await ctx.tx
      .insert(accounts)
      .values({
        userId: Number(user?.id),
        tenantId: ctx.auth.tenantId,
        createdBy: ctx.auth.userId,
        updatedBy: ctx.auth.userId,
      })
      .returning({ id: accounts.id });
    ctx.answer.password = password;
    ctx.afterCommit(() => forgetHeldKeys(ctx.db));
    return Number(account?.id);
  },
  async update(id, values, ctx, before) {
    if ((await builtIn(ctx, before.userId)) && values.roleIds) {
      const kept = await ctx.tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(inArray(roles.id, values.roleIds as number[]), eq(roles.code, superAdminRoleCode)));
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
  },
});
