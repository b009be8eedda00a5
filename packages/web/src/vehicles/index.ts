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
};
