import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type AppKeyGrant, type AppSender, appSender, issueAppKey } from '../appApi/keys';
import { loadConfig } from '../config';
import type { Database, Db } from '../db';

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
export function demoAppSenders(app: FastifyInstance, db: Db): (tenantId: number) => Promise<AppSender> {
  const grants = new Map<number, Promise<AppKeyGrant>>();
  return async (tenantId) => {
    let grant = grants.get(tenantId);
    if (!grant) {
      grant = issueAppKey(db, { tenantId, name: '司机APP' });
      grants.set(tenantId, grant);
    }
    return appSender(app, await grant);
  };
}
