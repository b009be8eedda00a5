import { userResource } from '@cp/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit/service';
import type { Db } from '../db';
import { access } from '../http/access';
import { notFound } from '../http/errors';
import { ok } from '../http/reply';
import { hashPassword } from '../identity/passwords';
import { sessions, users } from '../identity/tables';
import { readRow } from '../resource/read';
import { idOf, idParams } from '../resource/routes';
import { inTransaction } from '../resource/write';
import { endSessions, oneTimePassword, userFamily } from './family';

/** 重置密码: a new one-time password, answered once; the audit says it was reset, never what to. */
export async function userRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.post(
    `${userResource.endpoint}/:id/reset-password`,
    {
      config: { access: access.permission('userManagement:resetPassword') },
      schema: {
        summary: '重置密码（生成一次性密码，仅返回一次；该用户的登录全部失效）',
        tags: [userResource.title],
        params: idParams,
      },
    },
    async (request) => {
      const id = idOf(request);
      const password = oneTimePassword();
      const passwordHash = await hashPassword(password);
      await inTransaction(db, request, userFamily, async (ctx) => {
        const account = await readRow(ctx.tx, userFamily, ctx.auth.tenantId, id, true);
        if (!account) throw notFound(userResource.title);
        await ctx.tx
          .update(users)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(users.id, Number(account.userId)));
        await endSessions(ctx, eq(sessions.userId, Number(account.userId)));
        await recordAudit(ctx.tx, request, { action: 'resetPassword', entity: userResource.key, entityId: id });
      });
      return ok({ password });
    },
  );
}
