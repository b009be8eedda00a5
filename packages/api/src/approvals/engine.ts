import {
  approvalBusinessType,
  approvalEventKinds,
  approvalInstanceStates,
  approvalMethods,
  approvalTaskStates,
  approvalTaskStatus,
} from '@cp/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { businessNow } from '../clock';
import type { Executor, Tx } from '../db';
import { writtenBy } from '../db/columns';
import { rowsOf } from '../db/migrate';
import { businessError } from '../http/errors';
import { translateUnique } from '../resource/db-errors';
import type { Row, WriteContext } from '../resource/family';
import { superAdminRoleCode } from '../seed/platform';
import { approvalEvents, approvalInstances, approvalProcesses, approvalTasks, type ProcessNode } from './tables';

export type ApprovalOutcome = 'approved' | 'rejected' | 'withdrawn';

/** What a business module hears when one of its approvals ends: in the same transaction as the decision. */
interface OutcomeEvent {
  tx: Tx;
  tenantId: number;
  businessId: number;
  instanceId: number;
  outcome: ApprovalOutcome;
  /** Who decided (the last approver, or the initiator who withdrew). */
  userId: number;
  comment: string | null;
}

type OutcomeHandler = (event: OutcomeEvent) => Promise<void>;
const handlers = new Map<number, OutcomeHandler[]>();

/**
 * The business module of `businessType` follows its approvals' outcomes: 通过 moves its record on, 驳回 and
 * 撤回 send it back. Registered when the module loads; subscribers of one type are called in the order they
 * registered (a 线下收款's state first, then the bill it pays).
 */
export function onApprovalOutcome(businessType: number, handler: OutcomeHandler): void {
  handlers.set(businessType, [...(handlers.get(businessType) ?? []), handler]);
}

/** The columns a record whose state is its approval's outcome keeps (线下收款, 产品报价). */
interface DecidedTable extends PgTable {
  id: PgColumn;
  tenantId: PgColumn;
  status: PgColumn;
  decidedAt: PgColumn;
  updatedAt: PgColumn;
  updatedBy: PgColumn;
}

/**
 * A business whose record only waits for its approval: each outcome sets the record's state and when it was
 * decided, once — a record no longer `pending` is left as it is.
 */
export function stateFollowsApproval(
  businessType: number,
  table: DecidedTable,
  pending: number,
  states: Readonly<Record<ApprovalOutcome, number>>,
): void {
  onApprovalOutcome(businessType, async ({ tx, tenantId, businessId, outcome, userId }) => {
    const now = businessNow();
    await tx
      .update(table)
      .set({ status: states[outcome], decidedAt: now, updatedAt: now, updatedBy: userId } as never)
      .where(and(eq(table.id, businessId), eq(table.tenantId, tenantId), eq(table.status, pending)));
  });
}

type Instance = typeof approvalInstances.$inferSelect;

export interface StartApproval {
  businessType: number;
  businessId: number;
  /** The business summary the to-do lists show: `线下收款 张三 1,200.00元`. */
  title: string;
  line?: number | null;
}

/**
 * The enabled users of the branch company among the node's users (in their order: a 依次 node's order) and
 * the holders of its roles (by id, after them).
 */
async function approversOf(tx: Tx, tenantId: number, node: ProcessNode): Promise<number[]> {
  const userIds = `{${node.userIds.join(',')}}`;
  const roleIds = `{${node.roleIds.join(',')}}`;
  const rows = rowsOf<{ user_id: number }>(
    await tx.execute(sql`
      select a.user_id from accounts a join users u on u.id = a.user_id
      where a.tenant_id = ${tenantId} and a.status = 1 and u.enabled
        and (a.user_id = any(${userIds}::bigint[])
          or exists (select 1 from account_roles r where r.account_id = a.id and r.role_id = any(${roleIds}::bigint[])))
      order by array_position(${userIds}::bigint[], a.user_id) nulls last, a.user_id`),
  );
  return rows.map((row) => Number(row.user_id));
}

