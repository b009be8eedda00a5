import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type AppKeyGrant, type AppSender, appSender, issueAppKey } from '../appApi/keys';
import { loadConfig } from '../config';
import type { Database, Db } from '../db';
import { tenants } from '../identity/tables';

/**
 * The console's own app over the demo's database, for the demo to make its rows through the API as people and
 * the drivers' app would: requests may name their business moment (`x-business-time`), no jobs run, and the
 * database is lent, never closed. The caller closes the app.
 */
export async function openDemoApp(db: Db, dataDir: string | undefined): Promise<FastifyInstance> {
  const database: Database = { db, engine: 'pglite', close: async () => undefined };
  const defaults = loadConfig({});
  const config = {
    ...defaults,
    dataDir: dataDir ?? defaults.dataDir,
    jobs: { ...defaults.jobs, worker: false },
    // The demo sends a branch company's months of app traffic at once, from one address.
    appApi: { ...defaults.appApi, perDriverPerMinute: 1_000_000, perAddressPerMinute: 1_000_000 },
  };
  return buildApp({ config, database, logger: false, businessTimeHeader: true });
}

/**
 * The drivers' app of each branch company, as the demo's features send through it (`DemoOptions.app`): the
 * first call for a branch company issues its key (司机APP), as the company would on going live.
 */
export function demoAppSenders(app: FastifyInstance, db: Db) {
  const grants = new Map<number, Promise<AppKeyGrant>>();
  const grantOf = (tenantId: number) => {
    let grant = grants.get(tenantId);
    if (!grant) {
      grant = issueAppKey(db, { tenantId, name: '司机APP' });
      grants.set(tenantId, grant);
    }
    return grant;
  };
  return {
    sender: async (tenantId: number): Promise<AppSender> => appSender(app, await grantOf(tenantId)),
    /**
     * Writes each branch company's demo key into the data folder (`demo-app-keys.json`, by branch name), so
     * whoever runs the demo can call the inbound API as the app would — keys of demo data, beside the database
     * that holds the rest of it. A branch company the features sent nothing for gets its key too.
     */
    async writeKeys(dataDir: string | undefined): Promise<void> {
      if (!dataDir) return;
      const rows = await db.select({ id: tenants.id, name: tenants.name }).from(tenants).orderBy(asc(tenants.id));
      const keys: Record<string, string> = {};
      for (const tenant of rows) keys[tenant.name] = (await grantOf(tenant.id)).header;
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(path.join(dataDir, demoAppKeysFile), `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
    },
  };
}

/** Where a demo install keeps its app keys (`DATA_DIR/demo-app-keys.json`). */
const demoAppKeysFile = 'demo-app-keys.json';
