// `npm test`: unit and component tests, the API suite on PGlite and — with DATABASE_URL — again on
// PostgreSQL, then the end-to-end suite in headless Chromium. The PostgreSQL run and the end-to-end run go
// side by side: the browser suite runs one file at a time and waits on the page most of it, which leaves a
// core for the API suite (CI's whole run was over half an hour one after another).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function fail(title, status) {
  console.error(`\n${title} 失败`);
  process.exit(status ?? 1);
}

function run(title, args, env = process.env) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync('npx', args, { stdio: 'inherit', env });
  if (result.status !== 0) fail(title, result.status);
}

/**
 * Runs beside another stage: its output is held and printed whole after the other stage, so the two don't
 * interleave and a failure here is the last thing the run prints (a log kept by its tail still shows it).
 */
function runBeside(title, args, env) {
  console.log(`\n=== ${title}（并行，结束后输出）===`);
  // A group of its own, so that a failure elsewhere can stop it with its workers.
  const child = spawn('npx', args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const done = new Promise((resolve) => child.on('close', resolve));
  const print = () => {
    console.log(`\n=== ${title}：输出 ===`);
    process.stdout.write(Buffer.concat(output));
  };
  const stop = () => {
    // Ended already: nothing to stop.
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // the group ended between the check and the signal
    }
  };
  return { stop, done, print };
}

// A feature folder added since the lists were written is listed before anything runs (scripts/features.mjs).
run('功能清单', ['node', 'scripts/features.mjs']);
const { DATABASE_URL, ...withoutDatabase } = process.env;
run(
  '单元与组件测试 + API (PGlite)',
  ['vitest', 'run', '--project', 'contracts', '--project', 'web', '--project', 'api'],
  withoutDatabase,
);

let postgres = null;
if (DATABASE_URL) {
  postgres = runBeside('API (PostgreSQL)', ['vitest', 'run', '--project', 'api'], process.env);
  // Its own group hears no Ctrl-C from the terminal: pass it on.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      postgres.stop();
      process.exit(130);
    });
  }
} else console.log('\n未设置 DATABASE_URL：跳过 PostgreSQL 上的 API 测试（.ci/run 会启动 PostgreSQL 并设置它）。');
if (existsSync(chromium)) {
  console.log('\n=== 端到端测试 (Chromium) ===');
  const e2e = spawn('npx', ['vitest', 'run', '--config', 'packages/e2e/vitest.config.ts'], {
    env: withoutDatabase,
    stdio: 'inherit',
  });
  const status = await new Promise((resolve) => e2e.on('close', resolve));
  if (status !== 0) {
    postgres?.stop();
    if (postgres) {
      await postgres.done;
      postgres.print();
    }
    fail('端到端测试 (Chromium)', status);
  }
} else if (process.env.CI) {
  console.error(`\n未找到 ${chromium}，CI 必须运行端到端测试。`);
  process.exit(1);
} else {
  console.log(`\n未找到 ${chromium}：跳过端到端测试（apt-get install chromium 后再运行）。`);
}
if (postgres) {
  const status = await postgres.done;
  postgres.print();
  if (status !== 0) fail('API (PostgreSQL)', status);
}
