import {
  deliveryResource,
  inspectionResource,
  maintenanceResource,
  outboundResource,
  type Resource,
  returnResource,
  riskResource,
  shuntingResource,
  violationResource,
} from '@cp/contracts';
import type { RecordTable } from './record-lists';
import {
  carReturns,
  deliveries,
  maintenanceRecords,
  outboundRecords,
  shuntingRecords,
  vehicleRisks,
  violations,
} from './record-tables';
import { vehicleInspections } from './tables';

/** Every vehicle record list, once: its endpoint, what it reads, which menus open it; routes and exports use it. */
export const vehicleRecordLists: readonly {
  path: string;
  /** Names the list in the API document and its export file: `验车记录`. */
  title: string;
  summary: string;
  resource: Resource;
  table: RecordTable;
  view: string[];
}[] = [
  {
    path: '/api/vehicle-inspections',
    title: '验车记录',
    summary: '验车记录',
    resource: inspectionResource,
    table: vehicleInspections,
    view: ['vehicleInspection'],
  },
  {
    path: '/api/vehicle-outbound-records',
    title: '出库记录',
    summary: '出库记录',
    resource: outboundResource,
    table: outboundRecords,
    view: ['outboundRecord'],
  },
  {
    path: '/api/vehicle-deliveries',
    title: '交车记录',
    summary: '交车记录（kind：0 正式交车，1 临时交车）',
    resource: deliveryResource,
    table: deliveries,
    view: ['deliveryRecord', 'temporaryDelivery'],
  },
  {
    path: '/api/vehicle-returns',
    title: '还车记录',
    summary: '还车记录',
    resource: returnResource,
    table: carReturns,
    view: ['carReturnRecord'],
  },
  {
    path: '/api/vehicle-shunting',
    title: '调车记录',
    summary: '调车记录',
    resource: shuntingResource,
    table: shuntingRecords,
    view: ['shuntingManagement'],
  },
  {
    path: '/api/vehicle-violations',
    title: '违章记录',
    summary: '违章记录',
    resource: violationResource,
    table: violations,
    view: ['violationManagement'],
  },
  {
    path: '/api/vehicle-maintenance',
    title: '维保记录',
    summary: '维保记录',
    resource: maintenanceResource,
    table: maintenanceRecords,
    view: ['maintenanceManagement'],
  },
  {
    path: '/api/vehicle-risks',
    title: '风险车辆',
    summary: '风险车辆',
    resource: riskResource,
    table: vehicleRisks,
    view: ['riskManagement'],
  },
];
