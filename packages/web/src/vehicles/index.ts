import { familyPages } from '../resource/registerFamilies';

/** The vehicle section's pages, by route key (its families in ./families make them). */
export const vehiclePages = familyPages(
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
