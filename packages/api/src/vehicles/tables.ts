import { inspectionResource, vehicleResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, refColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';
import { capitalsSearch } from '../resource/query';

const files = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

export const vehicles = pgTable(
  'vehicles',
  {
    id: idColumn(),
    plateNo: text('plate_no'),
    vin: text('vin').notNull(),
    engineNo: text('engine_no'),
    modelId: refColumn('model_id').notNull(),
    seriesId: refColumn('series_id').notNull(),
    brandId: refColumn('brand_id').notNull(),
    colour: text('colour'),
    energyType: smallint('energy_type').notNull(),
    seats: smallint('seats'),
    cityId: refColumn('city_id').notNull(),
    companyId: refColumn('company_id').notNull(),
    registrationDate: date('registration_date'),
    purchasePrice: bigint('purchase_price', { mode: 'number' }),
    mileage: integer('mileage').notNull().default(0),
    gpsDeviceNo: text('gps_device_no'),
    gpsLastSeenAt: timestamp('gps_last_seen_at', { withTimezone: true }),
    drivingLicenseIssueDate: date('driving_license_issue_date'),
    operationCertificateNo: text('operation_certificate_no'),
    operationCertificateExpiry: date('operation_certificate_expiry'),
    compulsoryInsurer: text('compulsory_insurer'),
    compulsoryPolicyNo: text('compulsory_policy_no'),
    compulsoryStart: date('compulsory_start'),
    compulsoryEnd: date('compulsory_end'),
    commercialInsurer: text('commercial_insurer'),
    commercialPolicyNo: text('commercial_policy_no'),
    commercialStart: date('commercial_start'),
    commercialEnd: date('commercial_end'),
    nextInspectionDate: date('next_inspection_date'),
    rentStatus: smallint('rent_status').notNull().default(2),
    stage: smallint('stage').notNull().default(0),
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    attachments: files('attachments'),
    remark: text('remark'),
    deleted: boolean('deleted').notNull().default(false),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('vehicles', table, vehicleResource, [
      uniqueIndex('vehicles_tenant_vin_key').on(table.tenantId, table.vin).where(sql`not ${table.deleted}`),
      uniqueIndex('vehicles_tenant_plate_key').on(table.tenantId, table.plateNo).where(sql`not ${table.deleted}`),
      index('vehicles_tenant_updated_idx').on(table.tenantId, table.updatedAt, table.id),
      index('vehicles_tenant_stage_idx').on(table.tenantId, table.stage, table.updatedAt),
      index('vehicles_tenant_city_idx').on(table.tenantId, table.cityId, table.updatedAt),
      // One per sortable column, so a sorted page walks the index instead of sorting every match.
      index('vehicles_tenant_mileage_idx').on(table.tenantId, table.mileage, table.id),
      index('vehicles_tenant_registration_idx').on(table.tenantId, table.registrationDate, table.id),
      index('vehicles_tenant_inspection_idx').on(table.tenantId, table.nextInspectionDate, table.id),
      index('vehicles_tenant_compulsory_idx').on(table.tenantId, table.compulsoryEnd, table.id),
      index('vehicles_tenant_commercial_idx').on(table.tenantId, table.commercialEnd, table.id),
      index('vehicles_tenant_certificate_idx').on(table.tenantId, table.operationCertificateExpiry, table.id),
      index('vehicles_tenant_plate_sort_idx').on(table.tenantId, table.plateNo, table.id),
      index('vehicles_plate_trgm_idx').using('gin', sql`${table.plateNo} gin_trgm_ops`),
      // short_grams() is defined in migration 0006: a one- or two-character plate search uses this index.
      index('vehicles_plate_grams_idx').using('gin', sql`short_grams(${table.plateNo})`),
      index('vehicles_vin_trgm_idx').using('gin', sql`${table.vin} gin_trgm_ops`),
    ]),
);

/** Each preparation item (入网维护, 行驶证, GPS, 运输证) of a vehicle, done or not. */
export const vehiclePreparations = pgTable(
  'vehicle_preparations',
  {
    id: idColumn(),
    vehicleId: refColumn('vehicle_id').notNull(),
    item: smallint('item').notNull(),
    done: boolean('done').notNull().default(false),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: text('done_by'),
    note: text('note'),
    attachments: files('attachments'),
    ...businessColumns(),
  },
  (table) => [
    uniqueIndex('vehicle_preparations_vehicle_item_key').on(table.vehicleId, table.item),
    index('vehicle_preparations_tenant_item_idx').on(table.tenantId, table.item, table.done),
  ],
);

export const vehicleInspections = pgTable(
  'vehicle_inspections',
  {
    id: idColumn(),
    vehicleId: refColumn('vehicle_id').notNull(),
    inspectedAt: timestamp('inspected_at', { withTimezone: true }).notNull(),
    inspector: text('inspector').notNull(),
    mileage: integer('mileage').notNull(),
    result: smallint('result').notNull(),
    checklist: jsonb('checklist').$type<{ item: string; ok: boolean; note?: string }[]>().notNull(),
    photos: files('photos'),
    remark: text('remark'),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('vehicle_inspections', table, inspectionResource, [
      index('vehicle_inspections_tenant_at_idx').on(table.tenantId, table.inspectedAt),
      index('vehicle_inspections_vehicle_idx').on(table.vehicleId),
    ]),
);

capitalsSearch(vehicles.plateNo);
