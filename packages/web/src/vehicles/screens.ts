import { stage, type VehicleAction, type vehicleResource } from '@cp/contracts';
import type { FieldName } from '../resource';
import type { PreparationItem } from './api';

type VehicleField = FieldName<typeof vehicleResource>;

/** One screen listing vehicles: which of them, searched how, showing what, offering which actions. */
export interface VehicleScreen {
  /** Route key of the catalogue: `vehicleList`. */
  key: string;
  /** Filters the screen always applies. */
  fixed?: Readonly<Record<string, string>>;
  filters: readonly VehicleField[];
  /** Columns; the resource's list fields by default. */
  columns?: readonly VehicleField[];
  /** Lifecycle actions offered on each row. */
  actions: readonly VehicleAction[];
  /** 新增, 编辑 and 删除 of the vehicle itself. */
  manage?: boolean;
  /** The preparation item the screen completes. */
  preparationItem?: PreparationItem;
}

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
const preparing = { stage: String(stage.preparing) };

function preparationScreen(key: string, item: PreparationItem, columns: readonly VehicleField[]): VehicleScreen {
  return {
    key,
    fixed: { ...preparing, pendingPreparation: String(item) },
    filters: stageFilters,
    columns: [...stageColumns, ...columns],
    actions: [],
    preparationItem: item,
  };
}

export const vehicleScreens = {
  vehicleList: {
    key: 'vehicleList',
    filters: [...stageFilters, 'stage', 'rentStatus', 'nextInspectionDate'],
    actions: ['inspect', 'startPreparation', 'outbound', 'deliver'],
    manage: true,
  },
  vehicleInspected: {
    key: 'vehicleInspected',
    fixed: { stage: String(stage.pendingInspection) },
    filters: stageFilters,
    columns: [...stageColumns, 'updatedAt'],
    actions: ['inspect'],
  },
  inspectedVehicle: {
    key: 'inspectedVehicle',
    fixed: { stage: String(stage.inspected) },
    filters: stageFilters,
    columns: [...stageColumns, 'updatedAt'],
    actions: ['startPreparation'],
  },
  waitingOut: {
    key: 'waitingOut',
    fixed: { stage: `${stage.awaitingOutbound},${stage.outbound}` },
    filters: stageFilters,
    columns: [...stageColumns, 'stage', 'updatedAt'],
    actions: ['outbound', 'deliver'],
  },
  networkMaintenance: preparationScreen('networkMaintenance', 0, ['updatedAt']),
  drivingLicense: preparationScreen('drivingLicense', 1, ['drivingLicenseIssueDate']),
  gpsList: preparationScreen('gpsList', 2, ['gpsDeviceNo', 'gpsLastSeenAt']),
  operationCertificate: preparationScreen('operationCertificate', 3, [
    'operationCertificateNo',
    'operationCertificateExpiry',
  ]),
} satisfies Record<string, VehicleScreen>;
