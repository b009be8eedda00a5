import {
  acceptReturnBody,
  deliverBody,
  deliveryResource,
  handleRiskBody,
  idString,
  inspectionResource,
  maintenanceResource,
  outboundResource,
  type Resource,
  recallBody,
  requestReturnBody,
  returnResource,
  riskResource,
  shuntBody,
  shuntingResource,
  violationResource,
} from '@cp/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db';
import { access, sessionOf } from '../http/access';
import { notFound } from '../http/errors';
import { ok } from '../http/reply';
import { handOver } from './actions';
import { acceptReturn, recallVehicle, requestReturn, shuntVehicle } from './handover-actions';
import { type ListQuery, listVehicleRecords, type RecordTable } from './record-lists';
import { createMaintenance, createViolation, deleteRecord, updateMaintenance, updateViolation } from './record-service';
import {
  carReturns,
  deliveries,
  maintenanceRecords,
  outboundRecords,
  shuntingRecords,
  vehicleRisks,
  violations,
} from './record-tables';
import { handleRisk, scanRisks } from './risks';
import { vehicleInspections } from './tables';

const tags = ['车辆管理'];
const idParams = z.strictObject({ id: idString });
const idOf = (params: unknown) => Number((params as { id: string }).id);

const lists: { path: string; summary: string; resource: Resource; table: RecordTable; view: string[] }[] = [
  {
    path: '/api/vehicle-inspections',
    summary: '验车记录',
    resource: inspectionResource,
    table: vehicleInspections,
    view: ['vehicleInspection'],
  },
  {
    path: '/api/vehicle-outbound-records',
    summary: '出库记录',
    resource: outboundResource,
    table: outboundRecords,
    view: ['outboundRecord'],
  },
  {
    path: '/api/vehicle-deliveries',
    summary: '交车记录（kind：0 正式交车，1 临时交车）',
    resource: deliveryResource,
    table: deliveries,
    view: ['deliveryRecord', 'temporaryDelivery'],
  },
  {
    path: '/api/vehicle-returns',
    summary: '还车记录',
    resource: returnResource,
    table: carReturns,
    view: ['carReturnRecord'],
  },
  {
    path: '/api/vehicle-shunting',
    summary: '调车记录',
    resource: shuntingResource,
    table: shuntingRecords,
    view: ['shuntingManagement'],
  },
  {
    path: '/api/vehicle-violations',
    summary: '违章记录',
    resource: violationResource,
    table: violations,
    view: ['violationManagement'],
  },
  {
    path: '/api/vehicle-maintenance',
    summary: '维保记录',
    resource: maintenanceResource,
    table: maintenanceRecords,
    view: ['maintenanceManagement'],
  },
  {
    path: '/api/vehicle-risks',
    summary: '风险车辆',
    resource: riskResource,
    table: vehicleRisks,
    view: ['riskManagement'],
  },
];

export async function vehicleRecordRoutes(app: FastifyInstance, { db }: { db: Db }) {
  for (const { path, summary, resource, table, view } of lists) {
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
      return ok({ ...row, id: String(row.id), vehicleId: String(row.vehicleId) });
    },
  );

  const action = <S extends z.ZodType>(
    url: string,
    button: string,
    summary: string,
    body: S,
    run: (id: number, input: z.infer<S>, request: Parameters<typeof sessionOf>[0]) => Promise<unknown>,
  ) =>
    app.post(
      url,
      { config: { access: access.permission(button) }, schema: { summary, tags, params: idParams, body } },
      async (request) => ok(await run(idOf(request.params), request.body as z.infer<S>, request)),
    );

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
