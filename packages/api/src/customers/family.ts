import {
  bSideCustomerResource,
  bSideCustomerScreens,
  customerKind,
  distributorResource,
  governmentCustomerResource,
  personalCustomerResource,
} from '@cp/contracts';
import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { defineServerLookup } from '../lookups/registry';
import { defineServerResource, type Row } from '../resource/family';
import { contains } from '../resource/query';
import { customers } from './tables';

/** Codes and ID numbers are kept in capitals (a lower-case x is the same ID). */
const capitals = (values: Row) =>
  Object.fromEntries(
    Object.entries(values).map(([name, value]) =>
      (name === 'creditCode' || name === 'idNumber') && typeof value === 'string'
        ? [name, value.toUpperCase()]
        : [name, value],
    ),
  );

const check = 'customers_kind_fields_check';
const common = { table: customers, screens: [], normalize: capitals, expose: ['sourceLeadId'] } as const;

const governmentCustomerFamily = defineServerResource({
  ...common,
  resource: governmentCustomerResource,
  slice: { kind: 1 },
  sliceCheck: check,
});

const distributorFamily = defineServerResource({
  ...common,
  resource: distributorResource,
  slice: { kind: 2 },
  sliceCheck: check,
});

const personalCustomerFamily = defineServerResource({
  ...common,
  resource: personalCustomerResource,
  slice: { kind: 3 },
  sliceCheck: check,
});

/** B端 客户管理: every kind in one list with its B端 terms; 新增 makes one of the kind chosen. */
const bSideCustomerFamily = defineServerResource({
  table: customers,
  normalize: capitals,
  resource: bSideCustomerResource,
  screens: Object.values(bSideCustomerScreens),
  // The kind is a field here, not a slice: the indexes (tenant, kind, code) guard the codes, not the kind.
  constraints: { customers_tenant_credit_code_key: 'creditCode', customers_tenant_id_number_key: 'idNumber' },
});

export const customerFamilies = [
  governmentCustomerFamily,
  distributorFamily,
  personalCustomerFamily,
  bSideCustomerFamily,
];

/**
 * Customers of every kind, searched by name, credit code or mobile as the user types (B端 orders pick them);
 * named `名称（类型）`. Opened by the forms that name a customer (`grants.ts`): 我发起的's 新增 for a 产品报价 —
 * the button, not the page every account holds to withdraw its own requests.
 */
defineServerLookup('customer', {
  async search(db, tenantId, { text, ids, limit }) {
    const conditions: (SQL | undefined)[] = [eq(customers.tenantId, tenantId)];
    if (ids) conditions.push(inArray(customers.id, [...ids]));
    if (text) {
      conditions.push(
        or(contains(customers.name, text), contains(customers.creditCode, text), contains(customers.mobile, text)),
      );
    }
    const rows = await db
      .select({ id: customers.id, name: customers.name, kind: customers.kind })
      .from(customers)
      .where(and(...conditions))
      .orderBy(desc(customers.updatedAt), desc(customers.id))
      .limit(limit);
    return rows.map((row) => ({ id: row.id, name: `${row.name}（${customerKind.label(row.kind)}）` }));
  },
});
