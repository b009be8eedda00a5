import { safetyMeetingAttendeeResource, safetyMeetingResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { date, index, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, refColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';

const moment = (name: string) => timestamp(name, { withTimezone: true });
const files = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

/** 安全会议: a meeting of the branch company; its attendees are rows of `safety_meeting_attendees` once published. */
export const safetyMeetings = pgTable(
  'safety_meetings',
  {
    id: idColumn(),
    theme: text('theme').notNull(),
    type: smallint('type').notNull(),
    status: smallint('status').notNull().default(0),
    cityId: refColumn('city_id').notNull(),
    startsAt: moment('starts_at').notNull(),
    endsAt: moment('ends_at').notNull(),
    place: text('place').notNull(),
    onlineLink: text('online_link'),
    host: text('host').notNull(),
    lecturer: text('lecturer'),
    audience: smallint('audience').notNull(),
    minutes: text('minutes'),
    photos: files('photos'),
    attachments: files('attachments'),
    cancelReason: text('cancel_reason'),
    publishedAt: moment('published_at'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('safety_meetings', table, safetyMeetingResource, [
      index('safety_meetings_tenant_starts_idx').on(table.tenantId, table.startsAt, table.id),
    ]),
);

/** The drivers a draft 按名单 meeting invites (its `driverIds`): what publishing turns into attendees. */
export const safetyMeetingInvitees = pgTable(
  'safety_meeting_invitees',
  {
    meetingId: refColumn('meeting_id').notNull(),
    driverId: refColumn('driver_id').notNull(),
    tenantId: refColumn('tenant_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.meetingId, table.driverId] })],
);

/**
 * An expected attendee of a published meeting, frozen when it was published (name and mobile as they were):
 * one row per driver and meeting, so one sign-in each.
 */
export const safetyMeetingAttendees = pgTable(
  'safety_meeting_attendees',
  {
    id: idColumn(),
    meetingId: refColumn('meeting_id').notNull(),
    driverId: refColumn('driver_id').notNull(),
    driverName: text('driver_name').notNull(),
    mobile: text('mobile').notNull(),
    attendance: smallint('attendance').notNull().default(0),
    signedInAt: moment('signed_in_at'),
    signInMethod: smallint('sign_in_method'),
    signInReason: text('sign_in_reason'),
    signedInBy: text('signed_in_by'),
    makeUpDate: date('make_up_date'),
    makeUpNote: text('make_up_note'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('safety_meeting_attendees', table, safetyMeetingAttendeeResource, [
      uniqueIndex('safety_meeting_attendees_driver_key').on(table.tenantId, table.meetingId, table.driverId),
      // A meeting's 应到 / 实到 / 补学 counts, and its attendee list in its order.
      index('safety_meeting_attendees_tenant_attendance_idx').on(table.tenantId, table.meetingId, table.attendance),
      index('safety_meeting_attendees_tenant_meeting_idx').on(
        table.tenantId,
        table.meetingId,
        table.driverName,
        table.id,
      ),
    ]),
);
