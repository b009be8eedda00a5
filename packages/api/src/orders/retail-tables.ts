import { retailOrderResource, retailWorkOrderResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { date, index, integer, pgSequence, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, moneyColumn, refColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';

export const retailOrderNoSequence = pgSequence('retail_order_no_seq', { startWith: 1 });
export const retailWorkOrderNoSequence = pgSequence('retail_work_order_no_seq', { startWith: 1 });

/** 零售订单: a car sold to a person or a company, approved through its 零售工单, handed over, transferred. */
export const retailOrders = pgTable(
  'retail_orders',
  {
    id: idColumn(),
    orderNo: text('order_no').notNull(),
    buyerType: smallint('buyer_type').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerMobile: text('buyer_mobile').notNull(),
    buyerIdNo: text('buyer_id_no').notNull(),
    cityId: refColumn('city_id').notNull(),
    modelId: refColumn('model_id').notNull(),
    vehicleId: refColumn('vehicle_id'),
    price: moneyColumn('price'),
    paymentMethod: smallint('payment_method').notNull(),
    downPayment: moneyColumn('down_payment'),
    financingPartner: smallint('financing_partner'),
    loanTerms: integer('loan_terms'),
    loanAmount: moneyColumn('loan_amount'),
    plannedDeliveryDate: date('planned_delivery_date'),
    salespersonId: refColumn('salesperson_id'),
    contractFiles: text('contract_files').array().notNull().default(sql`'{}'::text[]`),
    remark: text('remark'),
    status: smallint('status').notNull().default(1),
    /** The work order last sent to approval, and the discount it asked for. */
    workOrderId: refColumn('work_order_id'),
    workOrderNo: text('work_order_no'),
    discount: moneyColumn('discount'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    transferredOn: date('transferred_on'),
    newPlateNo: text('new_plate_no'),
    cancelReason: text('cancel_reason'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('retail_orders', table, retailOrderResource, [
      uniqueIndex('retail_orders_tenant_no_key').on(table.tenantId, table.orderNo),
      // A car is sold once: two orders handed the same car, one wins.
      uniqueIndex('retail_orders_vehicle_key').on(table.vehicleId).where(sql`${table.status} in (5, 6)`),
      index('retail_orders_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
      index('retail_orders_tenant_status_created_idx').on(table.tenantId, table.status, table.createdAt, table.id),
      index('retail_orders_order_no_trgm_idx').using('gin', sql`${table.orderNo} gin_trgm_ops`),
      index('retail_orders_buyer_name_trgm_idx').using('gin', sql`${table.buyerName} gin_trgm_ops`),
    ]),
);

/** 零售工单: a retail order's terms as put to approval, with the discount asked for and why. */
export const retailWorkOrders = pgTable(
  'retail_work_orders',
  {
    id: idColumn(),
    workOrderNo: text('work_order_no').notNull(),
    retailOrderId: refColumn('retail_order_id').notNull(),
    orderNo: text('order_no').notNull(),
    buyerName: text('buyer_name').notNull(),
    modelId: refColumn('model_id').notNull(),
    price: moneyColumn('price'),
    discount: moneyColumn('discount'),
    finalPrice: moneyColumn('final_price'),
    paymentMethod: smallint('payment_method').notNull(),
    downPayment: moneyColumn('down_payment'),
    financingPartner: smallint('financing_partner'),
    loanTerms: integer('loan_terms'),
    explanation: text('explanation').notNull(),
    attachments: text('attachments').array().notNull().default(sql`'{}'::text[]`),
    status: smallint('status').notNull().default(1),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('retail_work_orders', table, retailWorkOrderResource, [
      uniqueIndex('retail_work_orders_tenant_no_key').on(table.tenantId, table.workOrderNo),
      // One work order in approval per order: sent twice at once, one wins.
      uniqueIndex('retail_work_orders_order_open_key').on(table.retailOrderId).where(sql`${table.status} = 1`),
      index('retail_work_orders_order_idx').on(table.retailOrderId, table.createdAt),
    ]),
);
