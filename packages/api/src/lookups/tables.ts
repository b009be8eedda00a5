import { index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns, idColumn, refColumn, timestamps } from '../db/columns';

/** Cities of operation (shared by all tenants). */
export const cities = pgTable('cities', {
  id: idColumn(),
  /** GB/T 2260 administrative code. */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  province: text('province').notNull(),
  ...timestamps,
});

/** The asset manufacturer tree: brand (level 1) → series (2) → model (3). Shared by all tenants. */
export const vehicleCatalog = pgTable(
  'vehicle_catalog',
  {
    id: idColumn(),
    parentId: refColumn('parent_id'),
    level: smallint('level').notNull(),
    name: text('name').notNull(),
    ...timestamps,
  },
  (table) => [index('vehicle_catalog_parent_idx').on(table.parentId)],
);

/** Legal entities of a branch that own vehicles and sign contracts. */
export const companies = pgTable(
  'companies',
  {
    id: idColumn(),
    name: text('name').notNull(),
    creditCode: text('credit_code'),
    cityId: refColumn('city_id'),
    ...businessColumns(),
  },
  (table) => [uniqueIndex('companies_tenant_name_key').on(table.tenantId, table.name)],
);

/** Labels a tenant puts on vehicles. */
export const labels = pgTable(
  'labels',
  {
    id: idColumn(),
    name: text('name').notNull(),
    color: text('color').notNull().default('orange'),
    ...businessColumns(),
  },
  (table) => [uniqueIndex('labels_tenant_name_key').on(table.tenantId, table.name)],
);
