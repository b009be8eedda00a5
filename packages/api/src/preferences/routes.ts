import { emptyEnvelope, envelope, listColumnsPreference, type Screen, text } from '@cp/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db';
import { families } from '../families';
import { access, hasPermission, sessionOf } from '../http/access';
import { forbidden, notFound } from '../http/errors';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { forgetListColumns, readListColumns, saveListColumns } from './service';

const tags = ['个人设置'];
const screens = new Map(families.flatMap((family) => family.screens.map((screen) => [screen.key, screen] as const)));
const params = z.strictObject({ screen: text().max(64).meta({ title: '列表' }) });

/** The kit list a request names, when the session may open it. */
function screenOf(request: FastifyRequest, key: string): Screen {
  const screen = screens.get(key);
  if (!screen) throw notFound('列表');
  if (!hasPermission(sessionOf(request), [screen.route.menuKey])) throw forbidden();
  return screen;
}

/**
 * A user's own settings, in the branch company they are signed in to: the columns of each kit list
 * (列设置). A setting changes nothing of the business, so it leaves no audit record.
 */
export const preferenceRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  const path = '/api/preferences/list-columns/:screen';
  app.get(
    path,
    {
      config: { access: access.session },
      schema: {
        summary: '列表的列设置（未设置时为 null）',
        tags,
        params,
        response: { 200: envelope(listColumnsPreference.nullable()) },
      },
    },
    async (request) => ok(await readListColumns(db, sessionOf(request), screenOf(request, request.params.screen))),
  );
  app.put(
    path,
    {
      config: { access: access.session },
      schema: {
        summary: '保存列表的列设置（顺序与隐藏的列）',
        tags,
        params,
        body: listColumnsPreference,
        response: { 200: envelope(listColumnsPreference) },
      },
    },
    async (request) => {
      request.auditRecorded = true;
      const screen = screenOf(request, request.params.screen);
      return ok(await saveListColumns(db, sessionOf(request), screen, request.body));
    },
  );
  app.delete(
    path,
    {
      config: { access: access.session },
      schema: { summary: '恢复列表的默认列设置', tags, params, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      request.auditRecorded = true;
      await forgetListColumns(db, sessionOf(request), screenOf(request, request.params.screen));
      return ok(null);
    },
  );
};
