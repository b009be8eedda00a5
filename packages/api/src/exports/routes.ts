import {
  downloadLink,
  downloadRecordDto,
  downloadRecordQuery,
  envelope,
  exportKind,
  exportRequest,
  idString,
  pageOf,
} from '@cp/contracts';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db';
import { access, sessionOf } from '../http/access';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { exportCleanupJob } from './cleanup';
import { exportJob } from './job';
import { availableExports, createExport, downloadLink as linkOf, listDownloadRecords } from './service';

const tags = ['导出与下载中心'];
const idParams = z.strictObject({ id: idString });

export const exportRoutes: RoutePlugin<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.jobs.define(exportJob);
  app.jobs.define(exportCleanupJob);

  app.post(
    '/api/exports',
    {
      // Each export checks its own list's `…:export` button in the service.
      config: { access: access.session },
      schema: {
        summary: '提交导出任务（按列表当前筛选条件）',
        description: '需要该列表的导出按钮权限，例如角色管理为 roleManagement:export。',
        tags,
        body: exportRequest,
        response: { 200: envelope(downloadRecordDto) },
      },
    },
    async (request) => {
      const record = await createExport(db, request, request.body);
      app.jobs.wake();
      return ok(record);
    },
  );

  app.get(
    '/api/exports/kinds',
    {
      config: { access: access.session },
      schema: { summary: '当前用户可用的导出', tags, response: { 200: envelope(z.array(exportKind)) } },
    },
    async (request) => ok(availableExports(sessionOf(request))),
  );

  app.get(
    '/api/download-records',
    {
      config: { access: access.session },
      schema: {
        summary: '下载记录（本人的导出，最新在前）',
        tags,
        querystring: downloadRecordQuery,
        response: { 200: envelope(pageOf(downloadRecordDto)) },
      },
    },
    async (request) => ok(await listDownloadRecords(db, sessionOf(request), request.query)),
  );

  app.get(
    '/api/download-records/:id/url',
    {
      config: { access: access.session },
      schema: {
        summary: '下载地址（限时签名链接）',
        tags,
        params: idParams,
        response: { 200: envelope(downloadLink) },
      },
    },
    async (request) => ok(await linkOf(db, config, sessionOf(request), Number(request.params.id))),
  );
};
