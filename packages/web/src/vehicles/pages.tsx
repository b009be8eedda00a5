import { vehicleResource } from '@cp/contracts';
import type { PagePrefetch } from '../app/pageRegistry';
import { prefetchResourceList } from '../resource/listQuery';
import { vehicleScreens } from './screens';
import { VehicleListView, vehicleListOptions } from './VehicleListView';

/** Loads the first page a vehicle screen shows for a URL, before the screen renders. */
export function prefetchVehicleScreen(key: keyof typeof vehicleScreens): PagePrefetch {
  return ({ queryClient, search }) =>
    prefetchResourceList(queryClient, vehicleResource, vehicleListOptions(vehicleScreens[key]), search);
}

/** /vehicleList: every vehicle, with 新增 / 编辑 / 删除 and the lifecycle actions. */
export function VehicleListPage() {
  return <VehicleListView screen={vehicleScreens.vehicleList} />;
}

/** /vehicleInspected: vehicles waiting for 验车. */
export function VehicleInspectedPage() {
  return <VehicleListView screen={vehicleScreens.vehicleInspected} />;
}

/** /inspectedVehicle: inspected vehicles, to start 整备. */
export function InspectedVehiclePage() {
  return <VehicleListView screen={vehicleScreens.inspectedVehicle} />;
}

/** /waitingOut: vehicles ready to leave (出库) and out, ready to hand over (交车). */
export function WaitingOutPage() {
  return <VehicleListView screen={vehicleScreens.waitingOut} />;
}

/** The four preparation screens: vehicles in 整备中, each completing its own item. */
export function NetworkMaintenancePage() {
  return <VehicleListView screen={vehicleScreens.networkMaintenance} />;
}

export function DrivingLicensePage() {
  return <VehicleListView screen={vehicleScreens.drivingLicense} />;
}

export function GpsListPage() {
  return <VehicleListView screen={vehicleScreens.gpsList} />;
}

export function OperationCertificatePage() {
  return <VehicleListView screen={vehicleScreens.operationCertificate} />;
}

/** The record screens: 验车记录, 出库记录, 交车, 还车, 调车, 风险, 违章 and 维保 (see ./records). */
export {
  CarReturnRecordPage,
  DeliveryDetailPage,
  DeliveryRecordPage,
  InspectionRecordPage,
  MaintenanceManagementPage,
  OutboundRecordPage,
  prefetchRecordList,
  RiskManagementPage,
  ShuntingManagementPage,
  TemporaryDeliveryPage,
  ViolationManagementPage,
} from './records/pages';