async function record(
  tx: Tx,
  instance: Pick<Instance, 'id' | 'tenantId'>,
  kind: number,
  values: { userId?: number | null; taskId?: number; nodeName?: string; toUserId?: number; comment?: string | null },
) {
  await tx.insert(approvalEvents).values({
    tenantId: instance.tenantId,
    instanceId: instance.id,
    kind,
    userId: values.userId ?? null,
    taskId: values.taskId ?? null,
    nodeName: values.nodeName ?? null,
    toUserId: values.toUserId ?? null,
    comment: values.comment ?? null,
  });
}

/** The row of a new open task of `approverId` on a node of the instance (its type, line, title copied). */
function taskValues(
  instance: Instance,
  nodeIndex: number,
  node: Pick<ProcessNode, 'name' | 'method'>,
  approverId: number,
  userId: number,
) {
  return {
    instanceId: instance.id,
    businessType: instance.businessType,
    businessId: instance.businessId,
    title: instance.title,
    line: instance.line,
    initiatorId: instance.initiatorId,
    nodeIndex,
    nodeName: node.name,
    method: node.method,
    approverId,
    ...writtenBy({ tenantId: instance.tenantId, userId }),
  };
}

/**
 * The enabled administrators of the branch company (holders of the built-in 超级管理员 role), by id: they take
 * a node whose only approvers are the initiator or someone who already decided the approval.
 */
async function adminsOf(tx: Tx, tenantId: number): Promise<number[]> {
  const rows = rowsOf<{ user_id: number }>(
    await tx.execute(sql`
      select distinct a.user_id from accounts a
      join users u on u.id = a.user_id
      join account_roles ar on ar.account_id = a.id
      join roles r on r.id = ar.role_id
      where a.tenant_id = ${tenantId} and a.status = 1 and u.enabled and r.code = ${superAdminRoleCode}
      order by a.user_id`),
  );
  return rows.map((row) => Number(row.user_id));
}

/** Who passed another node of the instance: they do not decide a second one (two different people). */
async function decidersOfOtherNodes(tx: Tx, instanceId: number, nodeIndex: number): Promise<number[]> {
  const rows = await tx
    .select({ approverId: approvalTasks.approverId })
    .from(approvalTasks)
    .where(
      and(
        eq(approvalTasks.instanceId, instanceId),
        ne(approvalTasks.nodeIndex, nodeIndex),
        eq(approvalTasks.status, approvalTaskStates.approved),
      ),
    );
  return rows.map((row) => Number(row.approverId));
}

/**
 * Separation of duties: the node's approvers without the initiator (nobody approves what they started) and
 * without whoever passed another node of it (each node a different person). Where that leaves nobody, the
 * branch company's administrator decides; a 会签 node that lost one of its signers has the administrator sign
 * in their place, so it still takes as many people. Never the initiator: with no one else, it is refused.
 */
async function eligibleApprovers(
  tx: Tx,
  instance: Instance,
  nodeIndex: number,
  node: ProcessNode,
  justPassedBy: number | undefined,
) {
  const named = await approversOf(tx, instance.tenantId, node);
  if (named.length === 0) throw businessError(`审批节点「${node.name}」没有可用的审批人，请联系管理员设置审批流程`);
  const excluded = new Set([instance.initiatorId, ...(await decidersOfOtherNodes(tx, instance.id, nodeIndex))]);
  if (justPassedBy !== undefined) excluded.add(justPassedBy);
  const eligible = named.filter((id) => !excluded.has(id));
  const lostSigner = eligible.length < named.length && node.method === approvalMethods.all;
  if (eligible.length > 0 && !lostSigner) return eligible;
  const admin = (await adminsOf(tx, instance.tenantId)).find((id) => !excluded.has(id) && !eligible.includes(id));
  if (admin !== undefined) return [...eligible, admin];
  if (eligible.length > 0) return eligible;
  throw businessError(
    `审批节点「${node.name}」除发起人和已审批的人外没有其他审批人，不能自己审批自己发起的事项，请联系管理员设置审批流程`,
  );
}

/**
 * Opens the node's tasks: one per approver, or the first of a 依次 node (the rest wait their turn).
 * `justPassedBy`: the approver whose 通过 closed the node before (their task is marked after this step).
 */
