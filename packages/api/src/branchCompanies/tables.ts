import { companyResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, refColumn, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';

/**
 * 公司运营配置: one row per branch company (its `tenant_id`), its record and the operating parameters the
 * services read when they act (`companySettings`). A branch company without a row runs on the defaults.
 */
export const branchCompanies = pgTable(
  'branch_companies',
  {
    id: idColumn(),
    shortName: text('short_name').notNull(),
    fullName: text('full_name').notNull(),
    creditCode: text('credit_code'),
    legalRepresentative: text('legal_representative'),
    registeredAddress: text('registered_address'),
    businessLines: smallint('business_lines').array().notNull().default(sql`'{}'::smallint[]`),
    status: smallint('status').notNull().default(1),
    permitNo: text('permit_no'),
    permitExpiry: date('permit_expiry'),
    signingEntity: text('signing_entity'),
    bankAccountName: text('bank_account_name'),
    bankName: text('bank_name'),
    bankAccountNo: text('bank_account_no'),
    invoiceTitle: text('invoice_title'),
    invoiceTaxNo: text('invoice_tax_no'),
    invoiceAddressPhone: text('invoice_address_phone'),
    invoiceBankAccount: text('invoice_bank_account'),
    billLeadDays: integer('bill_lead_days').notNull().default(5),
    graceDays: integer('grace_days').notNull().default(3),
    lateFeeRate: integer('late_fee_rate').notNull().default(5),
    powerOffSpeedKmh: integer('power_off_speed_kmh').notNull().default(5),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes('branch_companies', table, companyResource, [
      uniqueIndex('branch_companies_tenant_key').on(table.tenantId),
      index('branch_companies_business_lines_idx').using('gin', table.businessLines),
    ]),
);

/** The cities a branch company operates in (its `cityIds`). */
export const branchCompanyCities = pgTable(
  'branch_company_cities',
  {
    companyId: refColumn('company_id').notNull(),
    cityId: refColumn('city_id').notNull(),
    tenantId: refColumn('tenant_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.cityId] }),
    index('branch_company_cities_city_idx').on(table.cityId),
  ],
);
