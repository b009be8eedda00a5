import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from './index';

const migrationsFolder = new URL('../../drizzle', import.meta.url).pathname;
/** Arbitrary constant: the advisory lock that lets one process at a time migrate a shared PostgreSQL. */
const migrationLock = 724_311_905;

/**
 * Applies the committed migrations that have not run yet. Several API processes may start together on one
 * PostgreSQL: the advisory lock makes them take turns, and each finds the others' work done.
 */
export async function migrate(database: Database): Promise<number> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const { db } = database;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${migrationLock})`);
    await tx.execute(sql`create table if not exists schema_migrations (
      hash text primary key, created_at bigint not null, applied_at timestamptz not null default now())`);
    const applied = await tx.execute<{ hash: string }>(sql`select hash from schema_migrations`);
    const done = new Set(rowsOf<{ hash: string }>(applied).map((row) => row.hash));
    let count = 0;
    for (const migration of migrations) {
      if (done.has(migration.hash)) continue;
      for (const statement of migration.sql) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(
        sql`insert into schema_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      );
      count += 1;
    }
    return count;
  });
}

/** node-postgres returns `{ rows }`, PGlite too; this reads either. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
