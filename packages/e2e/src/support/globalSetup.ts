import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The demo's app keys by branch company (`DATA_DIR/demo-app-keys.json`): the e2e calls the app's API with them. */
    demoAppKeys: Record<string, string>;
  }
}

const root = path.resolve(import.meta.dirname, '../../../..');
const webDir = path.join(root, 'packages/web');
const apiDir = path.join(root, 'packages/api');
const builtIndex = path.join(webDir, 'dist/index.html');

function newestMtime(entry: string): number {
  const stats = statSync(entry, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

/** Builds the web app when dist is missing or older than anything it is built from. */
function buildWebIfStale(): void {
  const sources = ['index.html', 'vite.config.ts', 'antdStyles.ts', 'precompress.ts', 'package.json', 'src'].map(
    (name) => path.join(webDir, name),
  );
  sources.push(path.join(root, 'packages/contracts/src'));
  const built = statSync(builtIndex, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (built > Math.max(...sources.map(newestMtime))) return;
  // Vitest sets NODE_ENV=test, which would give a development build of React and antd.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npm', ['run', 'build', '-w', '@cp/web'], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`web build failed with exit code ${result.status}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess, output: () => string): Promise<void> {
  // A deadline against a server that never comes up, not a speed bound: the first start writes the demo,
  // its lease book replayed over eighteen months (about 30 s on a quiet two-core machine, minutes on a busy one).
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`API server exited (${server.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`API server did not become healthy:\n${output()}`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill('SIGKILL'), 15_000);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

export default async function setup(project: TestProject) {
  // A server already running (a developer's, started with the demo) is used as it is: nothing built or started.
  const running = process.env.E2E_BASE_URL;
  if (running) {
    project.provide('baseUrl', running.replace(/\/$/, ''));
    // A server started elsewhere: its data folder's keys, when named.
    const keys = process.env.E2E_APP_KEYS_FILE;
    project.provide('demoAppKeys', keys ? JSON.parse(readFileSync(keys, 'utf8')) : {});
    return;
  }
  buildWebIfStale();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cp-e2e-'));
  const port = await freePort();
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, server, () => output);
  } catch (error) {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('demoAppKeys', JSON.parse(readFileSync(path.join(dataDir, 'demo-app-keys.json'), 'utf8')));
  return async () => {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
