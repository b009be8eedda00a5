import { envelope } from '@cp/contracts';
import { z } from 'zod';
import type { Db } from '../db';
import { access, sessionOf } from '../http/access';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { scanRisks } from './risks';

const scanResult = z.object({
  flagged: z.number().int().meta({ description: '本次新标记的风险数' }),
  pending: z.number().int().meta({ description: '扫描后待处理的风险数（含本次新标记的）' }),
});

/** What the vehicle section has beyond its families' generated routes: scanning for risks on demand. */
export const vehicleRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/vehicle-risks/scan',
    {
      config: { access: access.permission('riskManagement:handle') },
      schema: { summary: '按规则重新扫描风险车辆', tags: ['车辆风险'], response: { 200: envelope(scanResult) } },
    },
    async (request) => ok(await scanRisks(db, sessionOf(request).tenantId)),
  );
};
