import { actionResult, envelope, participantResource } from '@cp/contracts';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db';
import { access, sessionOf } from '../http/access';
import { businessError } from '../http/errors';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { takeAction } from '../resource/lifecycle';
import { idOf, idParams } from '../resource/routes';
import { participantFamily } from './family';
import { participants } from './tables';

const appDrawBody = z.strictObject({ mobile: participantResource.fields.mobile.input as z.ZodType<string> });

/**
 * What the app calls when a participant draws for themself: the participant is found by mobile within the
 * draw, and the draw is the same server-side 抽奖 as the operator's (channel APP).
 */
export const prizeDrawRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/prize-draws/:id/draw',
    {
      config: { access: access.permission('prizeDraw:draw') },
      schema: {
        summary: '参与人抽奖（APP调用，按手机号找到参与人）',
        tags: ['抽奖活动'],
        params: idParams,
        body: appDrawBody,
        response: { 200: envelope(actionResult) },
      },
    },
    async (request) => {
      const drawId = idOf(request.params);
      const [participant] = await db
        .select({ id: participants.id })
        .from(participants)
        .where(
          and(
            eq(participants.tenantId, sessionOf(request).tenantId),
            eq(participants.drawId, drawId),
            eq(participants.mobile, request.body.mobile),
          ),
        );
      if (!participant) throw businessError('该手机号不是本活动的参与人');
      return ok(await takeAction(db, participantFamily, request, participant.id, 'draw', { channel: 1 }));
    },
  );
};
