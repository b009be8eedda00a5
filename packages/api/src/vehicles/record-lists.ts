import type { PageResult, Resource } from '@cp/contracts';
import { eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db';
import { cappedCount, filterKey, paginate } from '../db/paging';
import { withFileNames } from '../files/names';
import { withNames } from '../lookups/names';
import { toDto } from '../resource/dto';
import { type Columns, columnsOf, listOrder, listWhere } from '../resource/query';
import { vehicles } from './tables';

export type RecordTable = PgTable & { id: PgColumn; tenantId: PgColumn; vehicleId: PgColumn };

export interface ListQuery extends Record<string, unknown> {
  page: number;
  limit: number;
  sort: string;
  order: 'asc' | 'desc';
}

/**
 * A page of a vehicle record list (inspections, deliveries, violations…): the table's rows with their
 * vehicle's plate and VIN, filtered and sorted as the resource declares.
 */
type RecordColumns = { own: Columns; columns: Columns & { id: PgColumn; tenantId: PgColumn } };
const recordColumnsByTable = new WeakMap<RecordTable, RecordColumns>();

/** The columns a record list filters and sorts on: the table's own, and its vehicle's plate and VIN. */
export function recordColumns(table: RecordTable): RecordColumns {
  let found = recordColumnsByTable.get(table);
  if (!found) {
    const own = getTableColumns(table) as Columns;
    const joined: Columns = {};
    if (!own.plateNo) joined.plateNo = vehicles.plateNo;
    joined.vin = vehicles.vin;
    found = { own, columns: columnsOf(own, joined) as RecordColumns['columns'] };
    recordColumnsByTable.set(table, found);
  }
  return found;
}

/** Rows of a record table with their vehicle's plate and VIN and the names of what they refer to. */
export async function readRecords(
  db: Db,
  tenantId: number,
  resource: Resource,
  table: RecordTable,
  query: { where: SQL | undefined; order: SQL[]; limit: number; offset?: number },
): Promise<Record<string, unknown>[]> {
  const { own, columns } = recordColumns(table);
  const refs = resource.entries
    .filter(([, def]) => def.kind === 'ref' && def.lookup && def.lookup !== 'vehicle')
    .map(([field, def]) => ({ field, lookup: def.lookup as string }));
  const rows = await db
    .select({ row: own, plateNo: columns.plateNo as PgColumn, vin: vehicles.vin })
    .from(table)
    .innerJoin(vehicles, eq(vehicles.id, table.vehicleId))
    .where(query.where)
    .orderBy(...query.order)
    .limit(query.limit)
    .offset(query.offset ?? 0);
  const dtos = rows.map(({ row, plateNo, vin }) =>
    toDto(resource, row as Record<string, unknown>, {
      plateNo,
      vin,
      vehicleId: String((row as { vehicleId: number }).vehicleId),
    }),
  );
  return withNames(db, tenantId, refs, dtos);
}

/**
 * A page of a vehicle record list (inspections, deliveries, violations…): the table's rows with their
 * vehicle's plate and VIN, filtered and sorted as the resource declares.
 */
export async function listVehicleRecords(
  db: Db,
  tenantId: number,
  resource: Resource,
  table: RecordTable,
  query: ListQuery,
): Promise<PageResult<Record<string, unknown>>> {
  const { own, columns } = recordColumns(table);
  const where = listWhere(resource, columns, tenantId, query);
  const order = listOrder(columns, query.sort, query.order);
  // Every record has its vehicle, so only a filter on the vehicle's plate or VIN needs the join to count.
  const filtersVehicle = resource.filters.some(
    (name) => !(name in own) && name in columns && (query[name] ?? '') !== '',
  );
  return paginate(
    query,
    async (limit, offset) =>
      withFileNames(
        db,
        tenantId,
        resource,
        await readRecords(db, tenantId, resource, table, { where, order, limit, offset }),
      ),
    () => {
      const key = filterKey(resource.key, tenantId, query);
      return filtersVehicle ? cappedCountJoined(db, table, where, key) : cappedCount(db, table, where, key);
    },
  );
}

async function cappedCountJoined(db: Db, table: RecordTable, where: SQL | undefined, key?: string): Promise<number> {
  const joinedTable = db.select({ id: table.id }).from(table).innerJoin(vehicles, eq(vehicles.id, table.vehicleId));
  return cappedCount(db, joinedTable.where(where).as('records') as unknown as PgTable, undefined, key);
}
