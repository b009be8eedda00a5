// Vehicle lists at scale on PostgreSQL: 100,000 vehicles, 1,000,000 violations and 1,000,000 maintenance rows.
// Filtered, sorted list requests at 20 concurrent clients (autocannon), then /vehicleList in headless Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { loginAs, withScaleData } from './scale-db.mjs';
import { root, startApi, startBareList } from './server.mjs';

const duration = Number(process.env.BENCH_SECONDS || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 20);
const scale = {
  vehicles: process.env.BENCH_VEHICLES || '100000',
  violations: process.env.BENCH_VIOLATIONS || '1000000',
  maintenance: process.env.BENCH_MAINTENANCE || '1000000',
};

const scenarios = [
  ['车辆列表 默认排序', '/api/vehicles?page=1&limit=20'],
  ['车辆列表 阶段+城市筛选 按里程排序', '/api/vehicles?stage=5,7&cityId=1&sort=mileage&order=desc&limit=20'],
  ['车辆列表 车牌模糊搜索', '/api/vehicles?plateNo=A1&limit=20'],
  ['车辆列表 第50页', '/api/vehicles?page=50&limit=20&sort=nextInspectionDate&order=asc'],
  ['违章 未处理 按时间排序', '/api/vehicle-violations?status=0&sort=occurredAt&order=desc&limit=20'],
  ['维保 保养 日期范围', '/api/vehicle-maintenance?type=0&serviceDate=2026-01-01,2026-06-30&limit=20'],
];

async function measureLists(base, token) {
  const rows = [];
  for (const [name, url] of scenarios) {
    const check = await (await fetch(`${base}${url}`, { headers: { token } })).json();
    if (check.code !== 0) throw new Error(`${name}: ${check.msg}`);
    // A server that has been running is warm: a few seconds first, not counted, so the figures are not
    // those of the JIT compiling the code path.
    await autocannon({ url: `${base}${url}`, headers: { token }, duration: 3, connections });
    const times = [];
    const run = autocannon({ url: `${base}${url}`, headers: { token }, duration, connections });
    run.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
    const result = await run;
    times.sort((a, b) => a - b);
    const percentile = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]?.toFixed(1);
    rows.push({
      name,
      'req/s': Math.round(result.requests.average),
      'p50 ms': percentile(50),
      'p95 ms': percentile(95),
      'p99 ms': percentile(99),
      total: check.data.totalExact ? check.data.total : `${check.data.total}+`,
      errors: result.errors + result.non2xx,
    });
  }
  return rows;
}

/** The request compared with the bare route, and its bare twin (same query string). */
const comparedQuery = '?stage=5,7&cityId=1&sort=mileage&order=desc&limit=20';
const ratioRounds = Number(process.env.BENCH_RATIO_ROUNDS || 3);

/** CPU milliseconds a process has used so far (user + system), or null where `/proc` cannot tell. */
function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** One autocannon run (3 s warm-up, not counted, then `duration`): req/s and the server's CPU ms a request. */
async function loadRun(url, token, pid) {
  await autocannon({ url, headers: { token }, duration: 3, connections });
  const cpuBefore = processCpuMs(pid);
  const result = await autocannon({ url, headers: { token }, duration, connections });
  const cpuAfter = processCpuMs(pid);
  if (result.errors + result.non2xx > 0) throw new Error(`${url}: ${result.errors + result.non2xx} errors`);
  return {
    rps: result.requests.average,
    cpuMs: cpuBefore === null ? null : (cpuAfter - cpuBefore) / result.requests.total,
  };
}

/**
 * The bare routes the API's list is compared with (`BENCH_BARE_ROUTES`, default both): `query`, the page
 * query alone as a named prepared statement — no session, no count (issue "[Hardening 2]" item 12) — and
 * `full`, the same work as the API (session, role keys, name book, capped count).
 */
const bareRoutes = {
  query: { path: '/bare/query/vehicles', label: '仅页面查询' },
  full: { path: '/bare/vehicles', label: '同等工作' },
};
const chosenBares = (process.env.BENCH_BARE_ROUTES || 'query,full').split(',').filter((name) => bareRoutes[name]);

/**
 * The stage + city list sorted by mileage from the API beside the same page from the bare Fastify + pg
 * routes (`bare-list.mjs`), run in turn (`ratioRounds` rounds, the order rotated each round so each takes
 * each place) with the same warm-up, duration and connections. A ratio is the API's req/s over a bare
 * route's in the same round.
 */
