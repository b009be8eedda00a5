import type { deliverBody, inspectBody, outboundBody, preparationBodies } from '@cp/contracts';
import type { z } from 'zod';
import { post } from '../request';
import { createResourceApi, type ResourceRecord } from '../resource';

/** A vehicle as the API sends it: the resource's fields, `…Name` beside each reference, and its version. */
export type Vehicle = ResourceRecord & { stage: number; plateNo: string | null; vin: string; mileage: number };

export type PreparationItem = keyof typeof preparationBodies;

const crud = createResourceApi<Vehicle>('/api/vehicles');

/** The vehicle calls of packages/api/src/vehicles/routes.ts. */
export const vehiclesApi = {
  ...crud,
  inspect: (id: string, body: z.output<typeof inspectBody>) => post<unknown>(`${crud.base}/${id}/inspect`, body),
  startPreparation: (id: string) => post<unknown>(`${crud.base}/${id}/start-preparation`),
  completePreparation: (id: string, item: PreparationItem, body: Record<string, unknown>) =>
    post<unknown>(`${crud.base}/${id}/preparations/${item}`, body),
  outbound: (id: string, body: z.output<typeof outboundBody>) => post<unknown>(`${crud.base}/${id}/outbound`, body),
  deliver: (id: string, body: z.output<typeof deliverBody>) => post<unknown>(`${crud.base}/${id}/deliver`, body),
};

/** Every vehicle query (lists, details, histories) starts with this key; an action refreshes them all. */
export const vehicleQueryKey = ['vehicle'] as const;
