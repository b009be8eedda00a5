import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../src/customers/tables';
import type { Database } from '../../src/db';
import { migrate, rowsOf } from '../../src/db/migrate';
import { families } from '../../src/families';
import { users } from '../../src/identity/tables';
import type { ServerResource } from '../../src/resource/family';
import { userFamily } from '../../src/users/family';
import { type FreshDatabase, freshDatabase } from '../harness';
import { fixtureFamily, fixtureResource, kitFixtures } from './fixture';

let fresh: FreshDatabase;
let database: Database;
let uniqueIndexes: Set<string>;
/** The definition of each CHECK constraint of the migrated database, by name. */
let checks: Map<string, string>;

beforeAll(async () => {
  fresh = await freshDatabase();
  database = fresh.database;
  await migrate(database);
  const result = await database.db.execute(
    sql`select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid where i.indisunique`,
  );
  uniqueIndexes = new Set(rowsOf<{ name: string }>(result).map((row) => row.name));
  const defined = await database.db.execute(
    sql`select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint where contype = 'c'`,
  );
  checks = new Map(rowsOf<{ name: string; definition: string }>(defined).map((row) => [row.name, row.definition]));
});
afterAll(async () => {
  await database.close();
  await fresh.drop();
});

/** Unique fields no unique index of the migrated database guards under a name the kit maps to the field. */
function unguarded(family: ServerResource): string[] {
  const guarding = (field: string) =>
    Object.entries(family.constraints).filter(([name, guarded]) => guarded === field && uniqueIndexes.has(name));
  return family.resource.uniqueFields.filter((field) => guarding(field).length === 0);
}

/** Required fields an import of the resource would leave empty, and key fields it does not read. */
function unimported(family: ServerResource): string[] {
  const { resource } = family;
  const imported = new Set(resource.importColumns.map(({ name }) => name));
  const required = resource.entries.filter(([, def]) => def.required).map(([name]) => name);
  return [...required, ...(resource.import?.key ?? [])].filter((name) => !imported.has(name));
}

/** The column a field is saved in: the row's own, or its parent's (a user's name, beside the account). */
const columnOf = (family: ServerResource, name: string): PgColumn | undefined =>
  family.own[name] ?? (family.parent?.columns[name] as PgColumn | undefined);

/** Form fields a save may leave empty whose column takes no empty value and has no default. */
function emptiedNotNull(family: ServerResource): string[] {
  return family.resource.entries
    .filter(([name, def]) => {
      const column = columnOf(family, name);
      return def.form && !def.required && column?.notNull && !column.hasDefault;
    })
    .map(([name]) => name);
}

/**
 * Required form fields whose column would take an empty value: the form insists on what the table does not.
 * A shared table's column may be nullable where the slice's CHECK constraint refuses it empty.
 */
function requiredNullable(family: ServerResource): string[] {
  const sliceCheck = family.sliceCheck ? (checks.get(family.sliceCheck) ?? '') : '';
  return family.resource.entries
    .filter(([name, def]) => {
      const column = columnOf(family, name);
      if (!def.form || !def.required || column === undefined || column.notNull) return false;
      return !sliceCheck.includes(`${column.name} IS NOT NULL`);
    })
    .map(([name]) => name);
}

describe('declarations of every family', () => {
  it('guards each unique field by a unique index the kit names it by (so a clash says which field)', () => {
    const withUnique = families.filter((family) => family.resource.uniqueFields.length > 0);
    expect(withUnique.map((family) => family.resource.key)).toEqual(expect.arrayContaining(['vehicle', 'userAccount']));
    for (const family of families) expect(unguarded(family), family.resource.key).toEqual([]);
  });

  it('finds a unique field left unguarded, or mapped to an index that does not exist', () => {
    expect(unguarded({ ...userFamily, constraints: { users_login_id_key: 'loginId' } })).toEqual(['code']);
    expect(unguarded({ ...userFamily, constraints: { users_code_key: 'code', users_login_key: 'loginId' } })).toEqual([
      'loginId',
    ]);
  });

  it('imports every required field and every key field of an imported resource', () => {
    const imported = families.filter((family) => family.resource.import);
    expect(imported.length).toBeGreaterThan(1);
    for (const family of imported) expect(unimported(family), family.resource.key).toEqual([]);
  });

  it('finds a required field an import leaves out', () => {
    const remark = { ...fixtureResource.fields.remark, required: true };
    const entries = fixtureResource.entries.map(([name, def]) => [name, name === 'remark' ? remark : def] as const);
    const importColumns = fixtureResource.importColumns.filter(({ name }) => name !== 'remark');
    const resource = { ...fixtureResource, entries, importColumns } as unknown as ServerResource['resource'];
    expect(unimported({ ...fixtureFamily, resource })).toEqual(['remark']);
  });

  it('never leaves a NOT NULL column without a default to an optional form field', () => {
    for (const family of [...families, fixtureFamily]) expect(emptiedNotNull(family), family.resource.key).toEqual([]);
    const own = { ...fixtureFamily.own, quantity: kitFixtures.code };
    expect(emptiedNotNull({ ...fixtureFamily, own })).toEqual(['quantity']);
  });

  it('keeps each required form field in a NOT NULL column, its own or its parent’s', () => {
    const withParent = families.filter((family) => family.parent && family.resource.permissions.create);
    expect(withParent.map((family) => family.resource.key)).toContain('userAccount');
    for (const family of [...families, fixtureFamily]) {
      expect(requiredNullable(family), family.resource.key).toEqual([]);
    }
    const own = { ...fixtureFamily.own, code: kitFixtures.remark };
    expect(requiredNullable({ ...fixtureFamily, own })).toEqual(['code']);
    const parent = userFamily.parent && { ...userFamily.parent, columns: { userName: users.mobile } };
    expect(requiredNullable({ ...userFamily, parent })).toEqual(['userName']);
  });

  it("takes a slice's CHECK constraint for NOT NULL, and only one that exists and names the column", () => {
    const own = { ...fixtureFamily.own, code: kitFixtures.remark };
    const sliced = { sliceCheck: 'customers_kind_fields_check' };
    expect(requiredNullable({ ...fixtureFamily, own, ...sliced })).toEqual(['code']);
    const guarded = { ...fixtureFamily.own, code: customers.creditCode };
    expect(requiredNullable({ ...fixtureFamily, own: guarded, ...sliced })).toEqual([]);
    expect(requiredNullable({ ...fixtureFamily, own: guarded })).toEqual(['code']);
    expect(checks.get('customers_kind_fields_check')).toContain('credit_code IS NOT NULL');
    const checked = families.filter((family) => family.sliceCheck);
    expect(checked.map((family) => family.resource.key).sort()).toEqual([
      'allianceRetention',
      'distributor',
      'governmentCustomer',
      'personalCustomer',
    ]);
    expect(requiredNullable({ ...fixtureFamily, own, sliceCheck: 'no_such_check' })).toEqual(['code']);
  });

  it('declares 里程 required: a car comes in with an odometer reading, never a made-up 0', () => {
    const vehicle = families.find((family) => family.resource.key === 'vehicle');
    expect(vehicle?.resource.fields.mileage?.required).toBe(true);
    expect(vehicle && columnOf(vehicle, 'mileage')?.notNull).toBe(true);
  });
});
