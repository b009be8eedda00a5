import { defineScreen } from '../resource/screen';
import {
  deliveryResource,
  inspectionResource,
  maintenanceResource,
  outboundResource,
  returnResource,
  riskResource,
  shuntingResource,
  violationResource,
} from './records';
import { vehicleResource } from './resource';

type VehicleField = keyof typeof vehicleResource.fields & string;

const stageFilters: readonly VehicleField[] = ['plateNo', 'vin', 'brandId', 'energyType', 'cityId', 'companyId'];
const stageColumns: readonly VehicleField[] = [
  'plateNo',
  'vin',
  'modelId',
  'energyType',
  'cityId',
  'companyId',
  'mileage',
];

/** A preparation screen: vehicles in 整备中 whose item is still open, each completing it. */
const preparationScreen = (route: string, item: number, action: string, columns: readonly VehicleField[]) =>
  defineScreen(vehicleResource, {
    route,
    fixed: { stage: '2', pendingPreparation: String(item) },
    filters: stageFilters,
    columns: [...stageColumns, ...columns],
    actions: [action],
  });

/** The screens listing vehicles: the list itself and one per stage of the lifecycle. */
export const vehicleScreens = {
  vehicleList: defineScreen(vehicleResource, {
    route: 'vehicleList',
    filters: [...stageFilters, 'stage', 'rentStatus', 'nextInspectionDate'],
    actions: ['inspect', 'startPreparation', 'outbound', 'deliver'],
  }),
  vehicleInspected: defineScreen(vehicleResource, {
    route: 'vehicleInspected',
    fixed: { stage: '0' },
    filters: stageFilters,
    columns: [...stageColumns, 'updatedAt'],
    actions: ['inspect'],
  }),
  inspectedVehicle: defineScreen(vehicleResource, {
    route: 'inspectedVehicle',
    fixed: { stage: '1' },
    filters: stageFilters,
    columns: [...stageColumns, 'updatedAt'],
    actions: ['startPreparation'],
  }),
  networkMaintenance: preparationScreen('networkMaintenance', 0, 'prepareNetwork', ['updatedAt']),
  drivingLicense: preparationScreen('drivingLicense', 1, 'prepareLicense', ['drivingLicenseIssueDate']),
  gpsList: preparationScreen('gpsList', 2, 'prepareGps', ['gpsDeviceNo', 'gpsLastSeenAt']),
  operationCertificate: preparationScreen('operationCertificate', 3, 'prepareCertificate', [
    'operationCertificateNo',
    'operationCertificateExpiry',
  ]),
  waitingOut: defineScreen(vehicleResource, {
    route: 'waitingOut',
    fixed: { stage: '3,4' },
    filters: stageFilters,
    columns: [...stageColumns, 'stage', 'updatedAt'],
    actions: ['outbound', 'deliver'],
  }),
};

/** A delivery screen shows one kind of delivery: no 交车类型 column. */
const deliveryColumns = deliveryResource.entries
  .filter(([name, def]) => def.list && name !== 'kind')
  .map(([name]) => name as keyof typeof deliveryResource.fields & string);

/** The screens listing what happened to vehicles. */
export const vehicleRecordScreens = {
  vehicleInspection: defineScreen(inspectionResource, { route: 'vehicleInspection' }),
  outboundRecord: defineScreen(outboundResource, { route: 'outboundRecord' }),
  deliveryRecord: defineScreen(deliveryResource, {
    route: 'deliveryRecord',
    fixed: { kind: '0' },
    columns: deliveryColumns,
  }),
  temporaryDelivery: defineScreen(deliveryResource, {
    route: 'temporaryDelivery',
    fixed: { kind: '1' },
    columns: deliveryColumns,
  }),
  carReturnRecord: defineScreen(returnResource, { route: 'carReturnRecord', actions: ['accept'] }),
  shuntingManagement: defineScreen(shuntingResource, { route: 'shuntingManagement' }),
  riskManagement: defineScreen(riskResource, { route: 'riskManagement', actions: ['handle'] }),
  violationManagement: defineScreen(violationResource, { route: 'violationManagement' }),
  maintenanceManagement: defineScreen(maintenanceResource, { route: 'maintenanceManagement' }),
};
