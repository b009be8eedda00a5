import { appFeedbackReplyResource, appFeedbackResource, feedbackTagResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, refColumn, timestamps, versionColumn } from '../db/columns';
import { familyTable } from '../db/family-table';
import { listIndexes } from '../db/list-indexes';

/** 反馈标签: a branch company's labels for feedback, unique by name. */
export const feedbackTags = familyTable('feedback_tags', feedbackTagResource, { computed: ['usage'] });

/**
 * 意见反馈: what a driver said (from the app: created_by null, source 1; or logged by staff), its handling and
 * its tags (a link table). `handled_at` is when it was 已处理 or 已关闭.
 */
export const appFeedback = pgTable(
  'app_feedback',
  {
    id: idColumn(),
    driverId: refColumn('driver_id').notNull(),
    kind: smallint('kind').notNull(),
    menu: text('menu').notNull(),
    problem: text('problem').notNull(),
    level: smallint('level'),
    faultType: smallint('fault_type'),
    pageUrl: text('page_url'),
    pics: text('pics').array().notNull().default(sql`'{}'::text[]`),
    source: smallint('source').notNull(),
    status: smallint('status').notNull().default(0),
    assigneeId: refColumn('assignee_id'),
    closeReason: text('close_reason'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('app_feedback', table, appFeedbackResource, [
      index('app_feedback_driver_idx').on(table.tenantId, table.driverId, table.createdAt),
    ]),
);

export const appFeedbackTags = pgTable(
  'app_feedback_tags',
  {
    feedbackId: refColumn('feedback_id').notNull(),
    tagId: refColumn('tag_id').notNull(),
    tenantId: refColumn('tenant_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.feedbackId, table.tagId] }),
    index('app_feedback_tags_tag_idx').on(table.tenantId, table.tagId),
  ],
);

/** The replies to a feedback, oldest first: the driver reads them in the app. */
export const appFeedbackReplies = pgTable(
  'app_feedback_replies',
  {
    id: idColumn(),
    feedbackId: refColumn('feedback_id').notNull(),
    content: text('content').notNull(),
    authorName: text('author_name').notNull(),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('app_feedback_replies', table, appFeedbackReplyResource, [
      index('app_feedback_replies_feedback_idx').on(table.tenantId, table.feedbackId, table.createdAt),
    ]),
);

/**
 * Screenshots the app uploaded, by driver: a feedback may name only its own driver's, each once (`feedbackId`
 * set when it is used).
 */
export const appFeedbackUploads = pgTable(
  'app_feedback_uploads',
  {
    id: idColumn(),
    tenantId: refColumn('tenant_id').notNull(),
    fileLocation: text('file_location').notNull().unique(),
    driverId: refColumn('driver_id').notNull(),
    appKeyId: refColumn('app_key_id').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    feedbackId: refColumn('feedback_id'),
    createdAt: timestamps.createdAt,
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('app_feedback_uploads_driver_idx').on(table.tenantId, table.driverId)],
);

/**
 * The app's inbox: a message to the driver when staff reply to their feedback or end its handling (已处理 /
 * 已关闭), written in the action's transaction. Unread until the app marks it read; never deleted.
 */
export const appMessages = pgTable(
  'app_messages',
  {
    id: idColumn(),
    driverId: refColumn('driver_id').notNull(),
    kind: smallint('kind').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    feedbackId: refColumn('feedback_id').notNull(),
    ...businessColumns(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('app_messages_driver_idx').on(table.tenantId, table.driverId, table.id),
    index('app_messages_unread_idx').on(table.tenantId, table.driverId, table.id).where(sql`read_at is null`),
  ],
);
