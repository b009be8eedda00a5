import {
  beijingDay,
  driverStatus,
  pointsTaskCodes,
  safetyMeetingAttendeeResource,
  safetyMeetingEnums,
  safetyMeetingResource,
  safetyMeetingScreens,
  signInOpensMinutesBefore,
} from '@cp/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { businessNow } from '../clock';
import { writtenBy } from '../db/columns';
import { drivers } from '../drivers/tables';
import { businessError, notFound } from '../http/errors';
import { cities } from '../lookups/tables';
import { awardPoints } from '../points/award';
import { defineServerResource, type WriteContext } from '../resource/family';
import { safetyMeetingAttendees as attendees, safetyMeetingInvitees as invitees, safetyMeetings } from './tables';

/** The meeting's id inside a correlated subquery: drizzle writes a column of the selected table unqualified. */
const meeting = (column: string) => sql.raw(`"safety_meetings"."${column}"`);
const counted = (attendance: string) =>
  sql<number>`(select count(*)::int from ${attendees} a where a.tenant_id = ${meeting('tenant_id')} and a.meeting_id = ${meeting('id')} and a.attendance in (${sql.raw(attendance)}))`;

/** A moment as people read it in Beijing: 2026-11-28 14:00. */
const beijingMinute = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
const time = (value: unknown) => new Date(value instanceof Date ? value : String(value)).getTime();

/** What may not change once the attendee list is frozen: its time, its city and whom it is for. */
function frozenChange(values: Record<string, unknown>, before: Record<string, unknown>): string | null {
  const moved = (['startsAt', 'endsAt'] as const).some(
    (name) => name in values && time(values[name]) !== time(before[name]),
  );
  const elsewhere = 'cityId' in values && Number(values.cityId) !== Number(before.cityId);
  const otherAudience = 'audience' in values && Number(values.audience) !== Number(before.audience);
  const ids = (list: unknown) => [...((list as unknown[] | null) ?? [])].map(Number).sort().join(',');
  const relisted = 'driverIds' in values && ids(values.driverIds) !== ids(before.driverIds);
  if (moved || elsewhere || otherAudience || relisted) {
    return '会议已发布，会议时间、城市和参会范围不能修改；如需调整请取消会议后重新创建';
  }
  return null;
}

/**
 * Freezes the expected attendees of a meeting being published: the 正常 drivers of its city (按城市) or its
 * list (按名单, every one of whom must still be 正常), their names and mobiles as they are now.
 */
async function freezeAttendees(ctx: WriteContext, meeting: Record<string, unknown>) {
  const { tx, auth } = ctx;
  const id = Number(meeting.id);
  const listed = Number(meeting.audience) === 2;
  const chosen = listed
    ? inArray(drivers.id, tx.select({ id: invitees.driverId }).from(invitees).where(eq(invitees.meetingId, id)))
    : eq(drivers.cityId, Number(meeting.cityId));
  const found = await tx
    .select({ id: drivers.id, name: drivers.name, mobile: drivers.mobile, status: drivers.status })
    .from(drivers)
    .where(and(eq(drivers.tenantId, auth.tenantId), chosen))
    .orderBy(asc(drivers.id));
  const gone = found.filter((driver) => driver.status !== driverStatus.active);
  if (listed && gone.length > 0) {
    const names = gone
      .slice(0, 3)
      .map((driver) => `「${driver.name}」`)
      .join('、');
    throw businessError(
      `参会司机${names}${gone.length > 3 ? `等${gone.length}人` : ''}已不是正常状态，请从名单中移除后再发布`,
    );
  }
  const expected = found.filter((driver) => driver.status === driverStatus.active);
  if (expected.length === 0) {
    const [city] = await tx
      .select({ name: cities.name })
      .from(cities)
      .where(eq(cities.id, Number(meeting.cityId)));
    throw businessError(listed ? '请先选择参会司机再发布' : `${city?.name ?? '该城市'}暂无正常状态的司机，不能发布`);
  }
  await tx.insert(attendees).values(
    expected.map((driver) => ({
      ...writtenBy(auth),
      meetingId: id,
      driverId: driver.id,
      driverName: driver.name,
      mobile: driver.mobile,
    })),
  );
}

