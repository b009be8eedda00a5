// What an approver decides on a task (通过, 驳回, 转交, 退回) and the initiator's 撤回, each moving the instance through
// the engine (`engine.ts`): every decision on one instance queues on its row lock.
import {
  approvalEventKinds,
  approvalInstanceStates,
  approvalMethods,
  approvalTaskStates,
  approvalTaskStatus,
} from '@cp/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { businessNow } from '../clock';
import type { Tx } from '../db';
import { rowsOf } from '../db/migrate';
import { businessError } from '../http/errors';
import { translateUnique } from '../resource/db-errors';
import type { Row, WriteContext } from '../resource/family';
import {
  adminsOf,
  approversOf,
  cancelOpenTasks,
  decidersOfOtherNodes,
  finish,
  type Instance,
  openNode,
  record,
  taskValues,
} from './engine';
import { approvalInstances, approvalTasks, type ProcessNode } from './tables';

async function instanceOf(tx: Tx, tenantId: number, id: number): Promise<Instance> {
  const [instance] = await tx
    .select()
    .from(approvalInstances)
    .where(and(eq(approvalInstances.id, id), eq(approvalInstances.tenantId, tenantId)));
  if (!instance) throw businessError('审批不存在');
  if (instance.status !== approvalInstanceStates.running) throw businessError('该审批已结束');
  return instance;
}

/** Locks the instance of task `taskId` before the task: every decision on one instance queues there. */
export async function lockInstanceOfTask(ctx: WriteContext, taskId: number): Promise<void> {
  await ctx.tx.execute(sql`
    select i.id from approval_instances i
    where i.id = (select t.instance_id from approval_tasks t where t.id = ${taskId} and t.tenant_id = ${ctx.auth.tenantId})
    for update`);
}

/** Why a user may not decide this task: it is someone else's, or decided already (by them or another). */
export function taskRefusal(ctx: WriteContext, task: Row): string | undefined {
  if (Number(task.approverId) !== ctx.auth.userId) return '这不是你的待办，不能处理';
  const status = Number(task.status);
  if (status === approvalTaskStates.cancelled) return '该待办已由他人处理或审批已结束，无需再处理';
  if (status !== approvalTaskStates.pending) return `该待办已处理（${approvalTaskStatus.label(status)}）`;
  if (Number(task.initiatorId) === ctx.auth.userId) return '不能审批自己发起的事项，请由其他审批人处理';
  return undefined;
}

const commentOf = (body: Row) => (typeof body.comment === 'string' && body.comment !== '' ? body.comment : null);

/** After a task's approval: the node is done when its method says so, and the instance moves on or ends. */
export async function approveTask(ctx: WriteContext, task: Row, body: Row): Promise<void> {
  const { tx, auth } = ctx;
  const instance = await instanceOf(tx, auth.tenantId, Number(task.instanceId));
  const taskId = Number(task.id);
  const nodeIndex = Number(task.nodeIndex);
  const comment = commentOf(body);
  await record(tx, instance, approvalEventKinds.approved, {
    userId: auth.userId,
    taskId,
    nodeName: String(task.nodeName),
    comment,
  });
  const method = Number(task.method);
  if (method === approvalMethods.any) await cancelOpenTasks(tx, instance.id, auth.userId, taskId, nodeIndex);
  if (method === approvalMethods.all) {
    const [open] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(approvalTasks)
      .where(
        and(
          eq(approvalTasks.instanceId, instance.id),
          eq(approvalTasks.nodeIndex, nodeIndex),
          eq(approvalTasks.status, approvalTaskStates.pending),
          ne(approvalTasks.id, taskId),
        ),
      );
    if (Number(open?.n) > 0) return;
  }
  if (method === approvalMethods.sequential && instance.waiting.length > 0) {
    await openWaiting(tx, instance, nodeIndex, auth.userId);
    return;
  }
  await nodeDone(tx, instance, nodeIndex, auth.userId, comment);
}

/** A node decided: the next one opens, or after the last the approval ends 已通过. */
async function nodeDone(tx: Tx, instance: Instance, nodeIndex: number, userId: number, comment: string | null) {
  const next = nodeIndex + 1;
  if (next < instance.nodes.length) await openNode(tx, instance, next, userId, userId);
  else await finish(tx, instance, 'approved', userId, comment);
}

