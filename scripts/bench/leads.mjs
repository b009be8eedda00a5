// Leads at scale on PostgreSQL: 1,000,000 leads and about 3,000,000 follow-ups in one branch company.
// The lead list filtered by status + salesperson + created range sorted by time at 20 concurrent clients,
// 线索统计 over 30 days and over a year, and a 10,000-row lead upload while the list keeps being asked.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { loginAs, withScaleData } from './scale-db.mjs';
import { root, startApi } from './server.mjs';

const duration = Number(process.env.BENCH_SECONDS || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 20);
const scale = { leads: process.env.BENCH_LEADS || '1000000', followUps: process.env.BENCH_FOLLOW_UPS || '3000000' };
const uploadRows = Number(process.env.BENCH_UPLOAD_ROWS || 10_000);
// BENCH_LEADS_PARTS=statistics measures only 线索统计 (list, statistics, upload: all by default); the upload adds
// its rows to the database, so a reused database grows by them each run.
const parts = new Set((process.env.BENCH_LEADS_PARTS || 'list,statistics,upload').split(','));

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const day = (offset) => new Date(Date.now() + 8 * 3_600_000 - offset * 86_400_000).toISOString().slice(0, 10);

/** autocannon at `clients` connections (3 s warm-up, not counted): req/s and latency percentiles. */
async function load(base, token, url, clients = connections, seconds = duration) {
  await autocannon({ url: `${base}${url}`, headers: { token }, duration: 3, connections: clients });
  const times = [];
  const run = autocannon({ url: `${base}${url}`, headers: { token }, duration: seconds, connections: clients });
  run.on('response', (_client, _status, _bytes, time) => times.push(time));
  const result = await run;
  return summary(result, times);
}

/** An autocannon run's figures: req/s, latency percentiles of `times` (each response's ms), errors. */
export function summary(result, times) {
  times.sort((a, b) => a - b);
  return {
    'req/s': Math.round(result.requests.average),
    'p50 ms': percentile(times, 50)?.toFixed(1),
    'p95 ms': percentile(times, 95)?.toFixed(1),
    'p99 ms': percentile(times, 99)?.toFixed(1),
    errors: result.errors + result.non2xx,
  };
}

/** One request at a time, `runs` times after 3 unmeasured: what a user opening the page waits. */
async function serial(base, token, url, runs = 15) {
  const times = [];
  let body;
  for (let i = 0; i < runs + 3; i++) {
    const started = performance.now();
    body = await (await fetch(`${base}${url}`, { headers: { token } })).json();
    if (body.code !== 0) throw new Error(`${url}: ${body.msg}`);
    if (i >= 3) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { 'p50 ms': percentile(times, 50).toFixed(1), 'p95 ms': percentile(times, 95).toFixed(1), body };
}

/** The busiest salesperson of the branch company: the list filtered by them matches the most rows. */
async function busiestSalesperson(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select salesperson_id as id from leads where salesperson_id is not null
        group by salesperson_id order by count(*) desc limit 1`,
    );
    return String(rows[0]?.id);
  } finally {
    await client.end();
  }
}

async function upload(base, token, file) {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)]), '线索导入.xlsx');
  const started = performance.now();
  const response = await fetch(`${base}/api/leads/import`, { method: 'POST', headers: { token }, body: form });
  const body = await response.json();
  return { seconds: (performance.now() - started) / 1000, body };
}

/** The upload of `rows` rows while 10 clients keep asking for the lead list: its time and their latencies. */
async function uploadUnderLoad(base, token, listUrl, rows) {
  const folder = mkdtempSync(path.join(tmpdir(), 'cp-bench-leads-'));
  try {
    const file = path.join(folder, 'leads.xlsx');
    const made = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/lead-sheet.ts', file, String(rows)], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // 3: the leads have no upload yet (no import template to fill in).
    if (made.status === 3) return { rows, answer: '跳过：线索明细尚无上传（导入模板）' };
    if (made.status !== 0) throw new Error('writing the upload sheet failed');
    const times = [];
    const background = autocannon({ url: `${base}${listUrl}`, headers: { token }, duration: 600, connections: 10 });
    background.on('response', (_client, _status, _bytes, time) => times.push(time));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const before = times.length;
    const result = await upload(base, token, file);
    const during = times.slice(before).sort((a, b) => a - b);
    background.stop();
    await background;
    return {
      rows,
      'upload s': result.seconds.toFixed(1),
      answer: result.body.code === 0 ? JSON.stringify(result.body.data).slice(0, 80) : result.body.msg,
      'list requests during': during.length,
      'list p50 ms': percentile(during, 50)?.toFixed(1),
      'list p99 ms': percentile(during, 99)?.toFixed(1),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function runLeadBench() {
  await withScaleData(
    {
      what: '线索',
      generate: [
        ...['--vehicles', '0', '--violations', '0', '--maintenance', '0'],
        ...['--leads', scale.leads, '--follow-ups', scale.followUps],
      ],
    },
    async (postgres) => {
      const api = await startApi({ databaseUrl: postgres.url });
      try {
        const token = await loginAs(api.base);
        const sales = await busiestSalesperson(postgres.url);
        const month = `${day(29)},${day(0)}`;
        const year = `${day(365)},${day(0)}`;
        const listUrl = `/api/leads?status=2&salespersonId=${sales}&createdAt=${month}&sort=createdAt&order=desc&limit=20`;
        const lists = [
          ['线索明细 跟进中+销售人员+近30天 按创建时间', listUrl],
          [
            '线索明细 待跟进,跟进中+销售人员+近一年 第5页',
            `/api/leads?status=1,2&salespersonId=${sales}&createdAt=${year}&sort=createdAt&order=desc&page=5&limit=20`,
          ],
        ];
        if (parts.has('list')) {
          const listRows = [];
          for (const [name, url] of lists) listRows.push({ name, ...(await load(api.base, token, url)) });
          console.log(
            `\n线索列表（PostgreSQL，${scale.leads} 线索 / 约 ${scale.followUps} 跟进，${connections} 并发，每项 ${duration} 秒）`,
          );
          console.table(listRows);
        }

        const statistics = [
          ['线索统计 近30天（默认）', `/api/lead-statistics?createdAt=${month}`],
          [
            '线索统计 近30天 按周 + 销售人员',
            `/api/lead-statistics?createdAt=${month}&interval=week&salespersonId=${sales}`,
          ],
          ['线索统计 近一年 按周', `/api/lead-statistics?createdAt=${year}&interval=week`],
        ];
        const statisticsRows = [];
        for (const [name, url] of parts.has('statistics') ? statistics : []) {
          const one = await serial(api.base, token, url);
          const concurrent = await load(api.base, token, url, 4, 5);
          statisticsRows.push({
            name,
            leads: one.body.data.total.total,
            '单请求 p50 ms': one['p50 ms'],
            '单请求 p95 ms': one['p95 ms'],
            '4并发 req/s': concurrent['req/s'],
            '4并发 p95 ms': concurrent['p95 ms'],
          });
        }
        if (parts.has('statistics')) {
          console.log('\n线索统计（逐个请求 15 次；再 4 并发 5 秒）');
          console.table(statisticsRows);
        }
        if (parts.has('upload')) {
          console.log(`\n线索上传（${uploadRows} 行，期间 10 个客户端持续请求线索列表）`);
          console.table([await uploadUnderLoad(api.base, token, listUrl, uploadRows)]);
        }
      } finally {
        await api.stop();
      }
    },
  );
}
