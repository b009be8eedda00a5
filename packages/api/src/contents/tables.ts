import { contentInteractionResource, contentResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, refColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';

const files = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);
const counter = (name: string) => integer(name).notNull().default(0);
const moment = (name: string) => timestamp(name, { withTimezone: true });

/**
 * 内容管理: a piece of activation content. The counters are the totals of its interactions, moved by
 * `recordInteraction` in the interaction's transaction (never by the kit's edits, which do not know them).
 */
export const contents = pgTable(
  'contents',
  {
    id: idColumn(),
    title: text('title').notNull(),
    type: smallint('type').notNull(),
    cover: files('cover'),
    summary: text('summary'),
    body: text('body').notNull(),
    video: files('video'),
    driverStatuses: smallint('driver_statuses').array().notNull().default(sql`'{}'::smallint[]`),
    callToAction: smallint('call_to_action').notNull(),
    pushStartsAt: moment('push_starts_at').notNull(),
    pushEndsAt: moment('push_ends_at').notNull(),
    status: smallint('status').notNull().default(0),
    viewCount: counter('view_count'),
    viewerCount: counter('viewer_count'),
    likeCount: counter('like_count'),
    shareCount: counter('share_count'),
    favoriteCount: counter('favorite_count'),
    signUpCount: counter('sign_up_count'),
    leadCount: counter('lead_count'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('contents', table, contentResource, [
      check('contents_push_window_check', sql`${table.pushEndsAt} > ${table.pushStartsAt}`),
      check('contents_likes_check', sql`${table.likeCount} >= 0`),
    ]),
);

/** 目标城市 of a content (its `cityIds`). */
export const contentCities = pgTable(
  'content_cities',
  {
    contentId: refColumn('content_id').notNull(),
    cityId: refColumn('city_id').notNull(),
    tenantId: refColumn('tenant_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.contentId, table.cityId] })],
);

/** 目标标签 of a content (its `tagIds`, 通用标签). */
export const contentTags = pgTable(
  'content_tags',
  {
    contentId: refColumn('content_id').notNull(),
    tagId: refColumn('tag_id').notNull(),
    tenantId: refColumn('tenant_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.contentId, table.tagId] })],
);

/**
 * Where one driver stands with one content: seen (浏览人数 counts the first time), liking now, favourited,
 * signed up, left their details (the lead). One row per content and driver; its row lock serialises one
 * driver's toggles, so two likes sent at once record one.
 */
export const contentAudience = pgTable(
  'content_audience',
  {
    contentId: refColumn('content_id').notNull(),
    driverId: refColumn('driver_id').notNull(),
    tenantId: refColumn('tenant_id').notNull(),
    viewed: boolean('viewed').notNull().default(false),
    liked: boolean('liked').notNull().default(false),
    favorited: boolean('favorited').notNull().default(false),
    signedUp: boolean('signed_up').notNull().default(false),
    leadLeft: boolean('lead_left').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.contentId, table.driverId] })],
);

/** A content's interactions per Beijing day (内容详情's trend), moved with the totals on `contents`. */
export const contentDailyStats = pgTable(
  'content_daily_stats',
  {
    contentId: refColumn('content_id').notNull(),
    day: date('day').notNull(),
    tenantId: refColumn('tenant_id').notNull(),
    views: counter('views'),
    likes: counter('likes'),
    unlikes: counter('unlikes'),
    shares: counter('shares'),
    favorites: counter('favorites'),
    signUps: counter('sign_ups'),
    leads: counter('leads'),
  },
  (table) => [primaryKey({ columns: [table.contentId, table.day] })],
);

/**
 * 互动记录: append-only. `day` is the Beijing day of `occurred_at`: a driver's view of a content is one row per
 * day (the partial unique index; `insert … on conflict do nothing`). The list filters by content, driver,
 * action, channel and time, newest first; each filter's index ends in the list's order (`listIndexes`).
 */
export const contentInteractions = pgTable(
  'content_interactions',
  {
    id: idColumn(),
    driverId: refColumn('driver_id').notNull(),
    contentId: refColumn('content_id').notNull(),
    action: smallint('action').notNull(),
    channel: smallint('channel').notNull(),
    occurredAt: moment('occurred_at').notNull(),
    day: date('day').notNull(),
    watchSeconds: integer('watch_seconds'),
    leadId: refColumn('lead_id'),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('content_interactions', table, contentInteractionResource, [
      uniqueIndex('content_interactions_daily_view_key')
        .on(table.tenantId, table.driverId, table.contentId, table.day)
        .where(sql`${table.action} = 1`),
      // 互动记录 of one content on a range of days, newest first: the list's commonest question.
      index('content_interactions_tenant_content_idx').on(table.tenantId, table.contentId, table.occurredAt, table.id),
      index('content_interactions_tenant_content_action_idx').on(
        table.tenantId,
        table.contentId,
        table.action,
        table.occurredAt,
        table.id,
      ),
      check('content_interactions_watch_check', sql`${table.watchSeconds} is null or ${table.watchSeconds} >= 0`),
    ]),
);
