import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { migrate } from './db/migrate';
import { seedDemoData } from './seed';

const config = loadConfig();
const database = await openDatabase(config);
const applied = await migrate(database);
const start = await seedDemoData(database.db, {
  dataDir: config.dataDir,
  signUpBaseUrl: config.qrCodes.signUpBaseUrl,
  demo: config.firstStart.demoData,
  adminPassword: config.firstStart.adminPassword,
});
const app = await buildApp({ config, database });
app.log.info({ engine: database.engine, dataDir: config.dataDir, migrationsApplied: applied, start }, 'database ready');
if (start === 'unfinished') {
  app.log.warn(
    'the first start on this database did not finish writing its data (stopped half-way?): nothing was added now; ' +
      'start again on an empty database (remove DATA_DIR/pglite, or drop and create the PostgreSQL database)',
  );
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
  } finally {
    // Closing PGlite flushes its data folder; an unclosed one can be left corrupt.
    await database.close();
  }
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
