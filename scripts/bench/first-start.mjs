// First start: `npm start` on an empty database — the migrations, the demo (its lease book replayed over
// eighteen months through the API) and the server answering /api/health — on PGlite and on PostgreSQL.
import { startApi, startPostgres } from './server.mjs';

async function timed(engine, options) {
  const started = performance.now();
  const api = await startApi(options);
  const seconds = (performance.now() - started) / 1000;
  const token = await fetch(`${api.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginId: 'admin', password: 'admin123' }),
  }).then((response) => response.json());
  const orders = await fetch(`${api.base}/api/lease-orders?limit=1`, {
    headers: { token: token.data.access_token },
  }).then((response) => response.json());
  await api.stop();
  return { engine, 'first start s': Number(seconds.toFixed(1)), 'lease orders (北京分公司)': orders.data.total };
}

export async function runFirstStartBench() {
  const rows = [await timed('PGlite', {})];
  const postgres = await startPostgres();
  if (postgres) {
    try {
      // A database of its own: the first start is the empty database's.
      const url = new URL(postgres.url);
      const admin = await import('pg').then(({ default: pg }) => new pg.Client({ connectionString: postgres.url }));
      await admin.connect();
      const name = `cp_first_start_${process.pid}`;
      await admin.query(`create database ${name}`);
      url.pathname = `/${name}`;
      try {
        rows.push(await timed('PostgreSQL', { databaseUrl: url.toString() }));
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    } finally {
      await postgres.stop();
    }
  }
  console.table(rows);
}
