import { rideHailingDriverResource, taxiDriverResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { date, index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, refColumn, reversedMobile, versionColumn } from '../db/columns';
import { listIndexes } from '../db/list-indexes';
import { capitalsSearch } from '../resource/query';

const files = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

/**
 * 网约车司机 and 出租车司机 in one table, `kind` telling them apart (1, 2): a lease order's customer and a
 * delivery's driver are "a driver" whichever kind, one lookup over one table. The permit columns hold the
 * kind's permit (网络预约出租汽车驾驶员证 or 从业资格证).
 */
export const drivers = pgTable(
  'drivers',
  {
    id: idColumn(),
    kind: smallint('kind').notNull(),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    nationalId: text('national_id').notNull(),
    gender: smallint('gender').notNull(),
    birthDate: date('birth_date').notNull(),
    cityId: refColumn('city_id').notNull(),
    address: text('address'),
    licenseNo: text('license_no'),
    licenseClass: smallint('license_class').notNull(),
    licenseFirstIssue: date('license_first_issue'),
    licenseExpiry: date('license_expiry'),
    permitNo: text('permit_no'),
    permitAuthority: text('permit_authority'),
    permitExpiry: date('permit_expiry'),
    /** The earlier of the licence's and the permit's expiry: what 证件即将到期 looks at. */
    papersExpiry: date('papers_expiry'),
    taxiCompany: text('taxi_company'),
    emergencyName: text('emergency_name'),
    emergencyRelation: smallint('emergency_relation'),
    emergencyMobile: text('emergency_mobile'),
    bankName: text('bank_name'),
    bankCardNo: text('bank_card_no'),
    bankCardHolder: text('bank_card_holder'),
    source: text('source'),
    salespersonId: refColumn('salesperson_id'),
    status: smallint('status').notNull().default(0),
    statusReason: text('status_reason'),
    idCardPhotos: files('id_card_photos'),
    licensePhotos: files('license_photos'),
    permitPhotos: files('permit_photos'),
    remark: text('remark'),
    /** The lead the driver was made from (激活 → 去新增), whose activation its creation recorded. */
    leadId: refColumn('lead_id'),
    version: versionColumn(),
    ...businessColumns(),
  },
  (table) =>
    listIndexes(
      'drivers',
      table,
      [rideHailingDriverResource, taxiDriverResource],
      [
        // A person is one driver in a branch company, whichever kind.
        uniqueIndex('drivers_tenant_mobile_key').on(table.tenantId, table.mobile),
        uniqueIndex('drivers_tenant_national_id_key').on(table.tenantId, table.nationalId),
        index('drivers_tenant_kind_updated_idx').on(table.tenantId, table.kind, table.updatedAt, table.id),
        index('drivers_tenant_kind_status_idx').on(table.tenantId, table.kind, table.status, table.updatedAt),
        index('drivers_tenant_kind_city_idx').on(table.tenantId, table.kind, table.cityId),
        index('drivers_tenant_kind_salesperson_idx').on(table.tenantId, table.kind, table.salespersonId),
        index('drivers_tenant_kind_papers_idx').on(table.tenantId, table.kind, table.papersExpiry),
        index('drivers_tenant_kind_name_sort_idx').on(table.tenantId, table.kind, table.name, table.id),
        index('drivers_tenant_license_expiry_idx').on(table.tenantId, table.licenseExpiry, table.id),
        index('drivers_tenant_permit_expiry_idx').on(table.tenantId, table.permitExpiry, table.id),
        index('drivers_tenant_created_idx').on(table.tenantId, table.createdAt, table.id),
        // A mobile is searched by its last digits: a range of the reversed number, in byte order.
        index('drivers_tenant_mobile_reversed_idx').on(table.tenantId, reversedMobile(table.mobile)),
        index('drivers_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
        // short_grams() (migration 0006): a one- or two-character name fragment has no trigram.
        index('drivers_name_grams_idx').using('gin', sql`short_grams(${table.name})`),
        index('drivers_source_trgm_idx').using('gin', sql`${table.source} gin_trgm_ops`),
        index('drivers_taxi_company_trgm_idx').using('gin', sql`${table.taxiCompany} gin_trgm_ops`),
      ],
    ),
);

capitalsSearch(drivers.name);