const meetingFamily = defineServerResource({
  resource: safetyMeetingResource,
  table: safetyMeetings,
  screens: [safetyMeetingScreens.securityConference],
  computed: {
    expected: counted('0,1,2,3'),
    present: counted('1'),
    awaitingMakeUp: counted('2'),
    madeUp: counted('3'),
  },
  links: {
    driverIds: {
      table: invitees,
      own: invitees.meetingId,
      other: invitees.driverId,
      values: (ctx) => ({ tenantId: ctx.auth.tenantId }),
    },
  },
  prepare(values, _ctx, before) {
    if (before && Number(before.status) !== 0) {
      const refusal = frozenChange(values, before);
      if (refusal) throw businessError(refusal);
      return values;
    }
    // A meeting of a whole city lists nobody: its attendees are the city's drivers when it is published.
    const audience = values.audience ?? before?.audience;
    return Number(audience) === 1 ? { ...values, driverIds: [] } : values;
  },
  actions: {
    publish: {
      async run(ctx, meeting) {
        if (time(meeting.endsAt) <= businessNow().getTime()) throw businessError('会议结束时间已过，不能发布');
        await freezeAttendees(ctx, meeting);
        return null;
      },
      patch: () => ({ publishedAt: businessNow() }),
    },
    end: {
      async run(ctx, meeting) {
        if (businessNow().getTime() < time(meeting.endsAt)) {
          throw businessError(`会议尚未结束（结束时间${beijingMinute(new Date(time(meeting.endsAt)))}），不能结束`);
        }
        // Whoever has not signed in by now is absent and owes a make-up session.
        await ctx.tx
          .update(attendees)
          .set({ attendance: 2, updatedBy: ctx.auth.userId, updatedAt: businessNow() })
          .where(
            and(
              eq(attendees.tenantId, ctx.auth.tenantId),
              eq(attendees.meetingId, Number(meeting.id)),
              eq(attendees.attendance, 0),
            ),
          );
        return null;
      },
      patch: (body) => ({ minutes: body.minutes }),
    },
    cancel: { patch: (body) => ({ cancelReason: body.reason }) },
  },
});

/** The attendee's meeting, locked for share before the attendee: sign-ins wait for 结束会议, never deadlock with it. */
async function meetingOf(ctx: WriteContext, attendeeId: number) {
  const [meeting] = await ctx.tx
    .select({
      theme: safetyMeetings.theme,
      status: safetyMeetings.status,
      startsAt: safetyMeetings.startsAt,
      endsAt: safetyMeetings.endsAt,
    })
    .from(safetyMeetings)
    .innerJoin(attendees, eq(attendees.meetingId, safetyMeetings.id))
    .where(and(eq(attendees.id, attendeeId), eq(safetyMeetings.tenantId, ctx.auth.tenantId)))
    .for('share', { of: safetyMeetings });
  return meeting;
}

async function openMeeting(ctx: WriteContext, attendeeId: number, action: string, states: readonly number[]) {
  const meeting = await meetingOf(ctx, attendeeId);
  if (!meeting) throw notFound('安全会议');
  if (!states.includes(meeting.status)) {
    throw businessError(`会议当前为「${safetyMeetingEnums.status.label(meeting.status)}」，不能${action}`);
  }
  return { ...meeting, opensAt: meeting.startsAt.getTime() - signInOpensMinutesBefore * 60_000 };
}

/** A driver signed in (or was signed in by staff): the 安全会议签到 task's points, once per attendee. */
function attended(ctx: WriteContext, attendee: Record<string, unknown>, theme: string) {
  return awardPoints(ctx.tx, {
    tenantId: ctx.auth.tenantId,
    userId: ctx.auth.userId,
    driverId: Number(attendee.driverId),
    task: pointsTaskCodes.safetyMeeting,
    bizType: 'safety-meeting-attendee',
    bizId: String(attendee.id),
    title: `安全会议签到：${theme}`,
  });
}

const attendeeFamily = defineServerResource({
  resource: safetyMeetingAttendeeResource,
  table: attendees,
  screens: [safetyMeetingScreens.attendees],
  async lockFirst(ctx, id) {
    await meetingOf(ctx, id);
  },
  actions: {
    signIn: {
      async run(ctx, attendee) {
        const meeting = await openMeeting(ctx, Number(attendee.id), '签到', [1]);
        const now = businessNow().getTime();
        if (now < meeting.opensAt || now > meeting.endsAt.getTime()) {
          const from = beijingMinute(new Date(meeting.opensAt));
          const to = beijingMinute(meeting.endsAt);
          throw businessError(`不在签到时间内（${from} 至 ${to}），迟到或漏签请由工作人员补签`);
        }
        await attended(ctx, attendee, meeting.theme);
        return null;
      },
      patch: (body, _row, ctx) => ({
        signedInAt: businessNow(),
        signInMethod: body.method,
        signedInBy: ctx.auth.userName,
      }),
    },
    staffSignIn: {
      async run(ctx, attendee) {
        const meeting = await openMeeting(ctx, Number(attendee.id), '补签', [1, 2]);
        if (businessNow().getTime() < meeting.opensAt) throw businessError('会议尚未开始签到，不能补签');
        await attended(ctx, attendee, meeting.theme);
        return null;
      },
      patch: (body, _row, ctx) => ({
        signedInAt: businessNow(),
        signInMethod: 3,
        signInReason: body.reason,
        signedInBy: ctx.auth.userName,
      }),
    },
    makeUp: {
      async run(ctx, attendee, body) {
        const meeting = await openMeeting(ctx, Number(attendee.id), '补学', [2]);
        if (body.makeUpDate < beijingDay(meeting.startsAt)) throw businessError('补学日期：不能早于会议日期');
        if (body.makeUpDate > beijingDay(businessNow())) throw businessError('补学日期：不能晚于今天');
        return null;
      },
      patch: (body) => ({ makeUpDate: body.makeUpDate, makeUpNote: body.makeUpNote ?? null }),
    },
  },
});

export const safetyMeetingFamilies = [meetingFamily, attendeeFamily];
export { attendeeFamily };
