// Export benchmark: the role list exported with 100,000 and 1,000,000 rows, on PGlite and PostgreSQL. For each
// size a fresh server exports all rows while this script samples the server's resident memory and the latency
// of /api/health, to show that memory stays flat when the row count grows tenfold and the API stays responsive.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startApi, startPostgres } from './server.mjs';

const sizes = (process.env.BENCH_EXPORT_ROWS || '100000,1000000').split(',').map(Number);
const mib = (kb) => Math.round(kb / 1024);

/** VmRSS and VmHWM (peak) of a process, in kB, from /proc. */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

const insertRoles = (rows) => `
  insert into roles (app_id, code, name, remark, tenant_id, menu_keys, button_keys)
  select 'cp-console', 'bench' || n, '基准角色' || n, '基准测试生成的角色，第' || n || '行',
    (select id from tenants where code = 'BJ'), array['vehicleList','roleManagement'], array['roleManagement:export']
  from generate_series(1, ${rows}) n`;

async function api(base, token, method, url, body) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = await response.json();
  if (envelope.code !== 0) throw new Error(`${method} ${url}: ${envelope.msg}`);
  return envelope.data;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** Exports every role of the tenant once, sampling memory and health latency until the file is ready. */
async function exportOnce(server, rows) {
  const token = (await api(server.base, null, 'POST', '/api/auth/login', { loginId: 'admin', password: 'admin123' }))
    .access_token;
  await api(server.base, token, 'GET', '/api/download-records');
  const baseline = memoryOf(server.pid);
  let peak = baseline.rss;
  const latencies = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, memoryOf(server.pid).rss);
      const started = performance.now();
      await fetch(`${server.base}/api/health`);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const started = performance.now();
  const record = await api(server.base, token, 'POST', '/api/exports', { kind: 'roleManagement', filters: {} });
  let done;
  for (;;) {
    const page = await api(server.base, token, 'GET', '/api/download-records?limit=10');
    done = page.list.find((row) => row.id === record.id);
    if (done && done.status >= 2) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  if (done.status !== 2) throw new Error(`export failed: ${done.failureReason}`);
  const link = await api(server.base, token, 'GET', `/api/download-records/${record.id}/url`);
  const file = await fetch(`${server.base}${link.url}`);
  let downloaded = 0;
  for await (const chunk of file.body) downloaded += chunk.length;
  return {
    行数: done.rowCount,
    '耗时 s': Math.round(seconds * 10) / 10,
    '行/秒': Math.round(done.rowCount / seconds),
    'xlsx MiB': Math.round((done.size / 2 ** 20) * 10) / 10,
    '下载 MiB': Math.round((downloaded / 2 ** 20) * 10) / 10,
    '导出前 RSS MiB': mib(baseline.rss),
    '导出中峰值 RSS MiB': mib(peak),
    '进程峰值 VmHWM MiB': mib(memoryOf(server.pid).hwm),
    'health p50 ms': Math.round(percentile(latencies, 50)),
    'health p99 ms': Math.round(percentile(latencies, 99)),
    expected: rows,
  };
}

async function benchPglite(rows) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cp-bench-export-'));
  try {
    // First start migrates and seeds; then the rows go in while no server holds the database.
    await (await startApi({ dataDir })).stop();
    const db = await PGlite.create(path.join(dataDir, 'pglite'));
    await db.exec(insertRoles(rows));
    // PGlite has no autovacuum: gather the statistics PostgreSQL would have after a bulk load.
    await db.exec('analyze');
    await db.close();
    const server = await startApi({ dataDir });
    try {
      return await exportOnce(server, rows);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(url, rows) {
  const name = `cp_bench_exports_${process.pid}_${rows}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  try {
    const server = await startApi({ databaseUrl: target.toString() });
    try {
      const client = new pg.Client({ connectionString: target.toString() });
      await client.connect();
      await client.query(insertRoles(rows));
      await client.query('analyze roles');
      await client.end();
      return await exportOnce(server, rows);
    } finally {
      await server.stop();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export async function runExportsBench() {
  const results = [];
  for (const rows of sizes) {
    console.log(`PGlite：导出 ${rows} 行…`);
    results.push({ 引擎: 'PGlite', ...(await benchPglite(rows)) });
  }
  const postgres = await startPostgres();
  if (postgres) {
    try {
      for (const rows of sizes) {
        console.log(`PostgreSQL：导出 ${rows} 行…`);
        results.push({ 引擎: 'PostgreSQL', ...(await benchPostgres(postgres.url, rows)) });
      }
    } finally {
      await postgres.stop();
    }
  } else {
    console.log('未找到 PostgreSQL：只测 PGlite。');
  }
  // A seeded tenant has a few roles of its own besides the generated ones.
  for (const row of results) {
    if (row.行数 < row.expected) throw new Error(`导出行数不足：${row.行数} < ${row.expected}`);
    delete row.expected;
  }
  console.log('\n导出基准（角色列表，全部行；服务端内存按 /proc 采样）');
  console.table(results);
  return results;
}
