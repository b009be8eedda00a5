import {
  type deliverBody,
  type inspectBody,
  type outboundBody,
  type preparationBodies,
  preparationButtons,
  vehicleEnums,
} from '@cp/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { recordAudit } from '../audit/service';
import type { Db } from '../db';
import { hasPermission, sessionOf } from '../http/access';
import { businessError, forbidden } from '../http/errors';
import { recordStamp, takeAction } from './lifecycle';
import { deliveries, outboundRecords } from './record-tables';
import { vehicleInspections, vehiclePreparations, vehicles } from './tables';

export async function inspectVehicle(db: Db, request: FastifyRequest, id: number, body: z.infer<typeof inspectBody>) {
  const auth = sessionOf(request);
  return takeAction(
    db,
    request,
    id,
    'inspect',
    async (tx) => {
      const [record] = await tx
        .insert(vehicleInspections)
        .values({ ...body, vehicleId: id, inspectedAt: new Date(), inspector: auth.userName, ...recordStamp(auth) })
        .returning({ id: vehicleInspections.id });
      await tx.update(vehicles).set({ mileage: body.mileage }).where(eq(vehicles.id, id));
      return { inspectionId: String(record?.id), passed: body.result === 1 };
    },
    // A failed inspection is recorded; the vehicle waits for the next one.
    { moveStage: (_vehicle, result) => result.passed },
  );
}

export async function startPreparation(db: Db, request: FastifyRequest, id: number) {
  const auth = sessionOf(request);
  return takeAction(db, request, id, 'startPreparation', async (tx) => {
    await tx
      .insert(vehiclePreparations)
      .values([0, 1, 2, 3].map((item) => ({ vehicleId: id, item, ...recordStamp(auth) })))
      .onConflictDoNothing();
    return null;
  });
}

type PreparationItem = keyof typeof preparationBodies;

/** Completes one preparation item; the last one moves the vehicle to 待出库. */
export async function completePreparationItem(
  db: Db,
  request: FastifyRequest,
  id: number,
  item: PreparationItem,
  body: Record<string, unknown>,
) {
  const auth = sessionOf(request);
  if (!hasPermission(auth, [preparationButtons[item]])) throw forbidden();
  const { note, attachments, ...vehicleFields } = body as { note?: string; attachments?: string[]; plateNo?: string };
  return takeAction(
    db,
    request,
    id,
    'completePreparation',
    async (tx) => {
      if (typeof vehicleFields.plateNo === 'string') {
        const [taken] = await tx
          .select({ id: vehicles.id })
          .from(vehicles)
          .where(
            and(
              eq(vehicles.tenantId, auth.tenantId),
              eq(vehicles.plateNo, vehicleFields.plateNo),
              eq(vehicles.deleted, false),
            ),
          );
        if (taken && taken.id !== id) throw businessError(`车牌号 ${vehicleFields.plateNo} 已存在`);
      }
      const [current] = await tx
        .select({ done: vehiclePreparations.done })
        .from(vehiclePreparations)
        .where(and(eq(vehiclePreparations.vehicleId, id), eq(vehiclePreparations.item, item)));
      if (current?.done) throw businessError(`${vehicleEnums.preparationItem.label(item)}已完成`);
      const [row] = await tx
        .update(vehiclePreparations)
        .set({
          done: true,
          doneAt: new Date(),
          doneBy: auth.userName,
          note: note ?? null,
          attachments: attachments ?? [],
          updatedBy: auth.userId,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(vehiclePreparations.vehicleId, id),
            eq(vehiclePreparations.item, item),
            eq(vehiclePreparations.tenantId, auth.tenantId),
          ),
        )
        .returning();
      if (!row) throw businessError('该车辆没有此整备项目');
      if (Object.keys(vehicleFields).length > 0)
        await tx.update(vehicles).set(vehicleFields).where(eq(vehicles.id, id));
      await recordAudit(tx, request, {
        action: 'preparation',
        entity: 'vehicle',
        entityId: id,
        changes: Object.fromEntries(
          Object.entries({ item, ...vehicleFields }).map(([key, to]) => [key, { from: null, to }]),
        ),
      });
      const items = await tx
        .select({ done: vehiclePreparations.done })
        .from(vehiclePreparations)
        .where(eq(vehiclePreparations.vehicleId, id));
      return { allDone: items.length === 4 && items.every((entry) => entry.done) };
    },
    { moveStage: (_vehicle, result) => result.allDone, auditOnlyMoves: true },
  );
}

export async function outboundVehicle(db: Db, request: FastifyRequest, id: number, body: z.infer<typeof outboundBody>) {
  const auth = sessionOf(request);
  return takeAction(db, request, id, 'outbound', async (tx) => {
    const [record] = await tx
      .insert(outboundRecords)
      .values({ ...body, vehicleId: id, outboundAt: new Date(), handler: auth.userName, ...recordStamp(auth) })
      .returning({ id: outboundRecords.id });
    await tx.update(vehicles).set({ mileage: body.mileage }).where(eq(vehicles.id, id));
    return { outboundId: String(record?.id) };
  });
}

/** Hands a vehicle to a driver: 交车 (kind 0) or 临时交车 (kind 1), with its handover record. */
export async function handOver(
  db: Db,
  request: FastifyRequest,
  id: number,
  body: z.infer<typeof deliverBody>,
  kind: 0 | 1,
) {
  const auth = sessionOf(request);
  return takeAction(db, request, id, kind === 0 ? 'deliver' : 'temporaryDeliver', async (tx, vehicle) => {
    if (body.mileage < vehicle.mileage) throw businessError(`交车里程不能小于车辆当前里程${vehicle.mileage}公里`);
    const [record] = await tx
      .insert(deliveries)
      .values({ ...body, kind, vehicleId: id, deliveredAt: new Date(), handler: auth.userName, ...recordStamp(auth) })
      .returning({ id: deliveries.id });
    await tx.update(vehicles).set({ mileage: body.mileage }).where(eq(vehicles.id, id));
    return { deliveryId: String(record?.id) };
  });
}
