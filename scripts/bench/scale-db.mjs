// What the scale benches share: a PostgreSQL database filled by the scale generator
// (packages/api/src/seed/scale-cli.ts), and logging in to the API started on it.
import { spawnSync } from 'node:child_process';
import { root, startPostgres } from './server.mjs';

/** A session token of `loginId` (the demo's administrator unless named); a refused login throws. */
export async function loginAs(base, loginId = 'admin', password = 'admin123') {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginId, password }),
  });
  const body = await response.json();
  if (body.code !== 0) throw new Error(`登录失败：${body.msg}`);
  return body.data.access_token;
}

/**
 * Runs `work(postgres)` on a database holding the scale data: the server `databaseUrl` names (kept), or one
 * started for the run (stopped after); without PostgreSQL the bench is skipped. The generator runs with the
 * `generate` arguments first, unless BENCH_SKIP_GENERATE=1 reuses what an earlier run filled. `what` names the
 * bench in its messages (`司机`).
 */
export async function withScaleData({ what, generate, databaseUrl }, work) {
  const postgres = databaseUrl ? { url: databaseUrl, stop: async () => {} } : await startPostgres();
  if (!postgres) {
    console.log(`未找到 PostgreSQL：跳过${what}基准。`);
    return;
  }
  try {
    if (process.env.BENCH_SKIP_GENERATE !== '1') {
      const started = Date.now();
      const generated = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'packages/api/src/seed/scale-cli.ts', ...generate],
        { cwd: root, env: { ...process.env, DATABASE_URL: postgres.url }, stdio: 'inherit' },
      );
      if (generated.status !== 0) throw new Error(`scale data generation failed (${what})`);
      console.log(`${what}规模数据生成：${((Date.now() - started) / 1000).toFixed(0)} 秒`);
    }
    await work(postgres);
  } finally {
    await postgres.stop();
  }
}
