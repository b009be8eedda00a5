import {
  appFeedbackInput,
  appFeedbackKind,
  appFeedbackReceipt,
  appFeedbackStatus,
  appFeedbackView,
  appScreenshotAnswer,
  envelope,
  faultTypes,
  feedbackLevels,
} from '@cp/contracts';
import { and, asc, count, desc, eq, gte, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { appCallerOf, appDriverOf } from '../appApi/auth';
import { businessNow } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db';
import { imageExtensions } from '../files/content';
import { storageFor } from '../files/storage';
import { storeStaged } from '../files/store';
import { discardStaged, receiveFiles } from '../files/upload';
import { access } from '../http/access';
import { businessError } from '../http/errors';
import { fileForm } from '../http/openapi';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { acceptMultipart } from '../http/uploads';
import { appFeedback, appFeedbackReplies, appFeedbackUploads } from './tables';

const tags = ['司机APP'];
/** Screenshots a driver may hold uploaded and not yet sent with feedback within a day: storage is not free. */
const maxPendingScreenshots = 30;
const screenshotExtensions = ['png', 'jpg', 'jpeg'].filter((extension) => imageExtensions.includes(extension));
const feedbackNo = (id: number) => `FK${String(id).padStart(6, '0')}`;

/**
 * The app's side of 意见反馈: a driver uploads screenshots, sends a suggestion or a fault report naming them,
 * and reads their feedback with every reply. The branch company is the key's, the driver the app's.
 */
export const appFeedbackRoutes: RoutePlugin<{ db: Db; config: Config }> = async (app, { db, config }) => {
  await acceptMultipart(app, config.files);
  const storage = storageFor(config.dataDir);
  const policy = {
    extensions: screenshotExtensions.filter((extension) => config.files.allowedExtensions.includes(extension)),
    maxFiles: Math.min(config.files.maxFiles, 5),
    maxFileMb: Math.min(config.files.maxFileMb, config.files.publicMaxFileMb),
  };

  app.post(
    '/api/app/feedback/screenshots',
    {
      config: { access: access.app('required'), form: fileForm(true) },
      schema: {
        summary: '上传反馈截图（PNG、JPG，每次最多5张，每张不超过10MB）',
        description:
          '表单字段 file，可多个。答复的 fileLocation 在提交反馈时写入 pic；只能使用本司机上传的截图，每张一次。',
        tags,
        response: { 200: envelope(appScreenshotAnswer) },
      },
    },
    async (request) => {
      const { tenantId, appKeyId } = appCallerOf(request);
      const driverId = appDriverOf(request);
      const [pending] = await db
        .select({ n: count() })
        .from(appFeedbackUploads)
        .where(
          and(
            eq(appFeedbackUploads.tenantId, tenantId),
            eq(appFeedbackUploads.driverId, driverId),
            isNull(appFeedbackUploads.feedbackId),
            gte(appFeedbackUploads.createdAt, new Date(businessNow().getTime() - 86_400_000)),
          ),
        );
      const { staged } = await receiveFiles(request, policy, storage.stagingDir);
      if ((pending?.n ?? 0) + staged.length > maxPendingScreenshots) {
        await discardStaged(staged);
        throw businessError(`未提交反馈的截图已达${maxPendingScreenshots}张，请先提交反馈或明天再试`);
      }
      const rows = await storeStaged(db, storage, request, staged, {
        visibility: 'private',
        purpose: 'app-feedback',
        owner: { tenantId, userId: null },
      });
      await db
        .insert(appFeedbackUploads)
        .values(rows.map((row) => ({ tenantId, fileLocation: row.fileLocation, driverId, appKeyId, size: row.size })));
      return ok({
        files: rows.map((row) => ({
          fileLocation: row.fileLocation,
          attachmentName: row.attachmentName,
          size: row.size,
        })),
      });
    },
  );

  app.post(
    '/api/app/feedback',
    {
      config: { access: access.app('required') },
      schema: {
        summary: '提交意见反馈（建议或故障）',
        description:
          'kind=suggestion：menu、problem、level（高/中/低）、pic（最多3张）；kind=fault：type、menu、problem、url、pic（最多9张）。',
        tags,
        body: appFeedbackInput,
        response: { 200: envelope(appFeedbackReceipt) },
      },
    },
    async (request) => {
      const { tenantId } = appCallerOf(request);
      const driverId = appDriverOf(request);
      const input = request.body;
      const pics = [...new Set(input.pic)];
      const id = await db.transaction(async (tx) => {
        if (pics.length > 0) {
          const own = await tx
            .select({ fileLocation: appFeedbackUploads.fileLocation })
            .from(appFeedbackUploads)
            .where(
              and(
                eq(appFeedbackUploads.tenantId, tenantId),
                eq(appFeedbackUploads.driverId, driverId),
                isNull(appFeedbackUploads.feedbackId),
                inArray(appFeedbackUploads.fileLocation, pics),
              ),
            )
            .for('update');
          if (own.length < pics.length) throw businessError('截图：不存在、不是本人上传或已被使用，请重新上传');
        }
        const suggestion = input.kind === 'suggestion';
        const [row] = await tx
          .insert(appFeedback)
          .values({
            tenantId,
            driverId,
            kind: suggestion ? 1 : 2,
            menu: input.menu,
            problem: input.problem,
            level: suggestion && input.level ? feedbackLevels.indexOf(input.level) + 1 : null,
            faultType: !suggestion && input.type ? faultTypes.indexOf(input.type) + 1 : null,
            pageUrl: suggestion ? null : (input.url ?? null),
            pics,
            source: 1,
            status: 0,
            createdBy: null,
            updatedBy: null,
          })
          .returning({ id: appFeedback.id });
        if (!row) throw new Error('feedback not stored');
        if (pics.length > 0) {
          await tx
            .update(appFeedbackUploads)
            .set({ feedbackId: row.id, usedAt: businessNow() })
            .where(and(eq(appFeedbackUploads.tenantId, tenantId), inArray(appFeedbackUploads.fileLocation, pics)));
        }
        return row.id;
      });
      return ok({ id: String(id), feedbackNo: feedbackNo(id), status: appFeedbackStatus.label(0) });
    },
  );

  app.get(
    '/api/app/feedback',
    {
      config: { access: access.app('required') },
      schema: {
        summary: '我的意见反馈及回复（最近50条）',
        tags,
        response: { 200: envelope(z.array(appFeedbackView)) },
      },
    },
    async (request) => {
      const { tenantId } = appCallerOf(request);
      const driverId = appDriverOf(request);
      const rows = await db
        .select()
        .from(appFeedback)
        .where(and(eq(appFeedback.tenantId, tenantId), eq(appFeedback.driverId, driverId)))
        .orderBy(desc(appFeedback.createdAt), desc(appFeedback.id))
        .limit(50);
      const replies = rows.length
        ? await db
            .select()
            .from(appFeedbackReplies)
            .where(
              and(
                eq(appFeedbackReplies.tenantId, tenantId),
                inArray(
                  appFeedbackReplies.feedbackId,
                  rows.map((row) => row.id),
                ),
              ),
            )
            .orderBy(asc(appFeedbackReplies.createdAt), asc(appFeedbackReplies.id))
        : [];
      return ok(
        rows.map((row) => ({
          id: String(row.id),
          feedbackNo: feedbackNo(row.id),
          kind: appFeedbackKind.label(row.kind),
          menu: row.menu,
          problem: row.problem,
          status: appFeedbackStatus.label(row.status),
          createdAt: row.createdAt.toISOString(),
          replies: replies
            .filter((reply) => reply.feedbackId === row.id)
            .map((reply) => ({ content: reply.content, createdAt: reply.createdAt.toISOString() })),
        })),
      );
    },
  );
};
