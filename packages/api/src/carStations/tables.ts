import { carStationResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, refColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';
import { siteColumns } from '../driveStations/tables';

/**
 * 车站管理: a company site kept as 司机驿站 keep theirs (`siteColumns`). The app's nearby search reads the shown
 * sites in a box around its point through the (tenant, latitude, longitude) index on the degrees as numbers.
 */
export const carStations = pgTable(
  'car_stations',
  {
    id: idColumn(),
    name: text('name').notNull(),
    kind: smallint('kind').notNull(),
    cityId: refColumn('city_id').notNull(),
    district: text('district').notNull(),
    address: text('address').notNull(),
    ...siteColumns(),
    displayOrder: integer('display_order').notNull(),
    shownInApp: boolean('shown_in_app').notNull(),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('car_stations', table, carStationResource, [
      uniqueIndex('car_stations_tenant_city_name_key').on(table.tenantId, table.cityId, table.name),
      index('car_stations_amenities_idx').using('gin', table.amenities),
      index('car_stations_tenant_point_idx').on(
        table.tenantId,
        sql`(${table.latitude}::float8)`,
        sql`(${table.longitude}::float8)`,
      ),
    ]),
);
