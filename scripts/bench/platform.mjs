// Platform benchmark: login, user info and role menu against the API on PGlite and PostgreSQL, with a bare
// Fastify route on the same machine as the ceiling.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { loginAs } from './scale-db.mjs';
import { startApi, startPostgres } from './server.mjs';

const duration = Number(process.env.BENCH_SECONDS || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 20);

function summarize(name, result) {
  return {
    name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

function load(options) {
  return autocannon({ duration, connections, ...options });
}

async function benchApi(engine, base) {
  const token = await loginAs(base);
  const rows = [];
  rows.push(
    summarize(
      `${engine} POST /api/auth/login (argon2id)`,
      await load({
        url: `${base}/api/auth/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ loginId: 'admin', password: 'admin123' }),
      }),
    ),
  );
  rows.push(
    summarize(`${engine} GET /api/user/info`, await load({ url: `${base}/api/user/info`, headers: { token } })),
  );
  rows.push(
    summarize(
      `${engine} GET /api/user/role-menu`,
      await load({ url: `${base}/api/user/role-menu?appId=cp-console`, headers: { token } }),
    ),
  );
  return rows;
}

async function benchCeiling() {
  const app = Fastify();
  app.get('/ping', async () => ({ code: 0, msg: 'success', data: 'pong', isSuccess: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address();
  const row = summarize('bare Fastify GET /ping (ceiling)', await load({ url: `http://127.0.0.1:${port}/ping` }));
  await app.close();
  return row;
}

export async function runPlatformBench() {
  const rows = [await benchCeiling()];
  const pglite = await startApi();
  try {
    rows.push(...(await benchApi('PGlite', pglite.base)));
  } finally {
    await pglite.stop();
  }
  const postgres = await startPostgres();
  if (postgres) {
    const api = await startApi({ databaseUrl: postgres.url });
    try {
      rows.push(...(await benchApi('PostgreSQL', api.base)));
    } finally {
      await api.stop();
      await postgres.stop();
    }
  } else {
    console.log('未找到 PostgreSQL：只测 PGlite。');
  }
  console.log(`\n平台基准（${connections} 并发，每项 ${duration} 秒）`);
  console.table(rows);
  return rows;
}
