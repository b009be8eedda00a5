import type { maintenanceResource, violationResource } from '@cp/contracts';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { diff, recordAudit } from '../audit/service';
import type { Db, Tx } from '../db';
import { assertOwnFiles } from '../files/names';
import { sessionOf } from '../http/access';
import { conflict, notFound } from '../http/errors';
import { recordStamp } from './lifecycle';
import { deliveries, maintenanceRecords, violations } from './record-tables';
import { findVehicle } from './service';

type ViolationInput = z.infer<typeof violationResource.createInput>;
type MaintenanceInput = z.infer<typeof maintenanceResource.createInput>;

/** The driver who had the vehicle at that moment: the latest handover before it that had not ended. */
export async function driverAt(tx: Tx, vehicleId: number, at: Date): Promise<string | null> {
  const [delivery] = await tx
    .select({ driverName: deliveries.driverName, endedAt: deliveries.endedAt })
    .from(deliveries)
    .where(and(eq(deliveries.vehicleId, vehicleId), lte(deliveries.deliveredAt, at)))
    .orderBy(desc(deliveries.deliveredAt))
    .limit(1);
  if (!delivery || (delivery.endedAt && delivery.endedAt < at)) return null;
  return delivery.driverName;
}

function violationValues(input: Record<string, unknown>) {
  return {
    occurredAt: new Date(String(input.occurredAt)),
    place: String(input.place),
    item: String(input.item),
    points: Number(input.points ?? 0),
    fine: Number(input.fine ?? 0),
    status: Number(input.status ?? 0),
    remark: (input.remark as string | null | undefined) ?? null,
  };
}

/** 已处理: a violation recorded as handled is handled as of when it is recorded. */
export const violationHandled = 2;

export function handledAtOf(status: number): Date | null {
  return status === violationHandled ? new Date() : null;
}

export async function createViolation(db: Db, request: FastifyRequest, input: ViolationInput) {
  const auth = sessionOf(request);
  const vehicle = await findVehicle(db, auth.tenantId, Number(input.vehicleId));
  return db.transaction(async (tx) => {
    const values = violationValues(input);
    const [row] = await tx
      .insert(violations)
      .values({
        ...values,
        vehicleId: vehicle.id,
        plateNo: vehicle.plateNo ?? '',
        driverName: await driverAt(tx, vehicle.id, values.occurredAt),
        handledAt: handledAtOf(values.status),
        ...recordStamp(auth),
      })
      .returning();
    await recordAudit(tx, request, {
      action: 'create',
      entity: 'violation',
      entityId: row?.id,
      changes: diff(null, values),
    });
    return { id: String(row?.id) };
  });
}

export async function updateViolation(
  db: Db,
  request: FastifyRequest,
  id: number,
  input: ViolationInput & { version: number },
) {
  const auth = sessionOf(request);
  const [before] = await db
    .select()
    .from(violations)
    .where(and(eq(violations.id, id), eq(violations.tenantId, auth.tenantId)));
  if (!before) throw notFound('违章记录');
  const values = violationValues(input);
  return db.transaction(async (tx) => {
    const handledAt =
      values.status === violationHandled && before.status !== violationHandled ? new Date() : before.handledAt;
    const [row] = await tx
      .update(violations)
      .set({
        ...values,
        handledAt,
        driverName: await driverAt(tx, before.vehicleId, values.occurredAt),
        version: input.version + 1,
        updatedAt: new Date(),
        updatedBy: auth.userId,
      })
      .where(and(eq(violations.id, id), eq(violations.version, input.version)))
      .returning();
    if (!row) throw conflict();
    const old = violationValues(before as unknown as Record<string, unknown>);
    await recordAudit(tx, request, { action: 'update', entity: 'violation', entityId: id, changes: diff(old, values) });
    return { id: String(id) };
  });
}

function maintenanceValues(input: Record<string, unknown>) {
  return {
    type: Number(input.type),
    serviceDate: String(input.serviceDate),
    mileage: Number(input.mileage),
    vendor: String(input.vendor),
    cost: Number(input.cost ?? 0),
    status: Number(input.status ?? 0),
    attachments: (input.attachments as string[] | null | undefined) ?? [],
    remark: (input.remark as string | null | undefined) ?? null,
  };
}

export async function createMaintenance(db: Db, request: FastifyRequest, input: MaintenanceInput) {
  const auth = sessionOf(request);
  const vehicle = await findVehicle(db, auth.tenantId, Number(input.vehicleId));
  const values = maintenanceValues(input);
  await assertOwnFiles(db, auth.tenantId, values.attachments);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(maintenanceRecords)
      .values({ ...values, vehicleId: vehicle.id, plateNo: vehicle.plateNo, ...recordStamp(auth) })
      .returning();
    await recordAudit(tx, request, {
      action: 'create',
      entity: 'maintenance',
      entityId: row?.id,
      changes: diff(null, values),
    });
    return { id: String(row?.id) };
  });
}

export async function updateMaintenance(
  db: Db,
  request: FastifyRequest,
  id: number,
  input: MaintenanceInput & { version: number },
) {
  const auth = sessionOf(request);
  const [before] = await db
    .select()
    .from(maintenanceRecords)
    .where(and(eq(maintenanceRecords.id, id), eq(maintenanceRecords.tenantId, auth.tenantId)));
  if (!before) throw notFound('维保记录');
  const values = maintenanceValues(input);
  await assertOwnFiles(db, auth.tenantId, values.attachments);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(maintenanceRecords)
      .set({ ...values, version: input.version + 1, updatedAt: new Date(), updatedBy: auth.userId })
      .where(and(eq(maintenanceRecords.id, id), eq(maintenanceRecords.version, input.version)))
      .returning();
    if (!row) throw conflict();
    await recordAudit(tx, request, {
      action: 'update',
      entity: 'maintenance',
      entityId: id,
      changes: diff(maintenanceValues(before as unknown as Record<string, unknown>), values),
    });
    return { id: String(id) };
  });
}

/** Deletes a violation or maintenance record of the session's tenant, keeping what it was in the audit. */
export async function deleteRecord(db: Db, request: FastifyRequest, kind: 'violation' | 'maintenance', id: number) {
  const auth = sessionOf(request);
  const table = kind === 'violation' ? violations : maintenanceRecords;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(table)
      .where(and(eq(table.id, id), eq(table.tenantId, auth.tenantId)))
      .returning();
    if (!row) throw notFound(kind === 'violation' ? '违章记录' : '维保记录');
    await recordAudit(tx, request, {
      action: 'delete',
      entity: kind,
      entityId: id,
      changes: diff(row as unknown as Record<string, unknown>, null),
    });
  });
}
