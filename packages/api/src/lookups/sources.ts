import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db';
import { accounts, roles, users } from '../identity/tables';
import { defineServerLookup, type Option } from './registry';
import { cities, companies, vehicleCatalog } from './tables';

const named = { id: cities.id, name: cities.name };

defineServerLookup('city', { all: (db) => db.select(named).from(cities).orderBy(asc(cities.code)) });

defineServerLookup('company', {
  all: (db, tenantId) =>
    db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(eq(companies.tenantId, tenantId))
      .orderBy(asc(companies.id)),
});

/** The manufacturer tree, brand → series → model: one endpoint, three lookups by level. */
async function catalogTree(db: Executor): Promise<Option[]> {
  const rows = await db.select().from(vehicleCatalog).orderBy(asc(vehicleCatalog.level), asc(vehicleCatalog.id));
  const nodes = new Map<number, Option>();
  const roots: Option[] = [];
  for (const row of rows) {
    const node: Option = { label: row.name, value: String(row.id) };
    nodes.set(row.id, node);
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    if (!parent) roots.push(node);
    else parent.children = [...(parent.children ?? []), node];
  }
  return roots;
}

const catalogLevel = (level: number) => (db: Executor) =>
  db
    .select({ id: vehicleCatalog.id, name: vehicleCatalog.name })
    .from(vehicleCatalog)
    .where(eq(vehicleCatalog.level, level))
    .orderBy(asc(vehicleCatalog.id));

defineServerLookup('brand', { all: catalogLevel(1), options: catalogTree });
defineServerLookup('series', { all: catalogLevel(2), options: catalogTree });
defineServerLookup('model', { all: catalogLevel(3), options: catalogTree });

defineServerLookup('role', {
  all: (db, tenantId) =>
    db
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(eq(roles.tenantId, tenantId))
      .orderBy(asc(roles.id)),
});

/** Users holding an enabled account in the branch company, by user id. */
defineServerLookup('user', {
  all: (db, tenantId) =>
    db
      .selectDistinct({ id: users.id, name: users.userName })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(and(eq(accounts.tenantId, tenantId), eq(accounts.status, 1)))
      .orderBy(asc(users.id)),
});
