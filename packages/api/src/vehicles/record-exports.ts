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
import { and, desc, lt } from 'drizzle-orm';
import { defineExport, keysetBatches } from '../exports/registry';
import { resourceExportColumns, resourceExportFilters } from '../exports/resource';
import { listWhere } from '../resource/query';
import { type RecordTable, readRecords, recordColumns } from './record-lists';
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

type Row = Record<string, unknown> & { id: number };

/** The export of a record list: its filters and columns come from the resource, rows newest first. */
function recordExport(resource: Resource, table: RecordTable, name: string) {
  return defineExport({
    name,
    permission: resource.permissions.export ?? '',
    filters: resourceExportFilters(resource),
    columns: resourceExportColumns(resource),
    rows: (db, scope) => {
      const { columns } = recordColumns(table);
      const where = listWhere(resource, columns, scope.tenantId, scope.filters);
      return keysetBatches<Row>(async (beforeId, limit) => {
        const rows = await readRecords(db, scope.tenantId, resource, table, {
          where: and(where, beforeId === null ? undefined : lt(table.id, beforeId)),
          order: [desc(table.id)],
          limit,
        });
        return rows.map((row) => ({ ...row, id: Number(row.id) }));
      }, scope);
    },
  });
}

export const vehicleRecordExports = [
  recordExport(inspectionResource, vehicleInspections, '验车记录'),
  recordExport(outboundResource, outboundRecords, '出库记录'),
  recordExport(deliveryResource, deliveries, '交车记录'),
  recordExport(returnResource, carReturns, '还车记录'),
  recordExport(shuntingResource, shuntingRecords, '调车记录'),
  recordExport(violationResource, violations, '违章记录'),
  recordExport(maintenanceResource, maintenanceRecords, '维保记录'),
  recordExport(riskResource, vehicleRisks, '风险车辆'),
];
