import { type FleetCarLine, fleetCarResource, fleetHandoverResource, fleetOrderResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, moneyColumn, refColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';

const files = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

export const fleetOrderNoSequence = pgSequence('fleet_order_no_seq', { startWith: 1 });

/** B端租赁订单: a customer's fleet under one contract; `lines` are its cars as agreed (edited until approved). */
export const fleetOrders = pgTable(
  'fleet_orders',
  {
    id: idColumn(),
    orderNo: text('order_no').notNull(),
    customerId: refColumn('customer_id').notNull(),
    cityId: refColumn('city_id').notNull(),
    contractNo: text('contract_no').notNull(),
    signedOn: date('signed_on').notNull(),
    settlementMode: smallint('settlement_mode').notNull(),
    billingDay: smallint('billing_day').notNull(),
    paymentDays: smallint('payment_days').notNull(),
    lines: jsonb('lines').$type<FleetCarLine[]>().notNull(),
    carCount: integer('car_count').notNull(),
    /** Cars handed over and not yet back: an order may be cancelled only while none is. */
    deliveredCars: integer('delivered_cars').notNull().default(0),
    monthlyRent: moneyColumn('monthly_rent'),
    depositDue: moneyColumn('deposit_due'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    businessTerms: text('business_terms'),
    attachments: files('attachments'),
    status: smallint('status').notNull().default(1),
    cancelReason: text('cancel_reason'),
    remark: text('remark'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('fleet_orders', table, fleetOrderResource, [
      uniqueIndex('fleet_orders_tenant_no_key').on(table.tenantId, table.orderNo),
      index('fleet_orders_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
      index('fleet_orders_tenant_status_created_idx').on(table.tenantId, table.status, table.createdAt, table.id),
      index('fleet_orders_tenant_customer_idx').on(table.tenantId, table.customerId, table.createdAt),
      index('fleet_orders_order_no_trgm_idx').using('gin', sql`${table.orderNo} gin_trgm_ops`),
      index('fleet_orders_contract_no_trgm_idx').using('gin', sql`${table.contractNo} gin_trgm_ops`),
    ]),
);

/** A car of an approved B端 order (交接管理's row): its terms copied from its line, and where its handover stands. */
export const fleetCars = pgTable(
  'fleet_order_cars',
  {
    id: idColumn(),
    carNo: text('car_no').notNull(),
    orderId: refColumn('order_id').notNull(),
    orderNo: text('order_no').notNull(),
    customerId: refColumn('customer_id').notNull(),
    cityId: refColumn('city_id').notNull(),
    modelId: refColumn('model_id').notNull(),
    vehicleId: refColumn('vehicle_id'),
    leaseType: smallint('lease_type').notNull(),
    monthlyRent: moneyColumn('monthly_rent'),
    /** Basis points of the rent that is 租金; the rest is 服务费. */
    rentRatio: integer('rent_ratio').notNull(),
    depositDue: moneyColumn('deposit_due'),
    depositPaid: moneyColumn('deposit_paid'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    renewal: smallint('renewal').notNull(),
    status: smallint('status').notNull().default(0),
    /** The last handover's process (0 交车, 1 还车); null before the first. */
    processType: smallint('process_type'),
    deliveredOn: date('delivered_on'),
    returnedOn: date('returned_on'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('fleet_order_cars', table, fleetCarResource, [
      uniqueIndex('fleet_order_cars_tenant_no_key').on(table.tenantId, table.carNo),
      index('fleet_order_cars_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
      index('fleet_order_cars_order_idx').on(table.orderId, table.id),
      index('fleet_order_cars_tenant_status_created_idx').on(table.tenantId, table.status, table.createdAt, table.id),
      index('fleet_order_cars_order_no_trgm_idx').using('gin', sql`${table.orderNo} gin_trgm_ops`),
      index('fleet_order_cars_car_no_trgm_idx').using('gin', sql`${table.carNo} gin_trgm_ops`),
      // A vehicle is with one fleet car at a time, from its 交车 to its 还车.
      uniqueIndex('fleet_order_cars_vehicle_leased_key').on(table.vehicleId).where(sql`${table.status} = 1`),
    ]),
);

/** 交接单: a car handed over (交车) or back (还车), with its checklist; never edited. */
export const fleetHandovers = pgTable(
  'fleet_handovers',
  {
    id: idColumn(),
    carId: refColumn('car_id').notNull(),
    processType: smallint('process_type').notNull(),
    handedAt: timestamp('handed_at', { withTimezone: true }).notNull(),
    vehicleId: refColumn('vehicle_id').notNull(),
    mileage: integer('mileage').notNull(),
    energyLevel: smallint('energy_level').notNull(),
    keysCount: smallint('keys_count').notNull(),
    accessories: smallint('accessories').array().notNull().default(sql`'{}'::smallint[]`),
    documents: smallint('documents').array().notNull().default(sql`'{}'::smallint[]`),
    frontPhotos: files('front_photos'),
    rearPhotos: files('rear_photos'),
    leftPhotos: files('left_photos'),
    rightPhotos: files('right_photos'),
    dashboardPhotos: files('dashboard_photos'),
    receiverName: text('receiver_name').notNull(),
    receiverIdNo: text('receiver_id_no').notNull(),
    signature: files('signature'),
    remark: text('remark'),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('fleet_handovers', table, fleetHandoverResource, [
      index('fleet_handovers_car_idx').on(table.carId, table.handedAt),
      index('fleet_handovers_tenant_at_idx').on(table.tenantId, table.handedAt, table.id),
    ]),
);

/**
 * 计费日: one row per car per day it is with the customer — the delivery day free, the return day charged, a day
 * in repair flagged and free — written by the nightly job; a car's day is billed once (the unique key).
 */
export const fleetCarDays = pgTable(
  'fleet_car_days',
  {
    id: idColumn(),
    carId: refColumn('car_id').notNull(),
    orderId: refColumn('order_id').notNull(),
    customerId: refColumn('customer_id').notNull(),
    day: date('day').notNull(),
    /** The lease term the day is billed in (YYYY-MM). */
    term: text('term').notNull(),
    charged: boolean('charged').notNull(),
    repair: boolean('repair').notNull().default(false),
    rent: bigint('rent', { mode: 'number' }).notNull(),
    serviceFee: bigint('service_fee', { mode: 'number' }).notNull(),
    ...businessColumns(),
  },
  (table) => [
    uniqueIndex('fleet_car_days_car_day_key').on(table.carId, table.day),
    index('fleet_car_days_tenant_order_idx').on(table.tenantId, table.orderId, table.day),
  ],
);

/** The nightly billing's days done, per branch company: a day is billed once, whoever runs it. */
export const fleetBillingRuns = pgTable(
  'fleet_billing_runs',
  {
    tenantId: refColumn('tenant_id').notNull(),
    day: date('day').notNull(),
    carDays: integer('car_days').notNull().default(0),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.day] })],
);
