import { envelope } from '@cp/contracts';
import { z } from 'zod';
import type { Db } from '../db';
import { access, sessionOf } from '../http/access';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { scanRisks } from './risks';

const scanResult = z.object({ flagged: z.number().int().meta({ description: '本次标记为风险的车辆数' }) });

/** What the vehicle section has beyond its families' generated routes: scanning for risks on demand. */
export const vehicleRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/vehicle-risks/scan',
    {
      config: { access: access.permission('riskManagement:handle') },
      schema: { summary: '按规则重新扫描风险车辆', tags: ['车辆风险'], response: { 200: envelope(scanResult) } },
    },
    async (request) => ok({ flagged: await scanRisks(db, sessionOf(request).tenantId) }),
  );
};
