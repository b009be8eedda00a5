import {
  allowedActions,
  deliverBody,
  idString,
  inspectBody,
  outboundBody,
  preparationBodies,
  type VehicleStage,
  vehicleResource,
} from '@cp/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { entityHistory } from '../audit/history';
import type { Db } from '../db';
import { access, sessionOf } from '../http/access';
import { ok } from '../http/reply';
import { parseWith } from '../http/validation';
import { actionRoutes, idOf, idParams, vehicleTags as tags } from './action-route';
import { completePreparationItem, handOver, inspectVehicle, outboundVehicle, startPreparation } from './actions';
import { createVehicle, deleteVehicle, findVehicle, getVehicle, listVehicles, updateVehicle } from './service';

/** Every screen that lists or opens vehicles. */
const viewVehicles = access.permission(
  'vehicleList',
  'vehicleInspected',
  'inspectedVehicle',
  'networkMaintenance',
  'drivingLicense',
  'gpsList',
  'operationCertificate',
  'waitingOut',
  'temporaryDelivery',
  'shuntingManagement',
  'carReturnRecord',
);

type Query = z.infer<typeof vehicleResource.listQuery>;

export async function vehicleRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get(
    '/api/vehicles',
    { config: { access: viewVehicles }, schema: { summary: '车辆列表', tags, querystring: vehicleResource.listQuery } },
    async (request) => ok(await listVehicles(db, sessionOf(request).tenantId, request.query as Query)),
  );

  app.get(
    '/api/vehicles/:id',
    { config: { access: viewVehicles }, schema: { summary: '车辆详情', tags, params: idParams } },
    async (request) => ok(await getVehicle(db, sessionOf(request).tenantId, idOf(request.params))),
  );

  app.get(
    '/api/vehicles/:id/history',
    { config: { access: viewVehicles }, schema: { summary: '车辆变更历史', tags, params: idParams } },
    async (request) => {
      const tenantId = sessionOf(request).tenantId;
      const id = idOf(request.params);
      await findVehicle(db, tenantId, id);
      return ok(await entityHistory(db, tenantId, 'vehicle', String(id)));
    },
  );

  app.get(
    '/api/vehicles/:id/actions',
    { config: { access: viewVehicles }, schema: { summary: '当前用户可对该车辆执行的操作', tags, params: idParams } },
    async (request) => {
      const auth = sessionOf(request);
      const vehicle = await findVehicle(db, auth.tenantId, idOf(request.params));
      return ok(
        allowedActions(vehicle.stage as VehicleStage, auth.buttons).map(({ action, title }) => ({ action, title })),
      );
    },
  );

  app.post(
    '/api/vehicles',
    {
      config: { access: access.permission('vehicleList:add') },
      schema: { summary: '新增车辆', tags, body: vehicleResource.createInput },
    },
    async (request) => ok(await createVehicle(db, request, request.body as Record<string, unknown>)),
  );

  app.put(
    '/api/vehicles/:id',
    {
      config: { access: access.permission('vehicleList:edit') },
      schema: { summary: '编辑车辆（需带版本号）', tags, params: idParams, body: vehicleResource.updateInput },
    },
    async (request) =>
      ok(
        await updateVehicle(
          db,
          request,
          idOf(request.params),
          request.body as Record<string, unknown> & { version: number },
        ),
      ),
  );

  app.delete(
    '/api/vehicles/:id',
    {
      config: { access: access.permission('vehicleList:delete') },
      schema: { summary: '删除车辆', tags, params: idParams },
    },
    async (request) => {
      await deleteVehicle(db, request, idOf(request.params));
      return ok(null);
    },
  );

  const action = actionRoutes(app);
  action(
    '/api/vehicles/:id/inspect',
    'vehicleInspected:inspect',
    '验车（合格则进入已验车）',
    inspectBody,
    (id, input, request) => inspectVehicle(db, request, id, input),
  );

  app.post(
    '/api/vehicles/:id/start-preparation',
    {
      config: { access: access.permission('inspectedVehicle:prepare') },
      schema: { summary: '开始整备', tags, params: idParams },
    },
    async (request) => ok(await startPreparation(db, request, idOf(request.params))),
  );

  app.post(
    '/api/vehicles/:id/preparations/:item',
    {
      config: {
        access: access.permission(
          'networkMaintenance:edit',
          'drivingLicense:edit',
          'gpsList:edit',
          'operationCertificate:edit',
        ),
      },
      schema: {
        summary: '完成整备项目（0 入网维护，1 行驶证，2 GPS，3 运输证）；全部完成后进入待出库',
        tags,
        params: z.strictObject({ id: idString, item: z.enum(['0', '1', '2', '3']).meta({ title: '整备项目' }) }),
      },
    },
    async (request) => {
      const { id, item } = request.params as { id: string; item: '0' | '1' | '2' | '3' };
      const key = Number(item) as keyof typeof preparationBodies;
      const body = parseWith(preparationBodies[key], request.body ?? {});
      return ok(await completePreparationItem(db, request, Number(id), key, body));
    },
  );

  action('/api/vehicles/:id/outbound', 'waitingOut:outbound', '出库', outboundBody, (id, input, request) =>
    outboundVehicle(db, request, id, input),
  );
  action('/api/vehicles/:id/deliver', 'waitingOut:deliver', '交车', deliverBody, (id, input, request) =>
    handOver(db, request, id, input, 0),
  );
}
