import { powerCommandLogResource, powerOffRequestResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, moneyColumn, refColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';

export const powerOffRequestNoSequence = pgSequence('power_off_request_no_seq', { startWith: 1 });

/** The states of a request still holding its car (审批中 … 断电失败): at most one per car. */
const holding = sql`status in (1, 2, 3, 4, 5, 7)`;

/** 断电申请: a car, its terminal, the order (kind + id) and why; decided by 断电申请审批, then cut and restored. */
export const powerOffRequests = pgTable(
  'power_off_requests',
  {
    id: idColumn(),
    requestNo: text('request_no').notNull(),
    orderKind: smallint('order_kind').notNull().default(1),
    orderId: refColumn('order_id').notNull(),
    orderNo: text('order_no').notNull(),
    vehicleId: refColumn('vehicle_id').notNull(),
    deviceImei: text('device_imei'),
    driverId: refColumn('driver_id'),
    cityId: refColumn('city_id'),
    reason: smallint('reason').notNull(),
    arrears: moneyColumn('arrears'),
    remark: text('remark').notNull(),
    status: smallint('status').notNull().default(1),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    cutAt: timestamp('cut_at', { withTimezone: true }),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    restoreReason: text('restore_reason'),
    failReason: text('fail_reason'),
    /** The 催收 contact whose 申请断电 made this request, when one did. */
    collectionRecordId: refColumn('collection_record_id'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('power_off_requests', table, powerOffRequestResource, [
      uniqueIndex('power_off_requests_tenant_no_key').on(table.tenantId, table.requestNo),
      uniqueIndex('power_off_requests_holding_vehicle_key').on(table.vehicleId).where(holding),
      uniqueIndex('power_off_requests_collection_key').on(table.collectionRecordId),
      index('power_off_requests_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
      index('power_off_requests_tenant_status_created_idx').on(table.tenantId, table.status, table.createdAt),
      index('power_off_requests_order_idx').on(table.orderKind, table.orderId).where(holding),
    ]),
);

/**
 * A command to a car's terminal (断电 or 复电), run by the `powerOff.command` jobs: its state, the terminal it
 * went to (resolved from the car's binding when sent) and when it was sent, answered or ended.
 */
export const powerCommands = pgTable(
  'power_commands',
  {
    id: idColumn(),
    requestId: refColumn('request_id').notNull(),
    vehicleId: refColumn('vehicle_id').notNull(),
    kind: smallint('kind').notNull(),
    status: smallint('status').notNull().default(1),
    imei: text('imei'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    failReason: text('fail_reason'),
    ...businessColumns(),
  },
  (table) => [
    index('power_commands_request_idx').on(table.requestId, table.id),
    index('power_commands_open_idx').on(table.tenantId, table.vehicleId).where(sql`status in (1, 2, 3)`),
  ],
);

/** 指令日志: each step of each command, with what its terminal said of itself then. Never edited. */
export const powerCommandLogs = pgTable(
  'power_command_logs',
  {
    id: idColumn(),
    requestId: refColumn('request_id').notNull(),
    commandId: refColumn('command_id').notNull(),
    commandNo: text('command_no').notNull(),
    kind: smallint('kind').notNull(),
    event: smallint('event').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    imei: text('imei'),
    online: boolean('online'),
    acc: boolean('acc'),
    speed: integer('speed'),
    position: text('position'),
    result: text('result'),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('power_command_logs', table, powerCommandLogResource, [
      index('power_command_logs_request_idx').on(table.tenantId, table.requestId, table.at, table.id),
    ]),
);

/**
 * Which terminal is in which car, and since when: a swap ends one binding and starts another, so a command
 * for a car always goes to the terminal in it now, and a terminal moved to another car is never addressed
 * for this one.
 */
export const vehicleDevices = pgTable(
  'vehicle_devices',
  {
    id: idColumn(),
    vehicleId: refColumn('vehicle_id').notNull(),
    imei: text('imei').notNull(),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull(),
    unboundAt: timestamp('unbound_at', { withTimezone: true }),
    ...businessColumns(),
  },
  (table) => [
    uniqueIndex('vehicle_devices_bound_vehicle_key').on(table.vehicleId).where(sql`unbound_at is null`),
    uniqueIndex('vehicle_devices_bound_imei_key').on(table.tenantId, table.imei).where(sql`unbound_at is null`),
    index('vehicle_devices_vehicle_idx').on(table.tenantId, table.vehicleId, table.boundAt),
  ],
);

/**
 * The built-in gateway's terminals: each simulated JT/T 808 unit's state (online, ACC, speed, position, its
 * relay), in the database so every server process sees one terminal.
 */
export const simulatedTerminals = pgTable(
  'simulated_terminals',
  {
    id: idColumn(),
    imei: text('imei').notNull(),
    online: boolean('online').notNull().default(true),
    acc: boolean('acc').notNull().default(false),
    speed: integer('speed').notNull().default(0),
    lng: doublePrecision('lng').notNull(),
    lat: doublePrecision('lat').notNull(),
    relayCut: boolean('relay_cut').notNull().default(false),
    /** Off: the unit takes commands and never answers (a weak signal), so they time out. */
    answers: boolean('answers').notNull().default(true),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    ...businessColumns(),
  },
  (table) => [uniqueIndex('simulated_terminals_tenant_imei_key').on(table.tenantId, table.imei)],
);
