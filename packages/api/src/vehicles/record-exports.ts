import type { Resource } from '@cp/contracts';
import { and, desc, lt } from 'drizzle-orm';
import { defineExport, keysetBatches } from '../exports/registry';
import { resourceExportColumns, resourceExportFilters } from '../exports/resource';
import { listWhere } from '../resource/query';
import { vehicleRecordLists } from './record-catalogue';
import { type RecordTable, readRecords, recordColumns } from './record-lists';

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

export const vehicleRecordExports = vehicleRecordLists.map(({ resource, table, title }) =>
  recordExport(resource, table, title),
);
