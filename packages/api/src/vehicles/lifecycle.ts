import { enums, stage, transitionsByAction, type VehicleAction, type VehicleStage, vehicleEnums } from '@cp/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../audit/service';
import type { Db, Tx } from '../db';
import { assertOwnFiles } from '../files/names';
import { hasPermission, sessionOf } from '../http/access';
import { businessError, forbidden, notFound } from '../http/errors';
import { vehicles } from './tables';

type VehicleRow = typeof vehicles.$inferSelect;

/** The tenant and author columns of a record a user writes. */
export const recordStamp = (auth: { tenantId: number; userId: number }) => ({
  tenantId: auth.tenantId,
  createdBy: auth.userId,
  updatedBy: auth.userId,
});

/** Rent status (SPEC §3) that follows each stage: 0 已租赁, 1 退车中, 2 在库. */
function rentStatusOf(next: VehicleStage, current: number): number {
  if (next === stage.leased || next === stage.temporarilyDelivered) return 0;
  if (next === stage.returning) return 1;
  if (next === stage.inStock || next === stage.awaitingOutbound) return 2;
  return current;
}

/**
 * Takes one lifecycle action on a vehicle, in one transaction: checks the table allows it from the vehicle's
 * stage and that the user holds its button, lets `effect` write the action's record, moves the stage and
 * audits it. A refused action says why.
 */
export async function takeAction<T>(
  db: Db,
  request: FastifyRequest,
  vehicleId: number,
  action: VehicleAction,
  effect: (tx: Tx, vehicle: VehicleRow) => Promise<T>,
  options: {
    moveStage?: (vehicle: VehicleRow, result: T) => boolean;
    /** The effect audits itself; add a record only when the stage moves. */
    auditOnlyMoves?: boolean;
  } = {},
): Promise<T> {
  const auth = sessionOf(request);
  const transition = transitionsByAction.get(action);
  if (!transition) throw new Error(`unknown vehicle action ${action}`);
  if (!hasPermission(auth, [transition.button])) throw forbidden();
  return db.transaction(async (tx) => {
    const [vehicle] = await tx
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.id, vehicleId), eq(vehicles.tenantId, auth.tenantId), eq(vehicles.deleted, false)))
      .for('update');
    if (!vehicle) throw notFound('车辆');
    if (!transition.from.includes(vehicle.stage as VehicleStage)) {
      throw businessError(`车辆当前为「${vehicleEnums.stage.label(vehicle.stage)}」，不能${transition.title}`);
    }
    // Action bodies carry their uploads as `photos` or `attachments` (contracts/vehicles/actions.ts).
    const body = (request.body ?? {}) as { photos?: unknown; attachments?: unknown };
    await assertOwnFiles(tx, auth.tenantId, body.photos);
    await assertOwnFiles(tx, auth.tenantId, body.attachments);
    const result = await effect(tx, vehicle);
    const moves = transition.to !== null && (options.moveStage?.(vehicle, result) ?? true);
    const next = moves ? (transition.to as VehicleStage) : (vehicle.stage as VehicleStage);
    const rentStatus = moves ? rentStatusOf(next, vehicle.rentStatus) : vehicle.rentStatus;
    await tx
      .update(vehicles)
      .set({ stage: next, rentStatus, version: vehicle.version + 1, updatedAt: new Date(), updatedBy: auth.userId })
      .where(eq(vehicles.id, vehicle.id));
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (next !== vehicle.stage) {
      changes.stage = { from: vehicleEnums.stage.label(vehicle.stage), to: vehicleEnums.stage.label(next) };
    }
    if (rentStatus !== vehicle.rentStatus) {
      changes.rentStatus = {
        from: enums.carRentStatus.label(vehicle.rentStatus),
        to: enums.carRentStatus.label(rentStatus),
      };
    }
    if (!options.auditOnlyMoves || Object.keys(changes).length > 0) {
      await recordAudit(tx, request, { action, entity: 'vehicle', entityId: vehicle.id, changes });
    }
    return result;
  });
}
