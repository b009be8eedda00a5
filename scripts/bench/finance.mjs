// Finance at scale on PostgreSQL: 100,000 lease orders of one branch company with their schedules (about 3.2 M
// receivables), 1,000,000 payments allocated to them and 300,000 collection contacts over the overdue
// accounts. 应收明细 filtered as a collector filters it (逾期 + a city + a due-date window) and 逾期明细, at 20
// concurrent clients; the daily overdue job over all the receivables with 应收明细 under load meanwhile; the
// trend pages' requests.
import { spawn } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { load } from './drivers.mjs';
import { percentile } from './leads.mjs';
import { loginAs, withScaleData } from './scale-db.mjs';
import { root, startApi } from './server.mjs';

const orders = process.env.BENCH_ORDERS || '100000';
const paymentCount = process.env.BENCH_PAYMENTS || '1000000';
const collections = process.env.BENCH_COLLECTIONS || '300000';
const connections = Number(process.env.BENCH_CONNECTIONS || 20);
const duration = Number(process.env.BENCH_SECONDS || 10);
const day = (offset) => new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

/** The cities and levels of the branch company's overdue money, and how much of it there is. */
async function shape(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tenant = `(select min(id) from tenants)`;
    const cities = (
      await client.query(`select distinct city_id from order_receivables where tenant_id = ${tenant} and status = 3`)
    ).rows.map((row) => row.city_id);
    const levels = (
      await client.query(`select id from bad_debt_levels where tenant_id = ${tenant} order by min_days`)
    ).rows.map((row) => row.id);
    const counts = (
      await client.query(`select (select count(*) from order_receivables where tenant_id = ${tenant})::int as receivables,
        (select count(*) from order_receivables where tenant_id = ${tenant} and status = 3)::int as overdue,
        (select count(*) from payments where tenant_id = ${tenant})::int as payments,
        (select count(*) from overdue_cases where tenant_id = ${tenant} and status = 1)::int as cases,
        (select count(*) from collection_records where tenant_id = ${tenant})::int as contacts`)
    ).rows[0];
    return { cities, levels, counts };
  } finally {
    await client.end();
  }
}

/**
 * 应收明细's default order as the database runs it, one statement at a time (EXPLAIN ANALYZE): the index that
 * gives the order and the time, which a loaded machine disturbs less than the latency under 20 clients.
 */
async function defaultOrderPlans(url, cities) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tenant = (await client.query('select min(id)::int as id from tenants')).rows[0].id;
    const order = 'order by (status not in (0, 1, 3)), due_date, id';
    const statements = [
      ['默认排序 第1页', `where tenant_id = ${tenant} ${order} limit 20`],
      ['默认排序 第10页', `where tenant_id = ${tenant} ${order} limit 20 offset 180`],
      ['默认排序 + 城市 第1页', `where tenant_id = ${tenant} and city_id = ${cities[0]} ${order} limit 20`],
    ];
    const rows = [];
    for (const [name, rest] of statements) {
      const times = [];
      let index = '';
      for (let run = 0; run < 5; run++) {
        const plan = (await client.query(`explain (analyze, format json) select * from order_receivables ${rest}`))
          .rows[0]['QUERY PLAN'][0];
        times.push(plan['Execution Time']);
        index = JSON.stringify(plan.Plan).match(/"Index Name":"([^"]+)"/)?.[1] ?? '（无索引）';
      }
      times.sort((a, b) => a - b);
      rows.push({ name, index, 'median ms': times[2].toFixed(2), 'max ms': times[4].toFixed(2) });
    }
    return rows;
  } finally {
    await client.end();
  }
}

const page = (filter) => new URLSearchParams({ page: '1', limit: '20', ...filter }).toString();

/** The daily job run in its own process while 应收明细 is under load: the job's time and the list's latency meanwhile. */
async function jobUnderLoad(base, token, paths, databaseUrl) {
  let next = 0;
  const times = [];
  const job = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/finance-job.ts', day(1)], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  job.stdout.on('data', (data) => {
    output += data;
  });
  const finished = new Promise((resolve) => job.once('exit', resolve));
  let done = false;
  void finished.then(() => {
    done = true;
  });
  const results = [];
  while (!done) {
    const run = autocannon({
      url: base,
      headers: { token },
      duration: 5,
      connections,
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
    });
    run.on('response', (_client, _status, _bytes, time) => times.push(time));
    results.push(await run);
  }
  await finished;
  const timing = JSON.parse(output.trim().split('\n').at(-1) ?? '{}');
  times.sort((a, b) => a - b);
  return {
    timing,
    requests: times.length,
    'p95 ms': percentile(times, 95)?.toFixed(1),
    'p99 ms': percentile(times, 99)?.toFixed(1),
    errors: results.reduce((sum, result) => sum + result.errors + result.non2xx, 0),
  };
}