/** The next approver of a 依次 node gets their task; one no longer enabled is passed over. */
async function openWaiting(tx: Tx, instance: Instance, nodeIndex: number, userId: number) {
  const node = instance.nodes[nodeIndex] as ProcessNode;
  const still = new Set(await approversOf(tx, instance.tenantId, node));
  const admins = new Set(await adminsOf(tx, instance.tenantId));
  const waiting = instance.waiting.filter(
    (id) => (still.has(Number(id)) || admins.has(Number(id))) && Number(id) !== instance.initiatorId,
  );
  const [nextApprover, ...rest] = waiting;
  if (nextApprover === undefined) {
    await nodeDone(tx, instance, nodeIndex, userId, null);
    return;
  }
  await tx.insert(approvalTasks).values(taskValues(instance, nodeIndex, node, Number(nextApprover), userId));
  await tx
    .update(approvalInstances)
    .set({ waiting: rest.map(Number), updatedAt: businessNow(), version: sql`${approvalInstances.version} + 1` })
    .where(eq(approvalInstances.id, instance.id));
}

/** 驳回: the instance ends rejected, with the reason, and the business record goes back. */
export async function rejectTask(ctx: WriteContext, task: Row, body: Row): Promise<void> {
  const { tx, auth } = ctx;
  const instance = await instanceOf(tx, auth.tenantId, Number(task.instanceId));
  const comment = commentOf(body);
  await record(tx, instance, approvalEventKinds.rejected, {
    userId: auth.userId,
    taskId: Number(task.id),
    nodeName: String(task.nodeName),
    comment,
  });
  await finish(tx, instance, 'rejected', auth.userId, comment);
}

/** 转交: another enabled user of the branch company takes the task over, on the same node. */
export async function transferTask(ctx: WriteContext, task: Row, body: Row): Promise<void> {
  const { tx, auth } = ctx;
  const instance = await instanceOf(tx, auth.tenantId, Number(task.instanceId));
  const toUserId = Number(body.toUserId);
  if (toUserId === auth.userId) throw businessError('转交给：不能转交给自己');
  if (toUserId === instance.initiatorId) throw businessError('转交给：不能转交给发起人，发起人不能审批自己发起的事项');
  if ((await decidersOfOtherNodes(tx, instance.id, Number(task.nodeIndex))).includes(toUserId)) {
    throw businessError('转交给：该用户已审批过本审批的其他节点，同一审批的各节点须由不同的人审批');
  }
  const enabled = rowsOf<{ ok: number }>(
    await tx.execute(sql`
      select 1 as ok from accounts a join users u on u.id = a.user_id
      where a.tenant_id = ${auth.tenantId} and a.user_id = ${toUserId} and a.status = 1 and u.enabled`),
  );
  if (enabled.length === 0) throw businessError('转交给：该用户不存在或已停用');
  const canOpen = rowsOf<{ ok: number }>(
    await tx.execute(sql`
      select 1 as ok from accounts a
      join account_roles ar on ar.account_id = a.id
      join roles r on r.id = ar.role_id
      where a.tenant_id = ${auth.tenantId} and a.user_id = ${toUserId} and 'tobeDone' = any(r.menu_keys)
      limit 1`),
  );
  if (canOpen.length === 0) throw businessError('转交给：该用户没有「待办事项」权限，无法处理待办');
  try {
    const node = { name: String(task.nodeName), method: Number(task.method) };
    await tx.insert(approvalTasks).values(taskValues(instance, Number(task.nodeIndex), node, toUserId, auth.userId));
  } catch (error) {
    throw translateUnique(error, { approval_tasks_open_key: '转交给：该用户在此节点已有待办' });
  }
  await record(tx, instance, approvalEventKinds.transferred, {
    userId: auth.userId,
    taskId: Number(task.id),
    nodeName: String(task.nodeName),
    toUserId,
    comment: commentOf(body),
  });
}

/** 退回: back to the node before, whose approvers decide again; the first node cannot be sent back. */
export async function sendBackTask(ctx: WriteContext, task: Row, body: Row): Promise<void> {
  const { tx, auth } = ctx;
  const instance = await instanceOf(tx, auth.tenantId, Number(task.instanceId));
  const nodeIndex = Number(task.nodeIndex);
  if (nodeIndex === 0) throw businessError('已是第一个审批节点，不能退回；如需发起人修改，请驳回');
  await cancelOpenTasks(tx, instance.id, auth.userId, Number(task.id));
  await record(tx, instance, approvalEventKinds.sentBack, {
    userId: auth.userId,
    taskId: Number(task.id),
    nodeName: String(task.nodeName),
    comment: commentOf(body),
  });
  await openNode(tx, instance, nodeIndex - 1, auth.userId);
}

/** 撤回 by the initiator: the open tasks are cancelled and the business record goes back. */
export async function withdrawInstance(ctx: WriteContext, row: Row): Promise<void> {
  const instance = await instanceOf(ctx.tx, ctx.auth.tenantId, Number(row.id));
  await record(ctx.tx, instance, approvalEventKinds.withdrawn, { userId: ctx.auth.userId });
  await finish(ctx.tx, instance, 'withdrawn', ctx.auth.userId, null, false);
}
