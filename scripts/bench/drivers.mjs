// Drivers at scale on PostgreSQL: 200,000 drivers in one branch company. The 网约车司机 list searched as a
// user searches it — by a mobile's last 4 digits, a part of a given name, a surname, a whole name and an ID
// number — at 20 concurrent clients, each request another driver's value, as the list page asks for it
// (page 1, 20 rows, the default order), and the status tabs' counts the page asks for beside it.
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { percentile, summary } from './leads.mjs';
import { loginAs, withScaleData } from './scale-db.mjs';
import { startApi } from './server.mjs';

const duration = Number(process.env.BENCH_SECONDS || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 20);
const drivers = process.env.BENCH_DRIVERS || '200000';
const endpoint = '/api/ride-hailing-drivers';

/**
 * What the bench searches by: 500 网约车司机 of the branch company picked at random, so common surnames come
 * up as often as they are common.
 */
async function sampleDrivers(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select name, mobile, national_id from drivers
        where tenant_id = (select min(id) from tenants) and kind = 1 order by random() limit 500`,
    );
    return rows;
  } finally {
    await client.end();
  }
}

/** The search panel's query for one value, as the list page sends it (`resourceListQuery`): page 1, 20 rows. */
const listPath = (filter, value) => `${endpoint}?page=1&limit=20&${filter}=${encodeURIComponent(value)}`;
const tabCountsPath = (filter, value) => `${endpoint}/tab-counts?${filter}=${encodeURIComponent(value)}`;

/** The searches, each with its values, one per sampled driver. */
function searches(sample) {
  const givenParts = sample.filter((row) => [...row.name].length === 3).map((row) => [...row.name].slice(1).join(''));
  return [
    ['手机尾号（后4位）', 'mobile', sample.map((row) => row.mobile.slice(-4))],
    ['姓名片段（两字名）', 'name', givenParts],
    ['姓', 'name', sample.map((row) => [...row.name][0])],
    ['姓名（全名）', 'name', sample.map((row) => row.name)],
    ['身份证号', 'nationalId', sample.map((row) => row.national_id)],
  ];
}

/** The first 40 values one at a time: how many drivers they match (the list's capped total). */
async function matches(base, token, filter, values) {
  const totals = [];
  for (const value of values.slice(0, 40)) {
    const body = await (await fetch(`${base}${listPath(filter, value)}`, { headers: { token } })).json();
    if (body.code !== 0) throw new Error(`${filter}=${value}: ${body.msg}`);
    // Past its cap a total is the cap, not exact: sorted just above it, shown as `1000+`.
    totals.push(body.data.totalExact ? body.data.total : body.data.total + 0.5);
  }
  totals.sort((a, b) => a - b);
  const shown = (n) => (Number.isInteger(n) ? String(n) : `${n - 0.5}+`);
  return `${shown(totals[0])}–${shown(totals.at(-1))}（中位 ${shown(percentile(totals, 50))}）`;
}

/** autocannon at `connections` clients (3 s warm-up, not counted), every request the next value. */
export async function load(base, token, paths) {
  let next = 0;
  const run = (seconds) =>
    autocannon({
      url: base,
      headers: { token },
      duration: seconds,
      connections,
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
    });
  await run(3);
  const times = [];
  const measured = run(duration);
  measured.on('response', (_client, _status, _bytes, time) => times.push(time));
  return summary(await measured, times);
}

export async function runDriverBench() {
  // BENCH_DRIVERS_DATABASE_URL names a server holding the drivers already (BENCH_SKIP_GENERATE=1 reuses them).
  await withScaleData(
    {
      what: '司机',
      generate: ['--vehicles', '0', '--violations', '0', '--maintenance', '0', '--drivers', drivers],
      databaseUrl: process.env.BENCH_DRIVERS_DATABASE_URL,
    },
    async (postgres) => {
      const api = await startApi({ databaseUrl: postgres.url });
      try {
        const token = await loginAs(api.base);
        const sample = await sampleDrivers(postgres.url);
        const lists = [];
        const counts = [];
        for (const [name, filter, values] of searches(sample)) {
          const matched = await matches(api.base, token, filter, values);
          const loadAverage = os.loadavg()[0].toFixed(1);
          const list = await load(
            api.base,
            token,
            values.map((value) => listPath(filter, value)),
          );
          lists.push({ name, matches: matched, ...list, 'load avg': loadAverage });
          counts.push({
            name,
            ...(await load(
              api.base,
              token,
              values.map((value) => tabCountsPath(filter, value)),
            )),
          });
        }
        console.log(
          `\n网约车司机列表（PostgreSQL，${drivers} 司机，${connections} 并发，每项 ${duration} 秒，每个请求换一个值）`,
        );
        console.table(lists);
        console.log('\n同一搜索的状态页签计数（…/tab-counts，列表页与列表同时请求）');
        console.table(counts);
      } finally {
        await api.stop();
      }
    },
  );
}