async function openNode(tx: Tx, instance: Instance, nodeIndex: number, userId: number, justPassedBy?: number) {
  const node = instance.nodes[nodeIndex];
  if (!node) throw new Error(`approval ${instance.id} has no node ${nodeIndex}`);
  const approvers = await eligibleApprovers(tx, instance, nodeIndex, node, justPassedBy);
  const sequential = node.method === approvalMethods.sequential;
  const [first, ...rest] = approvers;
  const opened = sequential ? [first as number] : approvers;
  await tx
    .insert(approvalTasks)
    .values(opened.map((approverId) => taskValues(instance, nodeIndex, node, approverId, userId)));
  await tx
    .update(approvalInstances)
    .set({
      nodeIndex,
      nodeName: node.name,
      waiting: sequential ? rest : [],
      updatedAt: businessNow(),
      updatedBy: userId,
      version: sql`${approvalInstances.version} + 1`,
    })
    .where(eq(approvalInstances.id, instance.id));
}

/**
 * Starts the approval of a business record in the caller's transaction: the type's process (enabled, of the
 * branch company), its first node's tasks, a 提交 in its record. Refused while the record has one running.
 */
export async function startApproval(
  ctx: { tx: Tx; auth: Pick<WriteContext['auth'], 'tenantId' | 'userId'> },
  start: StartApproval,
): Promise<number> {
  const { tx, auth } = ctx;
  const typeName = approvalBusinessType.label(start.businessType);
  const [process] = await tx
    .select()
    .from(approvalProcesses)
    .where(
      and(
        eq(approvalProcesses.tenantId, auth.tenantId),
        eq(approvalProcesses.businessType, start.businessType),
        eq(approvalProcesses.enabled, true),
      ),
    );
  if (!process || process.nodes.length === 0) {
    throw businessError(`「${typeName}」没有启用的审批流程，请联系管理员设置`);
  }
  let instance: Instance | undefined;
  try {
    [instance] = await tx
      .insert(approvalInstances)
      .values({
        businessType: start.businessType,
        businessId: start.businessId,
        title: start.title,
        line: start.line ?? null,
        initiatorId: auth.userId,
        nodes: process.nodes,
        nodeName: process.nodes[0]?.name ?? '',
        ...writtenBy(auth),
      })
      .returning();
  } catch (error) {
    throw translateUnique(error, { approval_instances_running_key: `该${typeName}已在审批中` });
  }
  if (!instance) throw new Error('insert returned no row');
  await record(tx, instance, approvalEventKinds.submitted, { userId: auth.userId });
  await openNode(tx, instance, 0, auth.userId);
  return instance.id;
}

/** A table whose rows are sent to approval as they are made: an id, and the tenant and author stamps. */
type SubmittedTable = PgTable & { id: PgColumn; tenantId: PgColumn; createdBy: PgColumn; updatedBy: PgColumn };

/**
 * Makes a business record that asks for a decision — stamped with the session's branch company and user — and
 * starts its approval in the same transaction (a 减免, a 线下收款 voucher, a 零售工单); answers the record's id.
 */
export async function insertForApproval<T extends SubmittedTable>(
  ctx: { tx: Tx; auth: Pick<WriteContext['auth'], 'tenantId' | 'userId'> },
  table: T,
  values: Omit<T['$inferInsert'], 'tenantId' | 'createdBy' | 'updatedBy'>,
  approval: Omit<StartApproval, 'businessId'>,
): Promise<number> {
  const [made] = await ctx.tx
    .insert(table)
    .values({ ...values, ...writtenBy(ctx.auth) } as T['$inferInsert'])
    .returning({ id: table.id });
  const id = Number(made?.id);
  if (!made || !Number.isSafeInteger(id)) throw new Error('insert returned no row');
  await startApproval(ctx, { ...approval, businessId: id });
  return id;
}

