import {
  deliveryResource,
  inspectionResource,
  maintenanceResource,
  outboundResource,
  type Resource,
  returnResource,
  riskResource,
  type Screen,
  shuntingResource,
  vehicleRecordScreens,
  violationResource,
} from '@cp/contracts';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { businessNow } from '../clock';
import type { Tx } from '../db';
import {
  defineServerResource,
  type FamilyTable,
  type Row,
  type ServerResourceSpec,
  type WriteContext,
} from '../resource/family';
import { takeAction } from '../resource/lifecycle';
import { vehicleFamily } from './family';
import {
  carReturns,
  deliveries,
  maintenanceRecords,
  outboundRecords,
  shuntingRecords,
  vehicleRisks,
  violations,
} from './record-tables';
import { vehicleInspections, vehicles } from './tables';

const screensOf = (resource: Resource): Screen[] =>
  Object.values(vehicleRecordScreens).filter((screen) => screen.resource === resource);

/** A record of a vehicle: listed with its vehicle's plate and VIN (searched on the vehicle). */
function vehicleRecord(
  resource: Resource,
  table: FamilyTable & { vehicleId: PgColumn },
  spec: Partial<ServerResourceSpec> = {},
) {
  const ownPlate = 'plateNo' in table;
  return defineServerResource({
    resource,
    table,
    screens: screensOf(resource),
    parent: {
      table: vehicles,
      via: table.vehicleId,
      id: vehicles.id,
      columns: ownPlate ? { vin: vehicles.vin } : { plateNo: vehicles.plateNo, vin: vehicles.vin },
    },
    ...spec,
  });
}

/** The driver who had the vehicle at that moment: the latest handover before it that had not ended. */
async function driverAt(
  tx: Tx,
  vehicleId: number,
  at: Date,
): Promise<{ driverName: string; driverId: number | null } | null> {
  const [delivery] = await tx
    .select({ driverName: deliveries.driverName, driverId: deliveries.driverId, endedAt: deliveries.endedAt })
    .from(deliveries)
    .where(and(eq(deliveries.vehicleId, vehicleId), lte(deliveries.deliveredAt, at)))
    .orderBy(desc(deliveries.deliveredAt))
    .limit(1);
  if (!delivery || (delivery.endedAt && delivery.endedAt < at)) return null;
  return { driverName: delivery.driverName, driverId: delivery.driverId };
}

/** The plate a record keeps of its vehicle (as it was when recorded), read once per write. */
async function plateOf(ctx: WriteContext, vehicleId: number): Promise<string> {
  return ctx.memo(`plate:${vehicleId}`, async () => {
    const [vehicle] = await ctx.tx
      .select({ plateNo: vehicles.plateNo })
      .from(vehicles)
      .where(eq(vehicles.id, vehicleId));
    return vehicle?.plateNo ?? '';
  });
}

/** 已处理: a violation recorded as handled is handled as of when it is recorded. */
const handled = 2;

const inspectionFamily = vehicleRecord(inspectionResource, vehicleInspections);
const outboundFamily = vehicleRecord(outboundResource, outboundRecords);
const deliveryFamily = vehicleRecord(deliveryResource, deliveries, {
  expose: ['checklist'],
});
const shuntingFamily = vehicleRecord(shuntingResource, shuntingRecords);

/**
 * Told of each accepted return in its transaction (the lease order whose car it is: 已退车), with the body it
 * was accepted with (an exchange's handover names its order there).
 */
type ReturnAccepted = (ctx: WriteContext, returnRecord: Row, body: Row) => Promise<void>;
const returnListeners: ReturnAccepted[] = [];

/** Registers what follows an accepted return, for modules the vehicles do not know (orders). */
export function onReturnAccepted(listener: ReturnAccepted): void {
  returnListeners.push(listener);
}

/** Told of each return cancelled before its acceptance, in its transaction (the lease order being returned). */
const cancelListeners: ReturnAccepted[] = [];

/** Registers what follows a cancelled return (the order in force again), or refuses it (a settlement exists). */
export function onReturnCancelled(listener: ReturnAccepted): void {
  cancelListeners.push(listener);
}

/**
 * 还车验收: the return is accepted and its vehicle is back in stock, in one transaction. 取消还车 before that: the
 * vehicle stays with its driver (租赁中) and what followed the return asked for goes back, in one transaction.
 */
export const returnFamily = vehicleRecord(returnResource, carReturns, {
  actions: {
    cancel: {
      async run(ctx, record) {
        for (const listener of cancelListeners) await listener(ctx, record, {});
        await takeAction(ctx.db, vehicleFamily, ctx.request, Number(record.vehicleId), 'cancelReturn', {}, ctx);
        return null;
      },
      patch: (body) => ({ cancelReason: body.reason }),
    },
    accept: {
      async run(ctx, record, body) {
        await takeAction(ctx.db, vehicleFamily, ctx.request, Number(record.vehicleId), 'completeReturn', body, ctx);
        if (record.deliveryId) {
          await ctx.tx
            .update(deliveries)
            .set({ endedAt: businessNow() })
            .where(eq(deliveries.id, Number(record.deliveryId)));
        }
        for (const listener of returnListeners) await listener(ctx, record, body);
        return null;
      },
      patch: ({ orderId: _orderId, ...body }, _record, ctx) => ({
        ...body,
        returnedAt: businessNow(),
        handler: ctx.auth.userName,
      }),
    },
  },
});

const riskFamily = vehicleRecord(riskResource, vehicleRisks, {
  actions: {
    handle: {
      patch: (body, _risk, ctx) => ({ note: body.note, handledBy: ctx.auth.userName, handledAt: businessNow() }),
    },
  },
});

/** Violations keep their vehicle's plate, the driver who had it then, and when they were handled. */
export const violationFamily = vehicleRecord(violationResource, violations, {
  async prepare(values, ctx, before) {
    const vehicleId = Number(values.vehicleId ?? before?.vehicleId);
    const occurredAt = values.occurredAt ? new Date(String(values.occurredAt)) : (before?.occurredAt as Date);
    const status = Number(values.status ?? before?.status ?? 0);
    const handledAt =
      status === handled && Number(before?.status) !== handled
        ? businessNow()
        : status === handled
          ? before?.handledAt
          : null;
    return {
      ...values,
      plateNo: await plateOf(ctx, vehicleId),
      ...((await driverAt(ctx.tx, vehicleId, occurredAt)) ?? { driverName: null, driverId: null }),
      handledAt: handledAt ?? null,
    } satisfies Row;
  },
});

const maintenanceFamily = vehicleRecord(maintenanceResource, maintenanceRecords, {
  async prepare(values, ctx, before) {
    return { ...values, plateNo: await plateOf(ctx, Number(values.vehicleId ?? before?.vehicleId)) };
  },
});

export const vehicleRecordFamilies = [
  inspectionFamily,
  outboundFamily,
  deliveryFamily,
  returnFamily,
  shuntingFamily,
  riskFamily,
  violationFamily,
  maintenanceFamily,
];
