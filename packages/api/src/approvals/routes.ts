import {
  type ApprovalRecord,
  approvalBusinesses,
  approvalRecord,
  approvalRecordQuery,
  envelope,
  routesByKey,
  routesOfSection,
} from '@cp/contracts';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db';
import { access, hasPermission, sessionOf } from '../http/access';
import { forbidden, notFound } from '../http/errors';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import type { PendingRegistry } from '../identity/pending';
import type { SessionContext } from '../identity/sessions';
import { users } from '../identity/tables';
import { getRow } from '../resource/read';
import { idOf, idParams } from '../resource/routes';
import { businessFamilyOf } from './business';
import { approvalRecord as recordOf } from './engine';
import { approvalInstances, approvalTasks } from './tables';

/** Whether the user started an approval of the business record or was ever asked to decide on one. */
async function involved(db: Db, tenantId: number, userId: number, businessType: number, businessId: number) {
  const [task] = await db
    .select({ id: approvalTasks.id })
    .from(approvalTasks)
    .where(
      and(
        eq(approvalTasks.tenantId, tenantId),
        eq(approvalTasks.businessType, businessType),
        eq(approvalTasks.businessId, businessId),
        or(eq(approvalTasks.approverId, userId), eq(approvalTasks.initiatorId, userId)),
      ),
    )
    .limit(1);
  if (task) return true;
  const [started] = await db
    .select({ id: approvalInstances.id })
    .from(approvalInstances)
    .where(
      and(
        eq(approvalInstances.tenantId, tenantId),
        eq(approvalInstances.businessType, businessType),
        eq(approvalInstances.businessId, businessId),
        eq(approvalInstances.initiatorId, userId),
      ),
    )
    .limit(1);
  return started !== undefined;
}

/**
 * Whether the session may read an approval of a business record, or the record itself as its approvers see it:
 * the rule of the business — its page's menu key — or being one of its approvers or its initiator. Holding an
 * approval page (待办事项, which every role has) is not enough: that read any 押金退款's amounts and comments.
 */
async function mayReadApproval(db: Db, auth: SessionContext, businessType: number, businessId: number) {
  const key = businessPageKey(businessType);
  if (key && hasPermission(auth, [key])) return true;
  return involved(db, auth.tenantId, auth.userId, businessType, businessId);
}

/** The menu key of the page a business type's records are read on (its `page`, else its resource's own). */
function businessPageKey(businessType: number): string | undefined {
  const business = approvalBusinesses[businessType];
  if (!business) return undefined;
  return business.page ? routesByKey.get(business.page)?.menuKey : business.resource.permissions.list;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** An approval's record with names for the people in it. */
async function presentRecord(
  db: Db,
  found: NonNullable<Awaited<ReturnType<typeof recordOf>>>,
  viewerId: number,
): Promise<ApprovalRecord> {
  const { instance, tasks, events } = found;
  const mine = tasks.find((task) => task.approverId === viewerId && task.status === 0);
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
    myTaskId: mine ? String(mine.id) : null,
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
        summary: '审批记录（节点、审批人、操作；审批人、发起人或有该业务页面权限者可读）',
        tags,
        params: idParams,
        response: { 200: envelope(approvalRecord) },
      },
    },
    async (request) => {
      const auth = sessionOf(request);
      const found = await recordOf(db, auth.tenantId, { id: idOf(request.params) });
      if (!found) throw notFound('审批');
      const { businessType, businessId } = found.instance;
      if (!(await mayReadApproval(db, auth, businessType, businessId))) throw forbidden();
      return ok(await presentRecord(db, found, auth.userId));
    },
  );

  app.get(
    '/api/approval-records',
    {
      config: { access: access.session },
      schema: {
        summary: '业务单据的最近一次审批记录（审批人、发起人或有该业务页面权限者可读）',
        tags,
        querystring: approvalRecordQuery,
        response: { 200: envelope(approvalRecord.nullable()) },
      },
    },
    async (request) => {
      const auth = sessionOf(request);
      const { businessType } = request.query;
      const businessId = Number(request.query.businessId);
      if (!(await mayReadApproval(db, auth, businessType, businessId))) throw forbidden();
      const found = await recordOf(db, auth.tenantId, { type: businessType, businessId });
      return ok(found ? await presentRecord(db, found, auth.userId) : null);
    },
  );

  app.get(
    '/api/approval-business',
    {
      config: { access: access.session },
      schema: {
        summary: '审批的业务单据（审批人、发起人或有该业务页面权限者可读）',
        tags,
        querystring: approvalRecordQuery,
        response: { 200: envelope(z.record(z.string(), z.unknown())) },
      },
    },
    async (request) => {
      const auth = sessionOf(request);
      const { businessType, businessId } = request.query;
      const family = businessFamilyOf(businessType);
      if (!family) throw notFound('业务单据');
      const id = Number(businessId);
      if (!(await mayReadApproval(db, auth, businessType, id))) throw forbidden();
      return ok(await getRow(db, family, auth.tenantId, id));
    },
  );
};
