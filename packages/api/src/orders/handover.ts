import { and, eq } from 'drizzle-orm';
import { businessError } from '../http/errors';
import type { Row, WriteContext } from '../resource/family';
import { vehicles } from '../vehicles/tables';

/**
 * The car a sale hands over (零售订单's 交车): the branch company's, of the order's model. Its stage is the
 * vehicle action's to check. (A lease order's car passes the rules of `eligibility.ts`.)
 */
export async function checkedVehicleOfOrder(ctx: WriteContext, order: Row, vehicleId: number): Promise<void> {
  const [vehicle] = await ctx.tx
    .select({ modelId: vehicles.modelId, plateNo: vehicles.plateNo })
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.tenantId, ctx.auth.tenantId)));
  if (!vehicle) throw businessError('交付车辆：不存在');
  if (vehicle.modelId !== Number(order.modelId)) {
    throw businessError(`交付车辆：${vehicle.plateNo ?? ''}的车型与订单车型不一致`);
  }
}
