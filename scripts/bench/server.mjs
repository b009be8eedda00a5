// Starts things the benchmarks drive: the API server (child process) and a private PostgreSQL cluster.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForHealth(base, child, seconds = 120, healthPath = '/api/health') {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${base}${healthPath}`);
      if (response.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not become healthy');
}

/**
 * The API on a free port with its own data folder (PGlite) or the given DATABASE_URL. A `dataDir` passed in
 * is kept when the server stops (to start it again on the same data); `env` adds variables; `nodeArgs` go to
 * node before the script (BENCH_API_NODE_ARGS adds more, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
export async function startApi({ databaseUrl, dataDir: keptDir, env: extra = {}, nodeArgs = [] } = {}) {
  const port = await freePort();
  const dataDir = keptDir ?? mkdtempSync(path.join(tmpdir(), 'cp-bench-'));
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extra };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const extraArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const args = [...nodeArgs, ...extraArgs, '--import', 'tsx', 'packages/api/src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, child);
  return {
    base,
    pid: child.pid,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The bare Fastify + pg vehicle list (`bare-list.mjs`) on a free port: the ceilings the API's list is
 * compared with. `token` (a session of the API's) gives the query-only route its tenant.
 */
export async function startBareList({ databaseUrl, token }) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'scripts/bench/bare-list.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      BARE_PREPARED: process.env.BENCH_BARE_PREPARED ?? '',
      BARE_TOKEN: token ?? '',
    },
    stdio: 'inherit',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, child, 30, '/bare/health');
  return {
    base,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** A throwaway PostgreSQL cluster on loopback, from the machine's PostgreSQL binaries; null without them. */
export async function startPostgres() {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const version = readdirSync(base).sort((a, b) => Number(b) - Number(a))[0];
  const bin = path.join(base, version, 'bin');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cp-bench-pg-'));
  const port = await freePort();
  const asPostgres = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  if (asPostgres.length) spawnSync('chown', ['postgres', dataDir]);
  const run = (args) => {
    const [command, ...rest] = [...asPostgres, ...args];
    const result = spawnSync(command, rest, { stdio: 'ignore' });
    if (result.status !== 0) throw new Error(`${args[0]} failed`);
  };
  run([path.join(bin, 'initdb'), '-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8']);
  run([
    path.join(bin, 'pg_ctl'),
    '-D',
    dataDir,
    '-l',
    path.join(dataDir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      run([path.join(bin, 'pg_ctl'), '-D', dataDir, '-m', 'fast', 'stop']);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
