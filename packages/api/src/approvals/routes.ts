import { type ApprovalRecord, approvalRecord, approvalRecordQuery, envelope, routesOfSection } from '@cp/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { access, sessionOf } from '../http/access';
import { notFound } from '../http/errors';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import type { PendingRegistry } from '../identity/pending';
import { users } from '../identity/tables';
import { idOf, idParams } from '../resource/routes';
import { approvalRecord as recordOf } from './engine';
import { approvalTasks } from './tables';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** An approval's record with names for the people in it. */
async function presentRecord(
  db: Db,
  found: NonNullable<Awaited<ReturnType<typeof recordOf>>>,
): Promise<ApprovalRecord> {
  const { instance, tasks, events } = found;
  const ids = [
    instance.initiatorId,
    ...tasks.map((task) => task.approverId),
    ...events.flatMap((event) => [event.userId, event.toUserId]),
  ].filter((id): id is number => id !== null);
  const named = await db
    .select({ id: users.id, name: users.userName })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  const name = (id: number | null) => (id === null ? null : (named.find((user) => user.id === id)?.name ?? `#${id}`));
  return {
    id: String(instance.id),
    title: instance.title,
    businessType: instance.businessType,
    businessId: String(instance.businessId),
    status: instance.status,
    initiatorName: name(instance.initiatorId) ?? '',
    createdAt: instance.createdAt.toISOString(),
    endedAt: iso(instance.endedAt),
    nodeIndex: instance.nodeIndex,
    nodes: instance.nodes.map((node, index) => ({
      name: node.name,
      method: node.method,
      tasks: tasks
        .filter((task) => task.nodeIndex === index)
        .map((task) => ({
          id: String(task.id),
          approverName: name(task.approverId) ?? '',
          status: task.status,
          comment: task.comment,
          createdAt: task.createdAt.toISOString(),
          handledAt: iso(task.handledAt),
        })),
    })),
    events: events.map((event) => ({
      kind: event.kind,
      userName: name(event.userId),
      nodeName: event.nodeName,
      toUserName: name(event.toUserId),
      comment: event.comment,
      at: event.createdAt.toISOString(),
    })),
  };
}

/**
 * The approval record of an instance or of a business record (its latest approval), for whoever may open
 * an approval page; and the 星海待办 badge's count, the user's open 星海 tasks.
 */
export const approvalRoutes: RoutePlugin<{ db: Db; pending: PendingRegistry }> = async (app, { db, pending }) => {
  pending.register({
    kind: 'starSea',
    async count(counting, auth) {
      const [row] = await counting
        .select({ n: sql<number>`count(*)::int` })
        .from(approvalTasks)
        .where(
          and(
            eq(approvalTasks.tenantId, auth.tenantId),
            eq(approvalTasks.approverId, auth.userId),
            eq(approvalTasks.status, 0),
            eq(approvalTasks.line, 1),
          ),
        );
      return Number(row?.n ?? 0);
    },
  });

  const pages = routesOfSection('approval')
    .filter((route) => !route.hidden)
    .map((route) => route.key);
  const tags = ['审批'];

  app.get(
    '/api/approval-instances/:id/record',
    {
      config: { access: access.permission(...pages) },
      schema: {
        summary: '审批记录（节点、审批人、操作）',
        tags,
        params: idParams,
        response: { 200: envelope(approvalRecord) },
      },
    },
    async (request) => {
      const found = await recordOf(db, sessionOf(request).tenantId, { id: idOf(request.params) });
      if (!found) throw notFound('审批');
      return ok(await presentRecord(db, found));
    },
  );

  app.get(
    '/api/approval-records',
    {
      config: { access: access.session },
      schema: {
        summary: '业务单据的最近一次审批记录',
        tags,
        querystring: approvalRecordQuery,
        response: { 200: envelope(approvalRecord.nullable()) },
      },
    },
    async (request) => {
      const { businessType, businessId } = request.query;
      const found = await recordOf(db, sessionOf(request).tenantId, {
        type: businessType,
        businessId: Number(businessId),
      });
      return ok(found ? await presentRecord(db, found) : null);
    },
  );
};
