import {
  acceptReturnBody,
  deliverBody,
  handleRiskBody,
  maintenanceResource,
  recallBody,
  requestReturnBody,
  shuntBody,
  violationResource,
} from '@cp/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db';
import { fileNames } from '../files/names';
import { access, sessionOf } from '../http/access';
import { notFound } from '../http/errors';
import { ok } from '../http/reply';
import { actionRoutes, idOf, idParams, vehicleTags as tags } from './action-route';
import { handOver } from './actions';
import { acceptReturn, recallVehicle, requestReturn, shuntVehicle } from './handover-actions';
import { vehicleRecordLists } from './record-catalogue';
import { type ListQuery, listVehicleRecords } from './record-lists';
import { createMaintenance, createViolation, deleteRecord, updateMaintenance, updateViolation } from './record-service';
import { deliveries } from './record-tables';
import { handleRisk, scanRisks } from './risks';
import { violationImportRoutes } from './violation-import-routes';

export async function vehicleRecordRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  for (const { path, summary, resource, table, view } of vehicleRecordLists) {
    app.get(
      path,
      { config: { access: access.permission(...view) }, schema: { summary, tags, querystring: resource.listQuery } },
      async (request) =>
        ok(await listVehicleRecords(db, sessionOf(request).tenantId, resource, table, request.query as ListQuery)),
    );
  }

  app.get(
    '/api/vehicle-deliveries/:id',
    {
      config: { access: access.permission('deliveryRecord', 'temporaryDelivery') },
      schema: { summary: '交车详情', tags, params: idParams },
    },
    async (request) => {
      const [row] = await db
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.id, idOf(request.params)), eq(deliveries.tenantId, sessionOf(request).tenantId)));
      if (!row) throw notFound('交车记录');
      const fileNamesOfPhotos = await fileNames(db, row.tenantId, row.photos ?? []);
      return ok({ ...row, id: String(row.id), vehicleId: String(row.vehicleId), fileNames: fileNamesOfPhotos });
    },
  );

  const action = actionRoutes(app);

  action(
    '/api/vehicles/:id/temporary-deliver',
    'temporaryDelivery:add',
    '临时交车',
    deliverBody,
    (id, input, request) => handOver(db, request, id, input, 1),
  );
  action('/api/vehicles/:id/recall', 'temporaryDelivery:recall', '收回临时交车', recallBody, (id, input, request) =>
    recallVehicle(db, request, id, input),
  );
  action(
    '/api/vehicles/:id/request-return',
    'carReturnRecord:add',
    '还车登记',
    requestReturnBody,
    (id, input, request) => requestReturn(db, request, id, input),
  );
  action(
    '/api/vehicle-returns/:id/accept',
    'carReturnRecord:accept',
    '还车验收（车辆回到在库）',
    acceptReturnBody,
    (id, input, request) => acceptReturn(db, request, id, input),
  );
  action('/api/vehicles/:id/shunt', 'shuntingManagement:add', '调车', shuntBody, (id, input, request) =>
    shuntVehicle(db, request, id, input),
  );
  action('/api/vehicle-risks/:id/handle', 'riskManagement:handle', '处理风险', handleRiskBody, (id, input, request) =>
    handleRisk(db, request, id, input),
  );

  app.post(
    '/api/vehicle-risks/scan',
    {
      config: { access: access.permission('riskManagement:handle') },
      schema: { summary: '按规则重新扫描风险车辆', tags },
    },
    async (request) => ok({ flagged: await scanRisks(db, sessionOf(request).tenantId) }),
  );

  await violationImportRoutes(app, { db, config });

  const crud = [
    {
      base: '/api/vehicle-violations',
      resource: violationResource,
      kind: 'violation' as const,
      create: createViolation,
      update: updateViolation,
    },
    {
      base: '/api/vehicle-maintenance',
      resource: maintenanceResource,
      kind: 'maintenance' as const,
      create: createMaintenance,
      update: updateMaintenance,
    },
  ];
  for (const { base, resource, kind, create, update } of crud) {
    const { permissions } = resource;
    app.post(
      base,
      {
        config: { access: access.permission(permissions.create ?? '') },
        schema: { summary: `新增${resource.title}`, tags, body: resource.createInput },
      },
      async (request) => ok(await create(db, request, request.body as never)),
    );
    app.put(
      `${base}/:id`,
      {
        config: { access: access.permission(permissions.update ?? '') },
        schema: { summary: `编辑${resource.title}（需带版本号）`, tags, params: idParams, body: resource.updateInput },
      },
      async (request) => ok(await update(db, request, idOf(request.params), request.body as never)),
    );
    app.delete(
      `${base}/:id`,
      {
        config: { access: access.permission(permissions.remove ?? '') },
        schema: { summary: `删除${resource.title}`, tags, params: idParams },
      },
      async (request) => {
        await deleteRecord(db, request, kind, idOf(request.params));
        return ok(null);
      },
    );
  }
}
