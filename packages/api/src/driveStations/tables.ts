import { driveStationResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, refColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';

/**
 * The columns of `siteFields` (contracts): a point in GCJ-02 (`coordinate_system` 1) as decimal text, as typed;
 * `source_point` what was typed when it was converted; amenities an array of the enumeration's values (searched
 * through a GIN index). 司机驿站 and 车站管理 keep a site alike.
 */
export const siteColumns = () => ({
  coordinateSystem: smallint('coordinate_system').notNull(),
  longitude: text('longitude').notNull(),
  latitude: text('latitude').notNull(),
  sourcePoint: text('source_point'),
  allDay: boolean('all_day').notNull(),
  openingHours: text('opening_hours'),
  phone: text('phone'),
  contactName: text('contact_name'),
  amenities: smallint('amenities').array().notNull().default(sql`'{}'::smallint[]`),
});

/**
 * 司机驿站: a point in GCJ-02 (`coordinate_system` 1) as decimal text, as typed; `source_point` what was typed
 * when it was converted. Amenities are an array of the enumeration's values, searched through a GIN index.
 */
export const driveStations = pgTable(
  'drive_stations',
  {
    id: idColumn(),
    name: text('name').notNull(),
    type: smallint('type').notNull(),
    cityId: refColumn('city_id').notNull(),
    district: text('district').notNull(),
    address: text('address').notNull(),
    ...siteColumns(),
    chargerCount: integer('charger_count'),
    chargerPowerKw: integer('charger_power_kw'),
    electricityPrice: bigint('electricity_price', { mode: 'number' }),
    serviceFee: bigint('service_fee', { mode: 'number' }),
    cover: text('cover').array().notNull().default(sql`'{}'::text[]`),
    introduction: text('introduction'),
    displayOrder: integer('display_order').notNull(),
    shownInApp: boolean('shown_in_app').notNull(),
    status: smallint('status').notNull().default(1),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('drive_stations', table, driveStationResource, [
      uniqueIndex('drive_stations_tenant_city_name_key').on(table.tenantId, table.cityId, table.name),
      index('drive_stations_amenities_idx').using('gin', table.amenities),
    ]),
);
