import {
  appSafetyContent,
  envelope,
  safetyContentIdParams,
  safetyMaterialKind,
  safetyProgressAnswer,
  safetyProgressReport,
} from '@cp/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { appCallerOf, appDriverOf } from '../appApi/auth';
import type { Config } from '../config';
import type { Db } from '../db';
import { fileDto } from '../files/service';
import { files } from '../files/tables';
import { access } from '../http/access';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { forDriver, markReached, progressAnswer, takeReport } from './progress';
import { safetyContentProgress, safetyContents } from './tables';

const tags = ['司机APP'];

/**
 * The app's side of 安全内容: the items a driver is to study (fetching them counts as 已送达), and the reports
 * of their watching (`progress`), from which the server credits watched time.
 */
export const safetyContentAppRoutes: RoutePlugin<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.get(
    '/api/app/safety-contents',
    {
      config: { access: access.app('required') },
      schema: {
        summary: '司机待学习的安全内容（上架、在学习期内、面向该司机），含学习进度',
        description: '文件链接为限时签名链接。调用即记为已送达。',
        tags,
        response: { 200: envelope(z.array(appSafetyContent)) },
      },
    },
    async (request) => {
      const { tenantId } = appCallerOf(request);
      const driverId = appDriverOf(request);
      const contents = await db
        .select()
        .from(safetyContents)
        .where(forDriver(tenantId, driverId))
        .orderBy(asc(safetyContents.startDate), asc(safetyContents.id))
        .limit(50);
      const ids = contents.map((content) => content.id);
      await markReached(db, tenantId, driverId, ids);
      const progress = ids.length
        ? await db
            .select()
            .from(safetyContentProgress)
            .where(
              and(
                eq(safetyContentProgress.tenantId, tenantId),
                eq(safetyContentProgress.driverId, driverId),
                inArray(safetyContentProgress.contentId, ids),
              ),
            )
        : [];
      const locations = contents.flatMap((content) => [...content.cover, ...content.media]);
      const stored = locations.length
        ? await db
            .select()
            .from(files)
            .where(and(eq(files.tenantId, tenantId), inArray(files.fileLocation, locations)))
        : [];
      const links = new Map(
        await Promise.all(stored.map(async (row) => [row.fileLocation, (await fileDto(db, config, row)).url] as const)),
      );
      const linked = (list: readonly string[]) =>
        list.flatMap((fileLocation) => {
          const url = links.get(fileLocation);
          return url ? [{ fileLocation, url }] : [];
        });
      return ok(
        contents.map((content) => {
          const { credited: _, ...own } = progressAnswer(
            content,
            progress.find((row) => row.contentId === content.id),
          );
          return {
            id: String(content.id),
            title: content.title,
            kind: safetyMaterialKind.label(content.kind),
            mandatory: content.mandatory,
            summary: content.summary,
            startDate: content.startDate,
            endDate: content.endDate,
            durationSeconds: content.durationSeconds,
            cover: linked(content.cover),
            media: linked(content.media),
            progress: own,
          };
        }),
      );
    },
  );

  app.post(
    '/api/app/safety-contents/:id/progress',
    {
      config: { access: access.app('required') },
      schema: {
        summary: '上报学习进度（播放位置与本次观看时长）',
        description:
          '每次上报计入的观看时长不超过距上次上报（或送达）经过的时间加5秒，累计不超过视频时长；拖动到结尾不计时长。累计观看达到完成比例即完成；图片查看即完成。',
        tags,
        params: safetyContentIdParams,
        body: safetyProgressReport,
        response: { 200: envelope(safetyProgressAnswer) },
      },
    },
    async (request) => {
      const { tenantId } = appCallerOf(request);
      const driverId = appDriverOf(request);
      return ok(await takeReport(db, tenantId, driverId, Number(request.params.id), request.body));
    },
  );
};
