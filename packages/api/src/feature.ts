import type { AppSender } from './appApi/keys';
import type { Config } from './config';
import type { Database, Db } from './db';
import type { ExportDefinition } from './exports/registry';
import type { RoutePlugin } from './http/schemas';
import type { PendingRegistry } from './identity/pending';
import type { ServerResource } from './resource/family';

/** What a feature's routes are given: the database, the configuration, and the requests under way. */
interface FeatureDeps {
  db: Db;
  config: Config;
  pending: PendingRegistry;
  database: Database;
}

/** What a feature writes into a first start's demo, after the demo's story (`seed/index.ts`). */
interface DemoOptions {
  /** The data folder, where uploaded files are kept (absent in some tests: write no files then). */
  dataDir?: string;
  /**
   * The drivers' app of a branch company: what the app sends (留资, feedback, a coupon bought) is demo data made
   * through the app's inbound API (`appApi/`), never written into the tables around it.
   */
  app: (tenantId: number) => Promise<AppSender>;
}

/**
 * A feature folder of the API (`src/<feature>/feature.ts` exports one as `feature`): its screen families,
 * routes of its own, hand-written exports and demo rows. `npm run features` lists every folder holding one in
 * `features.generated.ts`; nothing else registers it.
 */
export interface Feature {
  /** Screen families declared on the kit: their routes, import templates, exports and lookups follow. */
  families?: readonly ServerResource[];
  /**
   * Routes of its own beyond its families' (a statistics page, a job's trigger). Registered after the job
   * runner, so a plugin may define job kinds on `app.jobs`.
   */
  routes?: readonly RoutePlugin<FeatureDeps>[];
  /** Exports of the download centre that are not a family screen's. */
  // biome-ignore lint/suspicious/noExplicitAny: each definition has its own filter and row types.
  exports?: readonly ExportDefinition<any, any>[];
  /** Its demo rows, written once on a first start with demo data (`seed/branches.ts` helps). */
  demo?: (db: Db, options: DemoOptions) => Promise<unknown>;
}

/** Declares a feature folder's contribution (typed here, so a folder's mistakes show in its own file). */
export const defineFeature = (feature: Feature): Feature => feature;
