import { lazyPage, type PageRegistry } from '../app/pageRegistry';

const load = () => import('./pages');
const loadDetail = () => import('./VehicleDetailPage');

/** Pages of the vehicles feature, by route key. */
export const vehiclePages: PageRegistry = {
  vehicleList: lazyPage(load, (module) => module.VehicleListPage),
  vehicleDetail: lazyPage(loadDetail, (module) => module.VehicleDetailPage),
  vehicleInspected: lazyPage(load, (module) => module.VehicleInspectedPage),
  inspectedVehicle: lazyPage(load, (module) => module.InspectedVehiclePage),
  networkMaintenance: lazyPage(load, (module) => module.NetworkMaintenancePage),
  drivingLicense: lazyPage(load, (module) => module.DrivingLicensePage),
  gpsList: lazyPage(load, (module) => module.GpsListPage),
  operationCertificate: lazyPage(load, (module) => module.OperationCertificatePage),
  waitingOut: lazyPage(load, (module) => module.WaitingOutPage),
  vehicleInspection: lazyPage(load, (module) => module.InspectionRecordPage),
  outboundRecord: lazyPage(load, (module) => module.OutboundRecordPage),
  deliveryRecord: lazyPage(load, (module) => module.DeliveryRecordPage),
  deliveryDetail: lazyPage(load, (module) => module.DeliveryDetailPage),
  temporaryDelivery: lazyPage(load, (module) => module.TemporaryDeliveryPage),
  carReturnRecord: lazyPage(load, (module) => module.CarReturnRecordPage),
  shuntingManagement: lazyPage(load, (module) => module.ShuntingManagementPage),
  riskManagement: lazyPage(load, (module) => module.RiskManagementPage),
  violationManagement: lazyPage(load, (module) => module.ViolationManagementPage),
  maintenanceManagement: lazyPage(load, (module) => module.MaintenanceManagementPage),
};
