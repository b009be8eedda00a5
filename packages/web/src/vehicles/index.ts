import { lazyPage, type PageRegistry } from '../app/pageRegistry';

const load = () => import('./pages');
const loadDetail = () => import('./VehicleDetailPage');

/** Pages of the vehicles feature, by route key. */
export const vehiclePages: PageRegistry = {
  vehicleList: lazyPage(
    load,
    (module) => module.VehicleListPage,
    (module) => module.prefetchVehicleScreen('vehicleList'),
  ),
  vehicleDetail: lazyPage(loadDetail, (module) => module.VehicleDetailPage),
  vehicleInspected: lazyPage(
    load,
    (module) => module.VehicleInspectedPage,
    (module) => module.prefetchVehicleScreen('vehicleInspected'),
  ),
  inspectedVehicle: lazyPage(
    load,
    (module) => module.InspectedVehiclePage,
    (module) => module.prefetchVehicleScreen('inspectedVehicle'),
  ),
  networkMaintenance: lazyPage(
    load,
    (module) => module.NetworkMaintenancePage,
    (module) => module.prefetchVehicleScreen('networkMaintenance'),
  ),
  drivingLicense: lazyPage(
    load,
    (module) => module.DrivingLicensePage,
    (module) => module.prefetchVehicleScreen('drivingLicense'),
  ),
  gpsList: lazyPage(
    load,
    (module) => module.GpsListPage,
    (module) => module.prefetchVehicleScreen('gpsList'),
  ),
  operationCertificate: lazyPage(
    load,
    (module) => module.OperationCertificatePage,
    (module) => module.prefetchVehicleScreen('operationCertificate'),
  ),
  waitingOut: lazyPage(
    load,
    (module) => module.WaitingOutPage,
    (module) => module.prefetchVehicleScreen('waitingOut'),
  ),
  vehicleInspection: lazyPage(
    load,
    (module) => module.InspectionRecordPage,
    (module) => module.prefetchRecordList('vehicleInspection'),
  ),
  outboundRecord: lazyPage(
    load,
    (module) => module.OutboundRecordPage,
    (module) => module.prefetchRecordList('outboundRecord'),
  ),
  deliveryRecord: lazyPage(
    load,
    (module) => module.DeliveryRecordPage,
    (module) => module.prefetchRecordList('deliveryRecord'),
  ),
  deliveryDetail: lazyPage(load, (module) => module.DeliveryDetailPage),
  temporaryDelivery: lazyPage(
    load,
    (module) => module.TemporaryDeliveryPage,
    (module) => module.prefetchRecordList('temporaryDelivery'),
  ),
  carReturnRecord: lazyPage(
    load,
    (module) => module.CarReturnRecordPage,
    (module) => module.prefetchRecordList('carReturnRecord'),
  ),
  shuntingManagement: lazyPage(
    load,
    (module) => module.ShuntingManagementPage,
    (module) => module.prefetchRecordList('shuntingManagement'),
  ),
  riskManagement: lazyPage(
    load,
    (module) => module.RiskManagementPage,
    (module) => module.prefetchRecordList('riskManagement'),
  ),
  violationManagement: lazyPage(
    load,
    (module) => module.ViolationManagementPage,
    (module) => module.prefetchRecordList('violationManagement'),
  ),
  maintenanceManagement: lazyPage(
    load,
    (module) => module.MaintenanceManagementPage,
    (module) => module.prefetchRecordList('maintenanceManagement'),
  ),
};