async function measureAgainstBare(api, bare, token) {
  const runs = [
    { name: 'kit', url: `${api.base}/api/vehicles${comparedQuery}`, pid: api.pid },
    ...chosenBares.map((name) => ({
      name,
      url: `${bare.base}${bareRoutes[name].path}${comparedQuery}`,
      pid: bare.pid,
    })),
  ];
  const bodies = await Promise.all(
    runs.map(async ({ url }) => JSON.stringify(await (await fetch(url, { headers: { token } })).json())),
  );
  const different = runs.filter((_, index) => bodies[index] !== bodies[0]).map((run) => run.name);
  const rounds = [];
  for (let round = 0; round < ratioRounds; round++) {
    const order = runs.map((_, index) => runs[(index + round) % runs.length]);
    const measured = {};
    for (const run of order) measured[run.name] = await loadRun(run.url, token, run.pid);
    const row = { round: round + 1, order: order.map((run) => run.name).join('→') };
    for (const run of runs) row[`${run.name} req/s`] = Math.round(measured[run.name].rps);
    for (const name of chosenBares) row[`kit/${name}`] = Number((measured.kit.rps / measured[name].rps).toFixed(2));
    for (const run of runs) row[`${run.name} CPU ms/req`] = measured[run.name].cpuMs?.toFixed(2);
    rounds.push(row);
  }
  const summary = chosenBares.map((name) => {
    const ratios = rounds.map((row) => row[`kit/${name}`]);
    return `比值 kit / ${name}（${bareRoutes[name].label}）：中位数 ${median(ratios.map((r) => r * 100)) / 100}，范围 ${Math.min(...ratios)}–${Math.max(...ratios)}`;
  });
  return { different, rounds, summary: summary.join('\n') };
}

const pageRuns = Number(process.env.BENCH_PAGE_RUNS ?? 7);

function median(values) {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

/**
 * Marks, in the page, the first frame painted with a vehicle row: a row in the DOM, then the frame after it.
 * Timed in the page from navigation start, so the test driver's polling is not counted. Also notes where
 * the last long task (over 50 ms, the main thread unable to answer input) ended.
 */
function markFirstRow() {
  window.lastLongTaskEnd = 0;
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) {
      window.lastLongTaskEnd = Math.max(window.lastLongTaskEnd, task.startTime + task.duration);
    }
  }).observe({ type: 'longtask', buffered: true });
  const observer = new MutationObserver(() => {
    if (!document.querySelector('.ant-table-tbody tr.ant-table-row')) return;
    observer.disconnect();
    requestAnimationFrame(() =>
      setTimeout(() => {
        window.firstRowPainted = performance.now();
      }, 0),
    );
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * Milliseconds from navigation start to the first frame painted with a vehicle row, and to the page being
 * interactive: that frame, or the end of a long task still running in the two seconds after it.
 */
async function timeToFirstRow(page, base) {
  await page.goto(`${base}/vehicleList`);
  const handle = await page.waitForFunction(() => window.firstRowPainted, undefined, { timeout: 30_000 });
  const painted = Math.round(await handle.jsonValue());
  await page.waitForTimeout(2000);
  const lastLongTaskEnd = await page.evaluate(() => window.lastLongTaskEnd);
  return { painted, interactive: Math.round(Math.max(painted, lastLongTaskEnd)) };
}

/** CPU milliseconds used so far by this machine's Chromium processes, or null where `/proc` cannot tell. */
function chromiumCpuMs() {
  if (!existsSync('/proc/self/stat')) return null;
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('chrom')) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended between listing and reading
    }
  }
  return ticks * 10; // clock ticks of 10 ms (USER_HZ 100)
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until a just-launched Chromium has finished its own start-up work. On this VM it keeps both cores
 * busy for about a second after its first blank page; a page loaded meanwhile is timed against it. Settled:
 * its processes used less than 10% of a core over half a second (at most 10 s); without `/proc`, 3 s.
 */
async function untilBrowserSettled() {
  let before = chromiumCpuMs();
  if (before === null) return sleep(3000);
  for (let waited = 0; waited < 10_000; waited += 500) {
    await sleep(500);
    const now = chromiumCpuMs();
    if (now - before < 50) return;
    before = now;
  }
}

const browserArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A launched Chromium's tab holding the session cookie and the first-row mark, at `about:blank`. */
async function openTab(launcher, executablePath, cookie) {
  const browser = await launcher.launch({ executablePath, args: browserArgs });
  const context = await browser.newContext();
  await context.addCookies([cookie]);
  await context.addInitScript(markFirstRow);
  return { browser, page: await context.newPage() };
}

/**
 * `/vehicleList` to its first painted row in headless Chromium, `pageRuns` times each:
 * - a first visit (empty cache, nothing compiled) in a running browser: launched, then left to settle;
 * - two returning visits in the same tab (cached, compiled code);
 * - for comparison, a first visit in a browser launched the moment before, still starting up.
 */
async function measurePage(base, token) {
  if (pageRuns === 0) return 'BENCH_PAGE_RUNS=0：跳过页面测量';
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromium)) return '未找到 Chromium，跳过页面测量';
  const { chromium: launcher } = await import('playwright-core');
  const cookie = { name: 'vue_admin_template_token', value: token, domain: new URL(base).hostname, path: '/' };
  const first = [];
  const returning = [];
  const justLaunched = [];
  for (let run = 0; run < pageRuns; run++) {
    const running = await openTab(launcher, chromium, cookie);
    try {
      await running.page.goto('about:blank');
      await untilBrowserSettled();
      first.push(await timeToFirstRow(running.page, base));
      returning.push(await timeToFirstRow(running.page, base), await timeToFirstRow(running.page, base));
    } finally {
      await running.browser.close();
    }
    const launched = await openTab(launcher, chromium, cookie);
    try {
      justLaunched.push(await timeToFirstRow(launched.page, base));
    } finally {
      await launched.browser.close();
    }
  }
  const line = (label, visits) => {
    const painted = visits.map((visit) => visit.painted);
    const interactive = visits.map((visit) => visit.interactive);
    return `  ${label}：首行绘制中位数 ${median(painted)} ms（${painted.join('、')}），可交互中位数 ${median(interactive)} ms（${interactive.join('、')}）`;
  };
  return [
    `/vehicleList 首行绘制与可交互（自导航开始，各 ${pageRuns} 次；可交互：首行已绘制且其后 2 秒内再无长任务）：`,
    line('首次访问（空缓存，浏览器已在运行）', first),
    line('再次访问（已缓存）', returning),
    line('首次访问（空缓存，浏览器刚启动、仍在启动中）', justLaunched),
  ].join('\n');
}

export async function runVehicleBench() {
  await withScaleData(
    {
      what: '车辆',
      generate: ['--vehicles', scale.vehicles, '--violations', scale.violations, '--maintenance', scale.maintenance],
    },
    async (postgres) => {
      if (pageRuns > 0 && !existsSync(path.join(root, 'packages/web/dist/index.html'))) {
        spawnSync('npm', ['run', 'build', '-w', '@cp/web'], { cwd: root, stdio: 'inherit' });
      }
      const api = await startApi({ databaseUrl: postgres.url });
      try {
        const token = await loginAs(api.base);
        // BENCH_LIST_SCENARIOS=0 measures only the comparison with the bare route.
        if (process.env.BENCH_LIST_SCENARIOS !== '0') {
          const rows = await measureLists(api.base, token);
          console.log(
            `\n车辆列表基准（PostgreSQL，${scale.vehicles} 车辆 / ${scale.violations} 违章 / ${scale.maintenance} 维保，${connections} 并发，每项 ${duration} 秒）`,
          );
          console.table(rows);
        }
        const bare = await startBareList({ databaseUrl: postgres.url, token });
        try {
          const compared = await measureAgainstBare(api, bare, token);
          const fullKind = process.env.BENCH_BARE_PREPARED === '1' ? '命名预备语句' : '未命名语句';
          const described = chosenBares
            .map((name) => `${name}：${bareRoutes[name].label}${name === 'full' ? `，${fullKind}` : '，命名预备语句'}`)
            .join('；');
          console.log(
            `\n同一请求 ${comparedQuery}：API（kit）与裸 Fastify + pg 路由（bare-list.mjs；${described}）轮流运行 ${ratioRounds} 轮，各自预热 3 秒、测 ${duration} 秒、${connections} 并发`,
          );
          if (compared.different.length) console.log(`注意：应答内容与 API 的不同：${compared.different.join('、')}`);
          console.table(compared.rounds);
          console.log(compared.summary);
        } finally {
          await bare.stop();
        }
        console.log(await measurePage(api.base, token));
      } finally {
        await api.stop();
      }
    },
  );
}
