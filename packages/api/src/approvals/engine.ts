import {
  approvalBusinessType,
  approvalEventKinds,
  approvalInstanceStates,
  approvalMethods,
  approvalTaskStates,
} from '@cp/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { businessNow } from '../clock';
import type { Executor, Tx } from '../db';
import { writtenBy } from '../db/columns';
import { rowsOf } from '../db/migrate';
import { businessError } from '../http/errors';
import { translateUnique } from '../resource/db-errors';
import type { WriteContext } from '../resource/family';
import { superAdminRoleCode } from '../seed/platform';
import { type ApprovalOutcome, announceOutcome } from './outcomes';
import { approvalEvents, approvalInstances, approvalProcesses, approvalTasks, type ProcessNode } from './tables';

export type Instance = typeof approvalInstances.$inferSelect;

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
export async function approversOf(tx: Tx, tenantId: number, node: ProcessNode): Promise<number[]> {
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

export async function record(
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
export function taskValues(
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
export async function adminsOf(tx: Tx, tenantId: number): Promise<number[]> {
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
export async function decidersOfOtherNodes(tx: Tx, instanceId: number, nodeIndex: number): Promise<number[]> {
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
export async function openNode(tx: Tx, instance: Instance, nodeIndex: number, userId: number, justPassedBy?: number) {
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
export async function cancelOpenTasks(tx: Tx, instanceId: number, userId: number, except?: number, nodeIndex?: number) {
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
export async function finish(
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
  await announceOutcome(instance.businessType, {
    tx,
    tenantId: instance.tenantId,
    businessId: instance.businessId,
    instanceId: instance.id,
    outcome,
    userId,
    comment,
  });
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
