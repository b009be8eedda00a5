import {
  appMessage,
  appMessageKind,
  appMessagesQuery,
  appMessagesReadAnswer,
  appMessagesReadBody,
  envelope,
} from '@cp/contracts';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { appCallerOf, appDriverOf } from '../appApi/auth';
import { businessNow } from '../clock';
import type { Db, Tx } from '../db';
import { access } from '../http/access';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { appMessages } from './tables';

const feedbackNo = (id: number) => `FK${String(id).padStart(6, '0')}`;
const titles: Record<1 | 2 | 3, string> = { 1: '有新回复', 2: '已处理', 3: '已关闭' };

/**
 * A message to the feedback's driver in the app's inbox, in the staff action's transaction: a reply (1), the
 * feedback 已处理 with its result (2) or 已关闭 with the reason (3).
 */
export async function messageDriver(
  tx: Tx,
  by: { tenantId: number; userId: number | null },
  feedback: { id: number; driverId: number },
  kind: 1 | 2 | 3,
  content: string,
  at?: { createdAt: Date; readAt?: Date },
) {
  await tx.insert(appMessages).values({
    tenantId: by.tenantId,
    createdBy: by.userId,
    updatedBy: by.userId,
    ...(at ? { createdAt: at.createdAt, updatedAt: at.readAt ?? at.createdAt, readAt: at.readAt ?? null } : {}),
    driverId: feedback.driverId,
    feedbackId: feedback.id,
    kind,
    title: `您的反馈${feedbackNo(feedback.id)}${titles[kind]}`,
    content,
  });
}

const unreadOf = (tenantId: number, driverId: number) =>
  and(eq(appMessages.tenantId, tenantId), eq(appMessages.driverId, driverId), isNull(appMessages.readAt));

const tags = ['司机APP'];

/** The app's inbox: the driver's unread messages (or the latest 100 with the read ones), and marking them read. */
export const appMessageRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/app/messages',
    {
      config: { access: access.app('required') },
      schema: {
        summary: '消息：司机的未读消息（反馈的回复、已处理、已关闭），新的在前，最多100条',
        tags,
        querystring: appMessagesQuery,
        response: { 200: envelope(z.array(appMessage)) },
      },
    },
    async (request) => {
      const { tenantId } = appCallerOf(request);
      const driverId = appDriverOf(request);
      const rows = await db
        .select()
        .from(appMessages)
        .where(
          request.query.all === '1'
            ? and(eq(appMessages.tenantId, tenantId), eq(appMessages.driverId, driverId))
            : unreadOf(tenantId, driverId),
        )
        .orderBy(desc(appMessages.id))
        .limit(100);
      return ok(
        rows.map((row) => ({
          id: String(row.id),
          kind: row.kind,
          kindName: appMessageKind.label(row.kind) ?? '',
          title: row.title,
          content: row.content,
          feedbackId: String(row.feedbackId),
          feedbackNo: feedbackNo(row.feedbackId),
          createdAt: row.createdAt.toISOString(),
          readAt: row.readAt ? row.readAt.toISOString() : null,
        })),
      );
    },
  );

  app.post(
    '/api/app/messages/read',
    {
      config: { access: access.app('required') },
      schema: {
        summary: '消息：标为已读（指定的消息，或全部未读）；已读的再标不变，其他司机的消息不受影响',
        tags,
        body: appMessagesReadBody,
        response: { 200: envelope(appMessagesReadAnswer) },
      },
    },
    async (request) => {
      const { tenantId } = appCallerOf(request);
      const driverId = appDriverOf(request);
      const ids = request.body.ids?.map(Number);
      const now = businessNow();
      const read = await db
        .update(appMessages)
        .set({ readAt: now, updatedAt: now })
        .where(and(unreadOf(tenantId, driverId), ids ? inArray(appMessages.id, ids) : undefined))
        .returning({ id: appMessages.id });
      const [left] = await db.select({ n: count() }).from(appMessages).where(unreadOf(tenantId, driverId));
      return ok({ read: read.length, unread: Number(left?.n ?? 0) });
    },
  );
};
