import { fleetCarStates, fleetOrderStates } from '@cp/contracts';
import { and, eq } from 'drizzle-orm';
import { customers } from '../customers/tables';
import { businessError } from '../http/errors';
import type { Row, WriteContext } from '../resource/family';
import { fleetCars, fleetOrders } from './tables';

/**
 * Whom a vehicle's 交车 hands the car to for a B端 order's car (`fleetCarId` in the body, which only the car's own
 * 交车 puts there): the car waiting on an order in force, received by the customer's receiver, at the customer's phone.
 */
export async function fleetRecipient(ctx: WriteContext, body: Row) {
  const [car] = await ctx.tx
    .select({ status: fleetCars.status, orderStatus: fleetOrders.status, phone: customers.mobile })
    .from(fleetCars)
    .innerJoin(fleetOrders, eq(fleetOrders.id, fleetCars.orderId))
    .innerJoin(customers, eq(customers.id, fleetCars.customerId))
    .where(and(eq(fleetCars.id, Number(body.fleetCarId)), eq(fleetCars.tenantId, ctx.auth.tenantId)));
  if (!car || car.status !== fleetCarStates.waiting || car.orderStatus !== fleetOrderStates.performing) {
    throw businessError('车辆只能交给履约中的B端订单待交车的车辆');
  }
  return { id: null, name: String(body.receiverName), mobile: car.phone };
}
