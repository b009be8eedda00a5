import { appRetentionAnswer, appRetentionBody, envelope, retentionChannel, retentionStates } from '@cp/contracts';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { appCallerOf } from '../appApi/auth';
import { businessNow } from '../clock';
import type { Db } from '../db';
import { access } from '../http/access';
import { businessError } from '../http/errors';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { existingIds } from '../lookups/registry';
import { linkOfMobile, lockRetentionMobile, openRetentionOf } from './link';
import { retentionLeads } from './tables';

const day = 24 * 3_600_000;

/**
 * The app's 留资 form: a repeat of the mobile within a day, or while its 留资 is still open, is counted on that
 * row (留资次数, 最近留资时间) and changes nothing of its first touch; otherwise a new 留资 from APP, linked to
 * what the mobile already is (the driver the app calls for, a driver or a 线索 of the mobile).
 */
export const retentionAppRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/app/retention-leads',
    {
      config: { access: access.app('optional') },
      schema: {
        summary: 'APP留资：提交姓名、手机号与意向（一天内或未结束时重复提交计入原留资）',
        tags: ['司机APP'],
        body: appRetentionBody,
        response: { 200: envelope(appRetentionAnswer) },
      },
    },
    async (request) => {
      const { tenantId, appKeyId, driverId } = appCallerOf(request);
      const body = request.body;
      for (const [key, value, title] of [
        ['city', body.cityId, '意向城市'],
        ['model', body.modelId, '意向车型'],
      ] as const) {
        if (value !== undefined && !(await existingIds(db, tenantId, key, [Number(value)])).has(Number(value))) {
          throw businessError(`${title}：不存在`);
        }
      }
      const answer = await db.transaction(async (tx) => {
        await lockRetentionMobile(tx, tenantId, body.mobile);
        const now = businessNow();
        const [recent] = await tx
          .select({ id: retentionLeads.id })
          .from(retentionLeads)
          .where(
            and(
              eq(retentionLeads.tenantId, tenantId),
              eq(retentionLeads.mobile, body.mobile),
              eq(retentionLeads.channel, retentionChannel.direct),
              gt(retentionLeads.lastSubmittedAt, new Date(now.getTime() - day)),
            ),
          )
          .orderBy(desc(retentionLeads.lastSubmittedAt))
          .limit(1);
        const repeat = recent ?? (await openRetentionOf(tx, tenantId, retentionChannel.direct, body.mobile));
        if (repeat) {
          await tx
            .update(retentionLeads)
            .set({ submitCount: sql`${retentionLeads.submitCount} + 1`, lastSubmittedAt: now, updatedAt: now })
            .where(and(eq(retentionLeads.tenantId, tenantId), eq(retentionLeads.id, repeat.id)));
          return { id: String(repeat.id), repeated: true };
        }
        const link = await linkOfMobile(tx, tenantId, body.mobile);
        const [row] = await tx
          .insert(retentionLeads)
          .values({
            tenantId,
            channel: retentionChannel.direct,
            contactName: body.name,
            mobile: body.mobile,
            cityId: body.cityId === undefined ? null : Number(body.cityId),
            modelId: body.modelId === undefined ? null : Number(body.modelId),
            rentalMode: body.rentalMode ?? null,
            source: 1,
            sourcePage: body.sourcePage,
            consent: true,
            appKeyId,
            firstTouchAt: now,
            lastSubmittedAt: now,
            status: retentionStates.pending,
            ...link,
            linkedDriverId: link.linkedDriverId ?? driverId,
            createdBy: null,
            updatedBy: null,
          })
          .returning({ id: retentionLeads.id });
        return { id: String(row?.id), repeated: false };
      });
      return ok(answer);
    },
  );
};
