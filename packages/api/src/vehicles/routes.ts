import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { access, sessionOf } from '../http/access';
import { ok } from '../http/reply';
import { scanRisks } from './risks';

/** What the vehicle section has beyond its families' generated routes: scanning for risks on demand. */
export async function vehicleRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.post(
    '/api/vehicle-risks/scan',
    {
      config: { access: access.permission('riskManagement:handle') },
      schema: { summary: '按规则重新扫描风险车辆', tags: ['车辆风险'] },
    },
    async (request) => ok({ flagged: await scanRisks(db, sessionOf(request).tenantId) }),
  );
}
