import { defineScreen } from '../resource/screen';
import { stage } from './lifecycle';
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

/** A preparation screen: vehicles in 整备中 whose item is still open, each completing it; its item's columns first. */
const preparationScreen = (route: string, item: number, action: string, key: readonly VehicleField[]) =>
  defineScreen(vehicleResource, {
    route,
    fixed: { stage: '2', pendingPreparation: String(item) },
    filters: stageFilters,
    columns: [...stageColumns, 'updatedAt'],
    key,
    actions: [action],
  });

/** The screens listing vehicles: the list itself and one per stage of the lifecycle. */
export const vehicleScreens = {
  vehicleList: defineScreen(vehicleResource, {
    route: 'vehicleList',
    filters: [...stageFilters, 'stage', 'rentStatus', 'nextInspectionDate'],
    key: ['rentStatus', 'stage', 'labels'],
    actions: ['inspect', 'startPreparation', 'outbound'],
  }),
  vehicleInspected: defineScreen(vehicleResource, {
    route: 'vehicleInspected',
    fixed: { stage: '0' },
    filters: stageFilters,
    columns: [...stageColumns, 'updatedAt'],
    key: ['vin', 'modelId', 'mileage'],
    actions: ['inspect'],
  }),
  inspectedVehicle: defineScreen(vehicleResource, {
    route: 'inspectedVehicle',
    fixed: { stage: '1' },
    filters: stageFilters,
    columns: [...stageColumns, 'updatedAt'],
    key: ['vin', 'modelId', 'updatedAt'],
    actions: ['startPreparation'],
  }),
  networkMaintenance: preparationScreen('networkMaintenance', 0, 'prepareNetwork', ['vin', 'modelId']),
  drivingLicense: preparationScreen('drivingLicense', 1, 'prepareLicense', ['drivingLicenseIssueDate', 'vin']),
  gpsList: preparationScreen('gpsList', 2, 'prepareGps', ['gpsDeviceNo', 'gpsLastSeenAt']),
  operationCertificate: preparationScreen('operationCertificate', 3, 'prepareCertificate', [
    'operationCertificateNo',
    'operationCertificateExpiry',
  ]),
  /** Vehicles ready to go out (待出库, 出库) and those out waiting for their driver (待交车, 交车). */
  waitingOut: defineScreen(vehicleResource, {
    route: 'waitingOut',
    fixed: { stage: '3,4' },
    filters: stageFilters,
    columns: [...stageColumns, 'stage', 'updatedAt'],
    key: ['vin', 'modelId', 'mileage'],
    tabs: {
      field: 'stage',
      items: [
        { key: 'outbound', title: '待出库', values: [stage.awaitingOutbound] },
        { key: 'delivery', title: '待交车', values: [stage.outbound] },
      ],
    },
    actions: ['outbound'],
  }),
};

/** A delivery screen shows one kind of delivery: no 交车类型 column. */
const deliveryColumns = deliveryResource.entries
  .filter(([name, def]) => def.list && name !== 'kind')
  .map(([name]) => name as keyof typeof deliveryResource.fields & string);

/** The screens listing what happened to vehicles. */
export const vehicleRecordScreens = {
  vehicleInspection: defineScreen(inspectionResource, {
    route: 'vehicleInspection',
    key: ['result', 'inspectedAt', 'inspector'],
  }),
  outboundRecord: defineScreen(outboundResource, {
    route: 'outboundRecord',
    key: ['outboundAt', 'location', 'handler'],
  }),
  deliveryRecord: defineScreen(deliveryResource, {
    route: 'deliveryRecord',
    fixed: { kind: '0' },
    columns: deliveryColumns,
    key: ['deliveredAt', 'driverName', 'driverPhone'],
  }),
  temporaryDelivery: defineScreen(deliveryResource, {
    route: 'temporaryDelivery',
    fixed: { kind: '1' },
    columns: deliveryColumns,
    key: ['deliveredAt', 'driverName', 'endedAt'],
  }),
  carReturnRecord: defineScreen(returnResource, {
    route: 'carReturnRecord',
    key: ['status', 'requestedAt', 'damage'],
    actions: ['accept', 'cancel'],
  }),
  shuntingManagement: defineScreen(shuntingResource, {
    route: 'shuntingManagement',
    key: ['fromCityId', 'toCityId', 'shuntedAt'],
  }),
  riskManagement: defineScreen(riskResource, {
    route: 'riskManagement',
    key: ['rule', 'status', 'handledBy'],
    actions: ['handle'],
  }),
  violationManagement: defineScreen(violationResource, {
    route: 'violationManagement',
    key: ['points', 'fine', 'status'],
  }),
  maintenanceManagement: defineScreen(maintenanceResource, {
    route: 'maintenanceManagement',
    key: ['type', 'status', 'serviceDate'],
  }),
};
