// `npm test`: unit and component tests, the API suite on PGlite and — with DATABASE_URL — again on
// PostgreSQL, then the end-to-end suite in headless Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function run(title, args, env = process.env) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync('npx', args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\n${title} 失败`);
    process.exit(result.status ?? 1);
  }
}

// A feature folder added since the lists were written is listed before anything runs (scripts/features.mjs).
run('功能清单', ['node', 'scripts/features.mjs']);
const { DATABASE_URL, ...withoutDatabase } = process.env;
run(
  '单元与组件测试 + API (PGlite)',
  ['vitest', 'run', '--project', 'contracts', '--project', 'web', '--project', 'api'],
  withoutDatabase,
);
if (DATABASE_URL) {
  run('API (PostgreSQL)', ['vitest', 'run', '--project', 'api'], process.env);
} else {
  console.log('\n未设置 DATABASE_URL：跳过 PostgreSQL 上的 API 测试（.ci/run 会启动 PostgreSQL 并设置它）。');
}
if (existsSync(chromium)) {
  run('端到端测试 (Chromium)', ['vitest', 'run', '--config', 'packages/e2e/vitest.config.ts'], withoutDatabase);
} else if (process.env.CI) {
  console.error(`\n未找到 ${chromium}，CI 必须运行端到端测试。`);
  process.exit(1);
} else {
  console.log(`\n未找到 ${chromium}：跳过端到端测试（apt-get install chromium 后再运行）。`);
}
