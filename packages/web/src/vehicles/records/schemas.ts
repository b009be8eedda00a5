import { deliverBody, requestReturnBody, shuntBody } from '@cp/contracts';
import { z } from 'zod';

const vehicleId = z.string({ error: '请选择车辆' }).min(1, '请选择车辆').meta({ title: '车辆' });

/** The bodies of the actions started from a toolbar: the action's body and the vehicle it is for. */
export const temporaryDeliverForm = deliverBody.extend({ vehicleId });
export const requestReturnForm = requestReturnBody.extend({ vehicleId });
export const shuntForm = shuntBody.extend({ vehicleId });

/** Splits the picked vehicle from the body the action sends. */
export function splitVehicle<T extends { vehicleId: string }>({ vehicleId: id, ...body }: T) {
  return { id, body };
}