/** One request at a time, 15 times after 3 unmeasured: what a user opening the page waits. */
async function serial(base, token, url) {
  const times = [];
  for (let i = 0; i < 18; i++) {
    const started = performance.now();
    const body = await (await fetch(`${base}${url}`, { headers: { token } })).json();
    if (body.code !== 0) throw new Error(`${url}: ${body.msg}`);
    if (i >= 3) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { 'p50 ms': percentile(times, 50).toFixed(1), 'max ms': times.at(-1).toFixed(1) };
}

export async function runFinanceBench() {
  // BENCH_FINANCE_DATABASE_URL names a server that holds the data already (BENCH_SKIP_GENERATE=1 reuses it).
  await withScaleData(
    {
      what: '财务',
      generate: [
        ...['--vehicles', '0', '--violations', '0', '--maintenance', '0', '--drivers', '5000'],
        ...['--orders', orders, '--tasks', '0', '--payments', paymentCount, '--collections', collections],
      ],
      databaseUrl: process.env.BENCH_FINANCE_DATABASE_URL,
    },
    async (postgres) => {
      const api = await startApi({ databaseUrl: postgres.url, env: { JOB_WORKER: '0' } });
      try {
        const token = await loginAs(api.base);
        const { cities, levels, counts } = await shape(postgres.url);
        console.log(
          `数据：应收 ${counts.receivables}，逾期应收 ${counts.overdue}，实收 ${counts.payments}，催收中账户 ${counts.cases}，催收记录 ${counts.contacts}`,
        );
        const receivablePaths = Array.from({ length: 200 }, (_, index) => {
          const from = 30 + ((index * 37) % 900);
          return `/api/receivables?${page({ status: '3', cityId: String(cities[index % cities.length]), dueDate: `${day(-from)},${day(-from + 90)}` })}`;
        });
        const casePaths = Array.from({ length: 200 }, (_, index) => {
          const filter =
            index % 3 === 0
              ? {}
              : index % 3 === 1
                ? { cityId: String(cities[index % cities.length]) }
                : { levelId: String(levels[index % levels.length]) };
          return `/api/overdue-cases?${page({ tab: '1', ...filter })}`;
        });
        for (const path of [receivablePaths[0], casePaths[0]]) {
          const body = await (await fetch(`${api.base}${path}`, { headers: { token } })).json();
          if (body.code !== 0) throw new Error(`${path}: ${body.msg}`);
        }
        const rows = [];
        const measure = async (name, paths, note = '') => {
          const loadAverage = os.loadavg()[0].toFixed(1);
          rows.push({ name, ...(await load(api.base, token, paths)), note, 'load avg': loadAverage });
        };
        await measure('应收明细：逾期+城市+应收日期', receivablePaths);
        await measure(
          '应收明细：同一筛选的第2页',
          receivablePaths.map((path) => path.replace('page=1', 'page=2')),
        );
        // As 应收明细 opens: no filter, its default order (what still owes first, by due date), pages 1–10; and by city.
        await measure(
          '应收明细：默认排序（未收清优先），第1–10页',
          Array.from({ length: 10 }, (_, index) => `/api/receivables?${page({ page: String(index + 1) })}`),
        );
        await measure(
          '应收明细：默认排序 + 城市',
          cities.map((city) => `/api/receivables?${page({ cityId: String(city) })}`),
        );
        await measure('逾期明细：催收中（全部/城市/等级）', casePaths);
        await measure('实收明细：第1页', ['/api/payments?page=1&limit=20']);
        console.log(
          `\n财务（PostgreSQL，${orders} 订单，${paymentCount} 实收，${collections} 催收记录，${connections} 并发，每项 ${duration} 秒）`,
        );
        console.table(rows);
        console.log('\n应收明细默认排序的语句（EXPLAIN ANALYZE，各 5 次）：');
        console.table(await defaultOrderPlans(postgres.url, cities));
        const job = await jobUnderLoad(api.base, token, receivablePaths, postgres.url);
        console.log('\n每日出账与逾期任务（一个自然日，全部应收），同时 20 并发请求应收明细：');
        console.table([
          {
            出账: job.timing.issued,
            '出账 秒': (job.timing.billingMs / 1000).toFixed(1),
            逾期应收: job.timing.receivables,
            '任务 秒': (job.timing.jobMs / 1000).toFixed(1),
            '趋势汇总 秒': (job.timing.trendsMs / 1000).toFixed(1),
            期间请求: job.requests,
            'p95 ms': job['p95 ms'],
            'p99 ms': job['p99 ms'],
            errors: job.errors,
          },
        ]);
        const trends = [];
        for (const [name, url] of [
          ['静态租金趋势（12个月）', '/api/rent-trends/static'],
          ['静态租金趋势（36个月）', `/api/rent-trends/static?months=${day(-1000).slice(0, 7)},${day(50).slice(0, 7)}`],
          ['动态租金趋势（12个月）', '/api/rent-trends/dynamic'],
          [
            '动态租金趋势（36个月，单城市）',
            `/api/rent-trends/dynamic?months=${day(-1000).slice(0, 7)},${day(50).slice(0, 7)}&cityId=${cities[0]}`,
          ],
        ]) {
          trends.push({ name, ...(await serial(api.base, token, url)) });
        }
        console.log('\n租金趋势（逐个请求）：');
        console.table(trends);
      } finally {
        await api.stop();
      }
    },
  );
}
