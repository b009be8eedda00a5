import type { ComponentType } from 'react';
import { lazyPage, type PageRegistry } from '../app/pageRegistry';
import type { RecordListKey } from './records/lists';
import type { vehicleScreens } from './screens';

const load = () => import('./pages');
const loadDetail = () => import('./VehicleDetailPage');
type PagesModule = Awaited<ReturnType<typeof load>>;

/** A vehicle list screen: its code and, before it renders, its first page of vehicles. */
const vehicleScreen = (key: keyof typeof vehicleScreens, pick: (module: PagesModule) => ComponentType) =>
  lazyPage(load, pick, (module) => module.prefetchVehicleScreen(key));

/** A record screen: its code and, before it renders, its first page of records. */
const recordScreen = (key: RecordListKey, pick: (module: PagesModule) => ComponentType) =>
  lazyPage(load, pick, (module) => module.prefetchRecordList(key));

/** Pages of the vehicles feature, by route key. */
export const vehiclePages: PageRegistry = {
  vehicleList: vehicleScreen('vehicleList', (module) => module.VehicleListPage),
  vehicleDetail: lazyPage(loadDetail, (module) => module.VehicleDetailPage),
  vehicleInspected: vehicleScreen('vehicleInspected', (module) => module.VehicleInspectedPage),
  inspectedVehicle: vehicleScreen('inspectedVehicle', (module) => module.InspectedVehiclePage),
  networkMaintenance: vehicleScreen('networkMaintenance', (module) => module.NetworkMaintenancePage),
  drivingLicense: vehicleScreen('drivingLicense', (module) => module.DrivingLicensePage),
  gpsList: vehicleScreen('gpsList', (module) => module.GpsListPage),
  operationCertificate: vehicleScreen('operationCertificate', (module) => module.OperationCertificatePage),
  waitingOut: vehicleScreen('waitingOut', (module) => module.WaitingOutPage),
  vehicleInspection: recordScreen('vehicleInspection', (module) => module.InspectionRecordPage),
  outboundRecord: recordScreen('outboundRecord', (module) => module.OutboundRecordPage),
  deliveryRecord: recordScreen('deliveryRecord', (module) => module.DeliveryRecordPage),
  deliveryDetail: lazyPage(load, (module) => module.DeliveryDetailPage),
  temporaryDelivery: recordScreen('temporaryDelivery', (module) => module.TemporaryDeliveryPage),
  carReturnRecord: recordScreen('carReturnRecord', (module) => module.CarReturnRecordPage),
  shuntingManagement: recordScreen('shuntingManagement', (module) => module.ShuntingManagementPage),
  riskManagement: recordScreen('riskManagement', (module) => module.RiskManagementPage),
  violationManagement: recordScreen('violationManagement', (module) => module.ViolationManagementPage),
  maintenanceManagement: recordScreen('maintenanceManagement', (module) => module.MaintenanceManagementPage),
};
