// `npm start`: build the web app when it is missing or older than its sources, then migrate, seed and serve.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const webDist = path.join(root, 'packages/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

// A feature folder added since the lists were written is listed before anything runs (scripts/features.mjs).
spawnSync(process.execPath, [path.join(root, 'scripts/features.mjs')], { stdio: 'inherit' });

const sources = ['packages/web', 'packages/contracts/src'].map((dir) => newestMtime(path.join(root, dir)));
if (!existsSync(webDist) || statSync(webDist).mtimeMs < Math.max(...sources)) {
  console.log('构建前端 (vite build)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@cp/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'packages/api/src/main.ts'));