/** Cancels the open tasks of an instance (of one node, when given) other than `except`. */
async function cancelOpenTasks(tx: Tx, instanceId: number, userId: number, except?: number, nodeIndex?: number) {
  await tx
    .update(approvalTasks)
    .set({ status: approvalTaskStates.cancelled, updatedAt: businessNow(), updatedBy: userId })
    .where(
      and(
        eq(approvalTasks.instanceId, instanceId),
        eq(approvalTasks.status, approvalTaskStates.pending),
        except === undefined ? undefined : ne(approvalTasks.id, except),
        nodeIndex === undefined ? undefined : eq(approvalTasks.nodeIndex, nodeIndex),
      ),
    );
}

/**
 * Ends a running instance: its open tasks cancelled, the outcome in its record, and the business module told
 * in the same transaction. `moveState` false when the caller's lifecycle moves the instance itself (撤回).
 */
async function finish(
  tx: Tx,
  instance: Instance,
  outcome: ApprovalOutcome,
  userId: number,
  comment: string | null,
  moveState = true,
) {
  await cancelOpenTasks(tx, instance.id, userId);
  if (moveState) {
    const status = outcome === 'approved' ? approvalInstanceStates.approved : approvalInstanceStates.rejected;
    await tx
      .update(approvalInstances)
      .set({
        status,
        endedAt: businessNow(),
        waiting: [],
        updatedAt: businessNow(),
        updatedBy: userId,
        version: sql`${approvalInstances.version} + 1`,
      })
      .where(eq(approvalInstances.id, instance.id));
  }
  if (outcome === 'approved') await record(tx, instance, approvalEventKinds.completed, {});
  for (const handler of handlers.get(instance.businessType) ?? [])
    await handler({
      tx,
      tenantId: instance.tenantId,
      businessId: instance.businessId,
      instanceId: instance.id,
      outcome,
      userId,
      comment,
    });
}

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

/**
 * Cancels the running approval of a business record the business itself gave up (an order cancelled): no
 * outcome is sent back, the caller is the business. Nothing happens when none runs.
 */
export async function cancelApproval(
  ctx: Pick<WriteContext, 'tx' | 'auth'>,
  businessType: number,
  businessId: number,
): Promise<void> {
  const { tx, auth } = ctx;
  const [instance] = await tx
    .select()
    .from(approvalInstances)
    .where(
      and(
        eq(approvalInstances.tenantId, auth.tenantId),
        eq(approvalInstances.businessType, businessType),
        eq(approvalInstances.businessId, businessId),
        eq(approvalInstances.status, approvalInstanceStates.running),
      ),
    )
    .for('update');
  if (!instance) return;
  await cancelOpenTasks(tx, instance.id, auth.userId);
  await tx
    .update(approvalInstances)
    .set({
      status: approvalInstanceStates.cancelled,
      endedAt: businessNow(),
      updatedAt: businessNow(),
      updatedBy: auth.userId,
      version: sql`${approvalInstances.version} + 1`,
    })
    .where(eq(approvalInstances.id, instance.id));
  await record(tx, instance, approvalEventKinds.cancelled, { userId: auth.userId });
}

/** An instance's record for its detail: the instance, its tasks by node, and what happened, in order. */
export async function approvalRecord(
  tx: Executor,
  tenantId: number,
  where: { id: number } | { type: number; businessId: number },
) {
  const [instance] = await tx
    .select()
    .from(approvalInstances)
    .where(
      and(
        eq(approvalInstances.tenantId, tenantId),
        'id' in where
          ? eq(approvalInstances.id, where.id)
          : and(eq(approvalInstances.businessType, where.type), eq(approvalInstances.businessId, where.businessId)),
      ),
    )
    .orderBy(sql`${approvalInstances.id} desc`)
    .limit(1);
  if (!instance) return null;
  // One after another: a transaction's connection takes one query at a time.
  const tasks = await tx
    .select()
    .from(approvalTasks)
    .where(eq(approvalTasks.instanceId, instance.id))
    .orderBy(asc(approvalTasks.nodeIndex), asc(approvalTasks.id));
  const events = await tx
    .select()
    .from(approvalEvents)
    .where(eq(approvalEvents.instanceId, instance.id))
    .orderBy(asc(approvalEvents.id));
  return { instance, tasks, events };
}
