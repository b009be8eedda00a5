import { vehicleResource } from '@cp/contracts';
import { and, desc, eq, lt } from 'drizzle-orm';
import { defineExport, keysetBatches } from '../exports/registry';
import { resourceExportColumns, resourceExportFilters } from '../exports/resource';
import { type Columns, columnsOf, listWhere } from '../resource/query';
import { openPreparationFilter, presentVehicles } from './service';
import { vehicles } from './tables';

type Row = Record<string, unknown>;

/** 车辆列表 → 导出: the vehicles the list's filters match, newest first, with names and labels. */
export const vehicleExport = defineExport({
  name: '车辆列表',
  permission: 'vehicleList:export',
  filters: resourceExportFilters(vehicleResource),
  columns: resourceExportColumns(vehicleResource),
  rows: (db, scope) => {
    const columns = columnsOf(vehicles) as Columns & typeof vehicles;
    const where = listWhere(vehicleResource, columns, scope.tenantId, scope.filters, [
      eq(vehicles.deleted, false),
      openPreparationFilter(scope.filters.pendingPreparation),
    ]);
    return keysetBatches<Row & { id: number }>(async (beforeId, limit) => {
      const rows = await db
        .select()
        .from(vehicles)
        .where(and(where, beforeId === null ? undefined : lt(vehicles.id, beforeId)))
        .orderBy(desc(vehicles.id))
        .limit(limit);
      const dtos = await presentVehicles(db, scope.tenantId, rows);
      return dtos.map((dto, index) => ({ ...dto, id: rows[index]?.id ?? 0 }));
    }, scope);
  },
});
