import { envelope, idText, text } from '@cp/contracts';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db';
import { drivers } from '../drivers/tables';
import { defineFeature } from '../feature';
import { access } from '../http/access';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { tenants } from '../identity/tables';
import { defineJobKind } from '../jobs/kinds';
import { appCallerOf, dropOldNonces } from './auth';

/** Every ten minutes: the nonces whose requests could no longer be accepted anyway are dropped. */
const dropNoncesJob = defineJobKind<Record<string, never>>({
  kind: 'appApi.dropNonces',
  everyMs: 10 * 60_000,
  run: async ({ db, config }) => ({ dropped: await dropOldNonces(db, config.appApi.clockSkewSeconds) }),
});

const callerAnswer = z
  .object({
    tenantName: text().meta({ title: '分公司' }),
    driverId: idText.nullable().meta({ title: '司机编号' }),
    driverName: text().nullable().meta({ title: '司机姓名' }),
  })
  .meta({ id: 'AppCaller' });

/**
 * The app's inbound API as such: the check of its credentials (`GET /api/app/caller`: whose key, which
 * driver) and the nonces' upkeep. The families' own inbound routes live with them (`<feature>/app-routes.ts`).
 */
const appApiRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  app.jobs.define(dropNoncesJob);
  app.get(
    '/api/app/caller',
    {
      config: { access: access.app('optional') },
      schema: {
        summary: '核对APP凭证：凭证所属分公司，及 X-App-Driver 所指的司机',
        tags: ['司机APP'],
        response: { 200: envelope(callerAnswer) },
      },
    },
    async (request) => {
      const caller = appCallerOf(request);
      const [tenant] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, caller.tenantId));
      const [driver] =
        caller.driverId === null
          ? []
          : await db
              .select({ name: drivers.name })
              .from(drivers)
              .where(and(eq(drivers.tenantId, caller.tenantId), eq(drivers.id, caller.driverId)));
      return ok({
        tenantName: tenant?.name ?? '',
        driverId: caller.driverId === null ? null : String(caller.driverId),
        driverName: driver?.name ?? null,
      });
    },
  );
};

export const feature = defineFeature({ routes: [appApiRoutes] });
