import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { describe, expect, it } from 'vitest';
import { migrate, rowsOf } from '../src/db/migrate';
import { freshDatabase } from './harness';

const migrationCount = readMigrationFiles({ migrationsFolder: new URL('../drizzle', import.meta.url).pathname }).length;

describe('migrations', () => {
  it('apply once when two servers start together on one database', async () => {
    const fresh = await freshDatabase();
    // On PostgreSQL a second connection, as a second server process would have; PGlite has a single one.
    const second = process.env.DATABASE_URL ? await fresh.reopen() : fresh.database;
    try {
      const applied = await Promise.all([migrate(fresh.database), migrate(second)]);
      expect(applied.reduce((sum, n) => sum + n, 0)).toBe(migrationCount);
      const rows = rowsOf<{ n: number }>(
        await fresh.database.db.execute(sql`select count(*)::int as n from schema_migrations`),
      );
      expect(Number(rows[0]?.n)).toBe(migrationCount);
      expect(await migrate(fresh.database)).toBe(0);
    } finally {
      if (second !== fresh.database) await second.close();
      await fresh.database.close();
      await fresh.drop();
    }
  });
});
