import type { acceptReturnBody, deliverBody, recallBody, requestReturnBody, shuntBody } from '@cp/contracts';
import type { z } from 'zod';
import { get, post } from '../../request';
import { createResourceApi, type ResourceRecord } from '../../resource';

/** A vehicle record as the lists send it: the vehicle's plate and VIN beside the record's own fields. */
export type VehicleRecord = ResourceRecord & { vehicleId: string; plateNo: string | null; vin?: string };

/** One delivery as GET /api/vehicle-deliveries/:id answers it. */
export type DeliveryDetail = VehicleRecord & {
  checklist?: { item: string; ok: boolean; note?: string }[];
  photos?: string[];
  remark?: string | null;
};

export const deliveriesUrl = '/api/vehicle-deliveries';

/** The record calls of packages/api/src/vehicles/record-routes.ts. */
export const recordsApi = {
  delivery: (id: string) => get<DeliveryDetail>(`${deliveriesUrl}/${id}`),
  temporaryDeliver: (vehicleId: string, body: z.output<typeof deliverBody>) =>
    post<unknown>(`/api/vehicles/${vehicleId}/temporary-deliver`, body),
  recall: (vehicleId: string, body: z.output<typeof recallBody>) =>
    post<unknown>(`/api/vehicles/${vehicleId}/recall`, body),
  requestReturn: (vehicleId: string, body: z.output<typeof requestReturnBody>) =>
    post<unknown>(`/api/vehicles/${vehicleId}/request-return`, body),
  acceptReturn: (returnId: string, body: z.output<typeof acceptReturnBody>) =>
    post<unknown>(`/api/vehicle-returns/${returnId}/accept`, body),
  shunt: (vehicleId: string, body: z.output<typeof shuntBody>) =>
    post<unknown>(`/api/vehicles/${vehicleId}/shunt`, body),
  handleRisk: (riskId: string, body: { note: string; version: number }) =>
    post<unknown>(`/api/vehicle-risks/${riskId}/handle`, body),
  scanRisks: () => post<{ flagged: number }>('/api/vehicle-risks/scan'),
};

export const violationsApi = createResourceApi<VehicleRecord>('/api/vehicle-violations');
export const maintenanceApi = createResourceApi<VehicleRecord>('/api/vehicle-maintenance');
