import {
  bSideCustomerResource,
  distributorResource,
  governmentCustomerResource,
  personalCustomerResource,
} from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, moneyColumn, refColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';

const files = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

/**
 * B端 customers of every kind (1 政企客户, 2 分销商, 3 个人客户) in one table, so an order names one customer
 * id whatever its kind. What a kind requires is NOT NULL for its rows by the check constraint.
 */
export const customers = pgTable(
  'customers',
  {
    id: idColumn(),
    kind: smallint('kind').notNull(),
    /** The company's name, or the person's. */
    name: text('name').notNull(),
    /** The contact's mobile, or the person's. */
    mobile: text('mobile').notNull(),
    cityId: refColumn('city_id').notNull(),
    address: text('address'),
    creditCode: text('credit_code'),
    legalRepresentative: text('legal_representative'),
    contactName: text('contact_name'),
    businessLicence: files('business_licence'),
    /** Basis points: 350 is 3.50%. */
    commissionRate: integer('commission_rate'),
    region: text('region'),
    idNumber: text('id_number'),
    idDocuments: files('id_documents'),
    /** The lead the customer was activated from (线索明细 sets it). */
    sourceLeadId: refColumn('source_lead_id'),
    remark: text('remark'),
    // B端 terms (客户管理): what a fleet order of the customer starts from.
    settlementMode: smallint('settlement_mode').notNull().default(1),
    billingDay: smallint('billing_day').notNull().default(1),
    paymentDays: smallint('payment_days').notNull().default(30),
    /** Fen: what the customer may owe at once. */
    creditLimit: moneyColumn('credit_limit'),
    invoiceTitle: text('invoice_title'),
    taxNumber: text('tax_number'),
    invoiceAddressPhone: text('invoice_address_phone'),
    invoiceBankAccount: text('invoice_bank_account'),
    reconciliationContact: text('reconciliation_contact'),
    reconciliationMobile: text('reconciliation_mobile'),
    cooperationStatus: smallint('cooperation_status').notNull().default(1),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes(
      'customers',
      table,
      [governmentCustomerResource, distributorResource, personalCustomerResource, bSideCustomerResource],
      [
        uniqueIndex('customers_tenant_credit_code_key')
          .on(table.tenantId, table.kind, table.creditCode)
          .where(sql`${table.creditCode} is not null`),
        uniqueIndex('customers_tenant_id_number_key')
          .on(table.tenantId, table.kind, table.idNumber)
          .where(sql`${table.idNumber} is not null`),
        index('customers_tenant_kind_created_idx').on(table.tenantId, table.kind, table.createdAt, table.id),
        index('customers_tenant_mobile_idx').on(table.tenantId, table.mobile),
        index('customers_tenant_source_lead_idx').on(table.tenantId, table.sourceLeadId),
        index('customers_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
        index('customers_credit_code_trgm_idx').using('gin', sql`${table.creditCode} gin_trgm_ops`),
        index('customers_mobile_trgm_idx').using('gin', sql`${table.mobile} gin_trgm_ops`),
        check(
          'customers_kind_fields_check',
          sql`(${table.kind} = 3 and ${table.idNumber} is not null) or (${table.kind} in (1, 2) and ${table.creditCode} is not null and ${table.legalRepresentative} is not null and ${table.contactName} is not null and (${table.kind} = 1 or (${table.commissionRate} is not null and ${table.region} is not null)))`,
        ),
      ],
    ),
);
