import {
  approvalInstanceResource,
  approvalTaskResource,
  guojinTaskResource,
  offlinePaymentResource,
  offlineTaskResource,
  refundTaskResource,
  starSeaTaskResource,
} from '@cp/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { businessNow } from '../clock';
import { businessColumns, idColumn, refColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';

/** One node of a process: who decides and how (或签, 会签, 依次). Approvers are users, or every user of a role. */
export interface ProcessNode {
  name: string;
  method: number;
  userIds: number[];
  roleIds: number[];
}

/**
 * 审批流程: the process definition of one business type in a branch company, its nodes as data. An instance
 * copies the nodes when it starts, so changing the definition never moves an approval already under way.
 */
export const approvalProcesses = pgTable(
  'approval_processes',
  {
    id: idColumn(),
    businessType: smallint('business_type').notNull(),
    name: text('name').notNull(),
    nodes: jsonb('nodes').$type<ProcessNode[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) => [uniqueIndex('approval_processes_tenant_type_key').on(table.tenantId, table.businessType)],
);

/**
 * 审批实例: one business record going through its process. At most one is running per record. `title` is
 * the business summary the to-do lists show; `line` the partner business line (星海, 国金) if any.
 */
export const approvalInstances = pgTable(
  'approval_instances',
  {
    id: idColumn(),
    businessType: smallint('business_type').notNull(),
    businessId: refColumn('business_id').notNull(),
    title: text('title').notNull(),
    line: smallint('line'),
    initiatorId: refColumn('initiator_id').notNull(),
    status: smallint('status').notNull().default(1),
    nodes: jsonb('nodes').$type<ProcessNode[]>().notNull(),
    /** The node under way (0-based); the last one reached when ended. */
    nodeIndex: integer('node_index').notNull().default(0),
    nodeName: text('node_name').notNull(),
    /** A 依次 node's approvers still to decide after the one whose task is open, in order. */
    waiting: bigint('waiting', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('approval_instances', table, approvalInstanceResource, [
      uniqueIndex('approval_instances_running_key')
        .on(table.tenantId, table.businessType, table.businessId)
        .where(sql`${table.status} = 1`),
      index('approval_instances_tenant_initiator_idx').on(table.tenantId, table.initiatorId, table.createdAt, table.id),
      index('approval_instances_tenant_business_idx').on(table.tenantId, table.businessType, table.businessId),
      index('approval_instances_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
    ]),
);

/**
 * 审批任务: one approver's task on a node of an instance. The instance's type, line, title and initiator are
 * copied onto it so the to-do lists filter and show them without a join.
 */
export const approvalTasks = pgTable(
  'approval_tasks',
  {
    id: idColumn(),
    instanceId: refColumn('instance_id').notNull(),
    businessType: smallint('business_type').notNull(),
    businessId: refColumn('business_id').notNull(),
    title: text('title').notNull(),
    line: smallint('line'),
    initiatorId: refColumn('initiator_id').notNull(),
    nodeIndex: integer('node_index').notNull(),
    nodeName: text('node_name').notNull(),
    method: smallint('method').notNull(),
    approverId: refColumn('approver_id').notNull(),
    status: smallint('status').notNull().default(0),
    comment: text('comment'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes(
      'approval_tasks',
      table,
      [approvalTaskResource, starSeaTaskResource, guojinTaskResource, refundTaskResource, offlineTaskResource],
      [
        // 待办事项: my open tasks, newest first; 已办事项: the ones I handled.
        index('approval_tasks_tenant_approver_status_idx').on(
          table.tenantId,
          table.approverId,
          table.status,
          table.createdAt,
          table.id,
        ),
        index('approval_tasks_tenant_approver_handled_idx').on(
          table.tenantId,
          table.approverId,
          table.handledAt,
          table.id,
        ),
        index('approval_tasks_tenant_approver_type_idx').on(
          table.tenantId,
          table.approverId,
          table.businessType,
          table.status,
          table.createdAt,
        ),
        index('approval_tasks_tenant_approver_line_idx')
          .on(table.tenantId, table.approverId, table.line, table.status, table.createdAt)
          .where(sql`${table.line} is not null`),
        index('approval_tasks_instance_idx').on(table.instanceId, table.nodeIndex),
        // One open task per approver and node: a 转交 to someone already deciding there is refused.
        uniqueIndex('approval_tasks_open_key')
          .on(table.instanceId, table.nodeIndex, table.approverId)
          .where(sql`${table.status} = 0`),
      ],
    ),
);

/** 审批记录: what happened on an instance — submitted, each decision with its comment, withdrawn. */
export const approvalEvents = pgTable(
  'approval_events',
  {
    id: idColumn(),
    tenantId: refColumn('tenant_id').notNull(),
    instanceId: refColumn('instance_id').notNull(),
    taskId: refColumn('task_id'),
    kind: smallint('kind').notNull(),
    userId: refColumn('user_id'),
    nodeName: text('node_name'),
    /** The other user of a 转交. */
    toUserId: refColumn('to_user_id'),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(businessNow),
  },
  (table) => [index('approval_events_instance_idx').on(table.instanceId, table.id)],
);

/**
 * 线下收款: a payment received in cash or by transfer, recorded with its voucher after the fact and
 * confirmed through approval (线下发起 → 线下审批). #15 allocates confirmed ones to receivables.
 */
export const offlinePayments = pgTable(
  'offline_payments',
  {
    id: idColumn(),
    payerName: text('payer_name').notNull(),
    driverId: refColumn('driver_id'),
    /** The bill it pays (上传到账凭证 of 账单列表): allocated to it once confirmed. */
    billId: refColumn('bill_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    method: smallint('method').notNull(),
    receivedOn: date('received_on').notNull(),
    reference: text('reference'),
    purpose: text('purpose').notNull(),
    vouchers: text('vouchers').array().notNull().default(sql`'{}'::text[]`),
    status: smallint('status').notNull().default(1),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    remark: text('remark'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('offline_payments', table, offlinePaymentResource, [
      index('offline_payments_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
      index('offline_payments_tenant_status_idx').on(table.tenantId, table.status, table.createdAt),
      index('offline_payments_tenant_received_idx').on(table.tenantId, table.receivedOn),
      index('offline_payments_tenant_driver_idx').on(table.tenantId, table.driverId),
      index('offline_payments_tenant_creator_idx').on(table.tenantId, table.createdBy, table.createdAt),
    ]),
);
