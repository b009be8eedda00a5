import {
  deliveryResource,
  inspectionResource,
  maintenanceResource,
  outboundResource,
  returnResource,
  riskResource,
  shuntingResource,
  violationResource,
} from '@cp/contracts';
import type { PagePrefetch } from '../../app/pageRegistry';
import { prefetchResourceList } from '../../resource/listQuery';
import { deliveriesUrl, maintenanceApi, violationsApi } from './api';

export const formalDeliveries = { kind: '0' } as const;
export const temporaryDeliveries = { kind: '1' } as const;

/** The list each record screen shows, by route key: one definition for the screen and for its prefetch. */
export const recordLists = {
  vehicleInspection: { resource: inspectionResource, endpoint: '/api/vehicle-inspections' },
  outboundRecord: { resource: outboundResource, endpoint: '/api/vehicle-outbound-records' },
  deliveryRecord: { resource: deliveryResource, endpoint: deliveriesUrl, fixed: formalDeliveries },
  temporaryDelivery: { resource: deliveryResource, endpoint: deliveriesUrl, fixed: temporaryDeliveries },
  carReturnRecord: { resource: returnResource, endpoint: '/api/vehicle-returns' },
  shuntingManagement: { resource: shuntingResource, endpoint: '/api/vehicle-shunting' },
  riskManagement: { resource: riskResource, endpoint: '/api/vehicle-risks' },
  violationManagement: { resource: violationResource, endpoint: violationsApi.base },
  maintenanceManagement: { resource: maintenanceResource, endpoint: maintenanceApi.base },
} as const;

export type RecordListKey = keyof typeof recordLists;

/** Loads the first page a record screen shows for a URL, before the screen renders. */
export function prefetchRecordList(key: RecordListKey): PagePrefetch {
  const { resource, ...options } = recordLists[key];
  return ({ queryClient, search }) => prefetchResourceList(queryClient, resource, options, search);
}
