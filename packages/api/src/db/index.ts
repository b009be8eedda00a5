import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

/** No relational queries: the tables are imported where used, and drizzle-kit finds them by file name. */
type Schema = Record<string, never>;
// biome-ignore lint/suspicious/noExplicitAny: the two drivers differ only in their result type.
export type Db = PgDatabase<PgQueryResultHKT, Schema, any>;
// biome-ignore lint/suspicious/noExplicitAny: as above.
export type Tx = PgTransaction<PgQueryResultHKT, Schema, any>;
/** Either the database or a transaction on it: functions that may run inside a transaction take this. */
export type Executor = Db | Tx;

/** Trigram indexes make the `contains` searches (plate, VIN) fast; PostgreSQL ships it in contrib. */
const extensions = { pg_trgm };

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * PostgreSQL: a new connection of its own, outside the pool (not yet connected), for a process to LISTEN on
   * — a pooled one would be handed to other work and lose its subscriptions when the pool ends it.
   */
  ownConnection?(applicationName: string): pg.Client;
}

export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // A connection that fails while idle or closing (PostgreSQL restarted, the connection was terminated)
    // is dropped and replaced by the pool; unhandled, the 'error' event would end the whole process.
    pool.on('error', (error) => process.emitWarning(`PostgreSQL connection dropped: ${error.message}`));
    pool.on('connect', (client) => client.on('error', () => undefined));
    // Count columns come back as int8; they fit a JS number.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      engine: 'postgres',
      close: () => pool.end(),
      ownConnection: (applicationName) =>
        new pg.Client({ connectionString: options.databaseUrl, application_name: applicationName }),
    };
  }
  const folder = path.join(options.dataDir, 'pglite');
  mkdirSync(folder, { recursive: true });
  const client = await PGlite.create(folder, { extensions });
  const db = drizzlePglite(client) as unknown as Db;
  return { db, engine: 'pglite', close: () => client.close() };
}

/**
 * An in-memory PGlite database, for tests: empty, or holding what `dump()` of another one wrote (much faster
 * than a new cluster, which runs initdb).
 */
export async function openMemoryDatabase(from?: Blob): Promise<Database & { dump(): Promise<Blob> }> {
  const client = await PGlite.create({ extensions, ...(from ? { loadDataDir: from } : {}) });
  const db = drizzlePglite(client) as unknown as Db;
  return { db, engine: 'pglite', close: () => client.close(), dump: () => client.dumpDataDir('none') };
}
