import { actionResult, envelope, safetyMeetingAttendeeResource, safetyMeetingEnums, text } from '@cp/contracts';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db';
import { access, sessionOf } from '../http/access';
import { businessError } from '../http/errors';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { takeAction } from '../resource/lifecycle';
import { idOf, idParams } from '../resource/routes';
import { attendeeFamily } from './family';
import { safetyMeetingAttendees as attendees } from './tables';

const signInBody = z.strictObject({
  mobile: text()
    .regex(/^1[3-9]\d{9}$/, '应为1开头的11位数字')
    .meta({ title: '手机号' }),
  method: safetyMeetingEnums.selfSignInMethod.schema.meta({ title: '签到方式' }),
});

/**
 * What the driver app and the venue's QR scanner call when a driver signs in: the attendee is found by mobile
 * among the meeting's expected attendees, and the sign-in is the console's 签到 (same window, one per driver).
 */
export const safetyMeetingRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/safety-meetings/:id/sign-in',
    {
      config: { access: access.permission('securityConference:signIn') },
      schema: {
        summary: `${safetyMeetingAttendeeResource.title}签到（APP或扫码调用，按手机号找到参会司机）`,
        tags: ['安全会议'],
        params: idParams,
        body: signInBody,
        response: { 200: envelope(actionResult) },
      },
    },
    async (request) => {
      const [attendee] = await db
        .select({ id: attendees.id })
        .from(attendees)
        .where(
          and(
            eq(attendees.tenantId, sessionOf(request).tenantId),
            eq(attendees.meetingId, idOf(request.params)),
            eq(attendees.mobile, request.body.mobile),
          ),
        );
      if (!attendee) throw businessError('该手机号不在本次会议的参会名单中');
      return ok(await takeAction(db, attendeeFamily, request, attendee.id, 'signIn', { method: request.body.method }));
    },
  );
};
