import type { acceptReturnBody, recallBody, requestReturnBody, shuntBody } from '@cp/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../db';
import { sessionOf } from '../http/access';
import { businessError, notFound } from '../http/errors';
import { cities } from '../lookups/tables';
import { recordStamp, takeAction } from './lifecycle';
import { carReturns, deliveries, shuntingRecords } from './record-tables';
import { vehicles } from './tables';

async function openDelivery(tx: Tx, vehicleId: number) {
  const [delivery] = await tx
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.vehicleId, vehicleId), isNull(deliveries.endedAt)))
    .orderBy(desc(deliveries.deliveredAt))
    .limit(1);
  return delivery;
}

/** Ends a temporary delivery: the vehicle is back in stock. */
export async function recallVehicle(db: Db, request: FastifyRequest, id: number, body: z.infer<typeof recallBody>) {
  return takeAction(db, request, id, 'recall', async (tx, vehicle) => {
    if (body.mileage < vehicle.mileage) throw businessError(`收回里程不能小于车辆当前里程${vehicle.mileage}公里`);
    const delivery = await openDelivery(tx, id);
    if (delivery)
      await tx
        .update(deliveries)
        .set({ endedAt: new Date(), remark: body.remark ?? delivery.remark })
        .where(eq(deliveries.id, delivery.id));
    await tx.update(vehicles).set({ mileage: body.mileage }).where(eq(vehicles.id, id));
    return null;
  });
}

export async function requestReturn(
  db: Db,
  request: FastifyRequest,
  id: number,
  body: z.infer<typeof requestReturnBody>,
) {
  const auth = sessionOf(request);
  return takeAction(db, request, id, 'requestReturn', async (tx) => {
    const delivery = await openDelivery(tx, id);
    const [record] = await tx
      .insert(carReturns)
      .values({
        vehicleId: id,
        deliveryId: delivery?.id,
        requestedAt: new Date(),
        handler: auth.userName,
        remark: body.remark,
        ...recordStamp(auth),
      })
      .returning({ id: carReturns.id });
    return { returnId: String(record?.id) };
  });
}

/** Accepts a returned vehicle (还车验收) by its return record: it goes back in stock. */
export async function acceptReturn(
  db: Db,
  request: FastifyRequest,
  returnId: number,
  body: z.infer<typeof acceptReturnBody>,
) {
  const auth = sessionOf(request);
  const [record] = await db
    .select()
    .from(carReturns)
    .where(and(eq(carReturns.id, returnId), eq(carReturns.tenantId, auth.tenantId)));
  if (!record) throw notFound('还车记录');
  if (record.status !== 0) throw businessError('该还车记录已验收');
  return takeAction(db, request, record.vehicleId, 'completeReturn', async (tx, vehicle) => {
    if (body.mileage < vehicle.mileage) throw businessError(`还车里程不能小于车辆当前里程${vehicle.mileage}公里`);
    const now = new Date();
    await tx
      .update(carReturns)
      .set({
        ...body,
        status: 1,
        returnedAt: now,
        handler: auth.userName,
        version: record.version + 1,
        updatedAt: now,
        updatedBy: auth.userId,
      })
      .where(eq(carReturns.id, returnId));
    if (record.deliveryId)
      await tx.update(deliveries).set({ endedAt: now }).where(eq(deliveries.id, record.deliveryId));
    await tx.update(vehicles).set({ mileage: body.mileage }).where(eq(vehicles.id, record.vehicleId));
    return null;
  });
}

/** 调车: moves a vehicle to another city or yard, keeping its stage. */
export async function shuntVehicle(db: Db, request: FastifyRequest, id: number, body: z.infer<typeof shuntBody>) {
  const auth = sessionOf(request);
  return takeAction(db, request, id, 'shunt', async (tx, vehicle) => {
    const [city] = await tx
      .select({ id: cities.id })
      .from(cities)
      .where(eq(cities.id, Number(body.toCityId)));
    if (!city) throw businessError('调入城市不存在');
    const [record] = await tx
      .insert(shuntingRecords)
      .values({
        vehicleId: id,
        fromCityId: vehicle.cityId,
        fromLocation: body.fromLocation,
        toCityId: city.id,
        toLocation: body.toLocation,
        driver: body.driver,
        reason: body.reason,
        shuntedAt: new Date(),
        ...recordStamp(auth),
      })
      .returning({ id: shuntingRecords.id });
    await tx.update(vehicles).set({ cityId: city.id }).where(eq(vehicles.id, id));
    return { shuntingId: String(record?.id) };
  });
}
