import { safetyContentResource, safetyProgressResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
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

/** 安全内容: a picture or video for the drivers' app, its audience and window; new items wait 下架 (1). */
export const safetyContents = pgTable(
  'safety_contents',
  {
    id: idColumn(),
    title: text('title').notNull(),
    kind: smallint('kind').notNull(),
    cover: text('cover').array().notNull().default(sql`'{}'::text[]`),
    media: text('media').array().notNull().default(sql`'{}'::text[]`),
    durationSeconds: integer('duration_seconds'),
    requiredRatio: integer('required_ratio').notNull(),
    audience: smallint('audience').notNull(),
    mandatory: boolean('mandatory').notNull().default(false),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    summary: text('summary'),
    status: smallint('status').notNull().default(1),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) => listIndexes('safety_contents', table, safetyContentResource),
);

/** The cities an item is for (audience 指定城市). */
export const safetyContentCities = pgTable(
  'safety_content_cities',
  {
    contentId: refColumn('content_id').notNull(),
    cityId: refColumn('city_id').notNull(),
    tenantId: refColumn('tenant_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.contentId, table.cityId] })],
);

/** The drivers an item is for (audience 指定司机). */
export const safetyContentDrivers = pgTable(
  'safety_content_drivers',
  {
    contentId: refColumn('content_id').notNull(),
    driverId: refColumn('driver_id').notNull(),
    tenantId: refColumn('tenant_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.contentId, table.driverId] }),
    index('safety_content_drivers_driver_idx').on(table.tenantId, table.driverId),
  ],
);

/**
 * One driver's progress on one item, written only by the app's reports: when it reached them, the watched
 * time the server credited (whole seconds), the last position, the last report and when it was completed.
 */
export const safetyContentProgress = pgTable(
  'safety_content_progress',
  {
    id: idColumn(),
    contentId: refColumn('content_id').notNull(),
    driverId: refColumn('driver_id').notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    watchedSeconds: integer('watched_seconds').notNull().default(0),
    lastPosition: integer('last_position').notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    reports: integer('reports').notNull().default(0),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('safety_content_progress', table, safetyProgressResource, [
      uniqueIndex('safety_content_progress_driver_key').on(table.tenantId, table.contentId, table.driverId),
    ]),
);
