import { defineFeature } from '../app/defineFeature';
import { familyPages } from '../resource/registerFamilies';

/** The vehicle section's pages, by route key (its families in ./families make them). */
const pages = familyPages(
  () => import('./families'),
  [
    'vehicleList',
    'vehicleInspected',
    'inspectedVehicle',
    'networkMaintenance',
    'drivingLicense',
    'gpsList',
    'operationCertificate',
    'waitingOut',
    'vehicleDetail',
    'vehicleInspection',
    'outboundRecord',
    'deliveryRecord',
    'temporaryDelivery',
    'deliveryDetail',
    'carReturnRecord',
    'shuntingManagement',
    'riskManagement',
    'violationManagement',
    'maintenanceManagement',
  ],
);

export const feature = defineFeature({ pages });
