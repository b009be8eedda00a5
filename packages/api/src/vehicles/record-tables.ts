import {
  deliveryResource,
  maintenanceResource,
  outboundResource,
  returnResource,
  riskResource,
  shuntingResource,
  violationResource,
} from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, refColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';
import { capitalsSearch } from '../resource/query';

const files = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

export const outboundRecords = pgTable(
  'vehicle_outbound_records',
  {
    id: idColumn(),
    vehicleId: refColumn('vehicle_id').notNull(),
    outboundAt: timestamp('outbound_at', { withTimezone: true }).notNull(),
    location: text('location').notNull(),
    handler: text('handler').notNull(),
    mileage: integer('mileage').notNull(),
    purpose: text('purpose'),
    remark: text('remark'),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('vehicle_outbound_records', table, outboundResource, [
      index('vehicle_outbound_tenant_at_idx').on(table.tenantId, table.outboundAt),
      index('vehicle_outbound_vehicle_idx').on(table.vehicleId),
    ]),
);

/** A handover to a driver: 正式交车 (kind 0) or 临时交车 (kind 1). */
export const deliveries = pgTable(
  'vehicle_deliveries',
  {
    id: idColumn(),
    vehicleId: refColumn('vehicle_id').notNull(),
    kind: smallint('kind').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull(),
    /** The driver picked at the handover; their name and phone as they were then beside it. */
    driverId: refColumn('driver_id'),
    driverName: text('driver_name').notNull(),
    driverPhone: text('driver_phone').notNull(),
    mileage: integer('mileage').notNull(),
    /** Fuel or battery level, percent. */
    energyLevel: smallint('energy_level').notNull(),
    checklist: jsonb('checklist').$type<{ item: string; ok: boolean; note?: string }[]>().notNull(),
    photos: files('photos'),
    handler: text('handler').notNull(),
    remark: text('remark'),
    /** When the vehicle came back (the return record, or the recall of a temporary delivery). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('vehicle_deliveries', table, deliveryResource, [
      index('vehicle_deliveries_tenant_at_idx').on(table.tenantId, table.deliveredAt),
      index('vehicle_deliveries_vehicle_idx').on(table.vehicleId, table.deliveredAt),
      index('vehicle_deliveries_tenant_driver_idx').on(table.tenantId, table.driverId, table.deliveredAt),
    ]),
);

export const carReturns = pgTable(
  'vehicle_returns',
  {
    id: idColumn(),
    vehicleId: refColumn('vehicle_id').notNull(),
    deliveryId: refColumn('delivery_id'),
    /** The driver of the delivery that ends with this return. */
    driverId: refColumn('driver_id'),
    status: smallint('status').notNull().default(0),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    mileage: integer('mileage'),
    energyLevel: smallint('energy_level'),
    damage: text('damage'),
    photos: files('photos'),
    handler: text('handler').notNull(),
    remark: text('remark'),
    /** Why the return was cancelled before its car was accepted back (已取消). */
    cancelReason: text('cancel_reason'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('vehicle_returns', table, returnResource, [
      index('vehicle_returns_tenant_at_idx').on(table.tenantId, table.requestedAt),
      index('vehicle_returns_vehicle_idx').on(table.vehicleId),
      // 待验收 returns: the home page's queue and the screen's status filter.
      index('vehicle_returns_tenant_status_idx').on(table.tenantId, table.status, table.requestedAt),
      index('vehicle_returns_tenant_driver_idx').on(table.tenantId, table.driverId, table.requestedAt),
    ]),
);

/** 调车: a vehicle moved between locations. */
export const shuntingRecords = pgTable(
  'vehicle_shunting_records',
  {
    id: idColumn(),
    vehicleId: refColumn('vehicle_id').notNull(),
    fromCityId: refColumn('from_city_id').notNull(),
    fromLocation: text('from_location').notNull(),
    toCityId: refColumn('to_city_id').notNull(),
    toLocation: text('to_location').notNull(),
    shuntedAt: timestamp('shunted_at', { withTimezone: true }).notNull(),
    driver: text('driver').notNull(),
    reason: text('reason'),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('vehicle_shunting_records', table, shuntingResource, [
      index('vehicle_shunting_tenant_at_idx').on(table.tenantId, table.shuntedAt),
      // A vehicle's moves on its detail page.
      index('vehicle_shunting_vehicle_idx').on(table.vehicleId, table.shuntedAt),
    ]),
);

export const violations = pgTable(
  'vehicle_violations',
  {
    id: idColumn(),
    vehicleId: refColumn('vehicle_id').notNull(),
    plateNo: text('plate_no').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    place: text('place').notNull(),
    item: text('item').notNull(),
    points: smallint('points').notNull().default(0),
    /** Fine in fen. */
    fine: bigint('fine', { mode: 'number' }).notNull().default(0),
    status: smallint('status').notNull().default(0),
    /** The driver who had the vehicle at that time, from the deliveries. */
    driverName: text('driver_name'),
    driverId: refColumn('driver_id'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    remark: text('remark'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('vehicle_violations', table, violationResource, [
      index('vehicle_violations_tenant_at_idx').on(table.tenantId, table.occurredAt, table.id),
      index('vehicle_violations_tenant_status_idx').on(table.tenantId, table.status, table.occurredAt),
      index('vehicle_violations_vehicle_idx').on(table.vehicleId, table.occurredAt),
      index('vehicle_violations_tenant_driver_idx').on(table.tenantId, table.driverId, table.occurredAt),
      index('vehicle_violations_plate_trgm_idx').using('gin', sql`${table.plateNo} gin_trgm_ops`),
      // short_grams() is defined in migration 0006: a one- or two-character plate search uses this index.
      index('vehicle_violations_plate_grams_idx').using('gin', sql`short_grams(${table.plateNo})`),
    ]),
);

export const maintenanceRecords = pgTable(
  'vehicle_maintenance',
  {
    id: idColumn(),
    vehicleId: refColumn('vehicle_id').notNull(),
    plateNo: text('plate_no'),
    type: smallint('type').notNull(),
    serviceDate: date('service_date').notNull(),
    mileage: integer('mileage').notNull(),
    vendor: text('vendor').notNull(),
    /** Cost in fen. */
    cost: bigint('cost', { mode: 'number' }).notNull().default(0),
    status: smallint('status').notNull().default(0),
    attachments: files('attachments'),
    remark: text('remark'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('vehicle_maintenance', table, maintenanceResource, [
      index('vehicle_maintenance_tenant_date_idx').on(table.tenantId, table.serviceDate, table.id),
      index('vehicle_maintenance_tenant_status_idx').on(table.tenantId, table.status, table.serviceDate),
      index('vehicle_maintenance_tenant_type_idx').on(table.tenantId, table.type, table.serviceDate, table.id),
      index('vehicle_maintenance_plate_trgm_idx').using('gin', sql`${table.plateNo} gin_trgm_ops`),
      index('vehicle_maintenance_plate_grams_idx').using('gin', sql`short_grams(${table.plateNo})`),
      index('vehicle_maintenance_vehicle_idx').on(table.vehicleId, table.serviceDate),
    ]),
);

/** A vehicle flagged by a risk rule, until someone handles it. */
export const vehicleRisks = pgTable(
  'vehicle_risks',
  {
    id: idColumn(),
    vehicleId: refColumn('vehicle_id').notNull(),
    rule: smallint('rule').notNull(),
    detail: text('detail').notNull(),
    dueDate: date('due_date'),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
    status: smallint('status').notNull().default(0),
    handledBy: text('handled_by'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    note: text('note'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('vehicle_risks', table, riskResource, [
      index('vehicle_risks_tenant_status_idx').on(table.tenantId, table.status, table.detectedAt),
      index('vehicle_risks_vehicle_rule_idx').on(table.vehicleId, table.rule, table.status),
    ]),
);

capitalsSearch(violations.plateNo, maintenanceRecords.plateNo);
