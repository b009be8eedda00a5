import type { importBatchResources, Screen } from '@cp/contracts';
import { defineScreen } from '@cp/contracts';
import { eq, sql } from 'drizzle-orm';
import { defineServerResource } from './family';
import { importBatches, importBatchRows } from './import-tables';

/**
 * The server side of a resource's batch imports, on the generic tables: the batches of that resource only
 * (read-only, newest first) and their rows (filtered by `batchId`), each listed on the family's batch page, or on the screens
 * given (上传日志详情 on a page of its own). Register both with the family's other resources; their routes, tenant checks and screens are the kit's.
 */
export function importBatchFamilies(
  of: string,
  resources: ReturnType<typeof importBatchResources>,
  screens?: { batches: Screen; rows: Screen },
) {
  const batches = defineServerResource({
    resource: resources.batches,
    table: importBatches,
    screens: [screens?.batches ?? defineScreen(resources.batches, { route: resources.batches.page })],
    only: eq(importBatches.resourceKey, of),
  });
  const rows = defineServerResource({
    resource: resources.rows,
    table: importBatchRows,
    screens: [screens?.rows ?? defineScreen(resources.rows, { route: resources.rows.page })],
    // A batch's rows belong to a batch of this resource.
    only: sql`exists (select 1 from ${importBatches} where ${importBatches.id} = ${importBatchRows.batchId} and ${importBatches.resourceKey} = ${of})`,
  });
  return { batches, rows };
}
