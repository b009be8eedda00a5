// APP管理 at scale on PostgreSQL (#28): a year of coupons in one branch company — 5 M issued coupons (券订单
// rows), 1 M of them drivers' purchases — over 200 templates. 券订单管理's pages as the screen asks
// for them (page 1, 20 rows, newest first, each request another coupon, driver, status, order no. or week) at
// 20 clients; 1,000 claims at once of a coupon of 100 through the inbound API of two API processes; then 500
// requests/s of 留资 and feedback through the inbound API (signed headers, a fresh nonce each, many drivers)
// while the same pages run, their p95 beside their p95 alone.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { load } from './drivers.mjs';
import { percentile, summary } from './leads.mjs';
import { loginAs, withScaleData } from './scale-db.mjs';
import { root, startApi } from './server.mjs';

const connections = Number(process.env.BENCH_CONNECTIONS || 20);
const duration = Number(process.env.BENCH_SECONDS || 10);
const drivers = process.env.BENCH_DRIVERS || '200000';
const issued = process.env.BENCH_COUPON_ORDERS || '5000000';
const purchases = process.env.BENCH_COUPON_PURCHASES || String(Math.round(Number(issued) / 5));
const templates = process.env.BENCH_COUPON_TEMPLATES || '200';
const claims = Number(process.env.BENCH_CLAIMS || 1000);
const rate = Number(process.env.BENCH_APP_RATE || 500);
// The app's backend sends for every driver from one address: the bench's own limit per address is raised
// through the configuration (APP_RATE_PER_ADDRESS), as a deployment behind one gateway would; the code's checks
// (key, timestamp, nonce, driver, the per-driver limit) all run.
const apiEnv = { APP_RATE_PER_ADDRESS: process.env.APP_RATE_PER_ADDRESS || '1000000' };
const endpoint = '/api/coupon-orders';

async function query(url, text, values = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** What the requests vary over: the generated templates, 500 drivers holding coupons, 500 order numbers. */
async function sample(url) {
  const tenant = '(select min(id) from tenants)';
  const coupons = await query(
    url,
    `select id::text from coupon_templates where tenant_id = ${tenant} and name like '规模优惠券第%' order by issued desc`,
  );
  const holders = await query(
    url,
    `select id::text from drivers d where tenant_id = ${tenant}
       and exists (select 1 from coupon_orders o where o.tenant_id = d.tenant_id and o.driver_id = d.id)
     order by random() limit 500`,
  );
  const orders = await query(
    url,
    `select order_no from coupon_orders tablesample system (1) where tenant_id = ${tenant} limit 500`,
  );
  const everyone = await query(
    url,
    `select id::text from drivers where tenant_id = ${tenant} order by random() limit ${Math.max(claims, 2000)}`,
  );
  const [{ rows }] = await query(url, `select reltuples::bigint as rows from pg_class where relname = 'coupon_orders'`);
  return {
    coupons: coupons.map((row) => row.id),
    holders: holders.map((row) => row.id),
    orderNos: orders.map((row) => row.order_no),
    drivers: everyone.map((row) => row.id),
    rows: Number(rows),
  };
}

const page = (filters) => `${endpoint}?page=1&limit=20${filters ? `&${filters}` : ''}`;
const day = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

function cases({ coupons, holders, orderNos }) {
  const weeks = Array.from({ length: 52 }, (_, n) => `${day(7 * n + 7)},${day(7 * n + 1)}`);
  return [
    ['券订单管理（默认：最新在前）', [page('')]],
    ['券订单管理 · 状态页签计数（默认）', [`${endpoint}/tab-counts`]],
    ['券订单管理 · 按优惠券', coupons.map((id) => page(`couponId=${id}`))],
    ['券订单管理 · 按优惠券的状态页签计数', coupons.map((id) => `${endpoint}/tab-counts?couponId=${id}`)],
    ['券订单管理 · 优惠券 + 状态', coupons.map((id, n) => page(`couponId=${id}&status=${[2, 3, 4][n % 3]}`))],
    ['券订单管理 · 按司机', holders.map((id) => page(`driverId=${id}`))],
    ['券订单管理 · 按状态', [0, 1, 2, 3, 4].map((status) => page(`status=${status}`))],
    ['券订单管理 · 券订单号', orderNos.map((no) => page(`orderNo=${no}`))],
    ['券订单管理 · 下单时间（一周）', weeks.map((week) => page(`createdAt=${week}`))],
    ['券订单管理 · 一周 + 状态', weeks.map((week, n) => page(`createdAt=${week}&status=${[2, 3, 4][n % 3]}`))],
  ];
}

/**
 * 优惠券's detail of the five most issued coupons, one request at a time: its figures (by state, sold, money
 * received, the discount per month) are sums of its orders and money rows when it is opened.
 */
async function couponDetails(base, token, coupons, runs = 20) {
  const times = [];
  for (let n = 0; n < runs + 5; n++) {
    const started = performance.now();
    const body = await (await fetch(`${base}/api/coupons/${coupons[n % 5]}`, { headers: { token } })).json();
    if (body.code !== 0) throw new Error(`优惠券详情：${body.msg}`);
    if (n >= 5) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { 'p50 ms': percentile(times, 50).toFixed(1), 'p95 ms': percentile(times, 95).toFixed(1) };
}

/** The headers the app's backend signs a call with: its key, the time now, a nonce never sent before. */
const signed = (key, driverId) => ({
  'x-app-key': key,
  'x-app-timestamp': String(Math.floor(Date.now() / 1000)),
  'x-app-nonce': randomBytes(16).toString('base64url'),
  'x-app-driver': driverId,
  'content-type': 'application/json',
});

/**
 * `claims` drivers each claim the same new free coupon of 100 at once, half through each API process: exactly
 * 100 must be issued, the rest refused as 已领完, and the template's `issued` equal its orders.
 */
async function claimRace(apis, token, key, url, driverIds) {
  const post = async (path, body) =>
    (
      await fetch(`${apis[0].base}${path}`, {
        method: 'POST',
        headers: { token, 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      })
    ).json();
  const hour = 3_600_000;
  const made = await post('/api/coupons', {
    name: `基准抢券${randomBytes(3).toString('hex')}`,
    kind: 1,
    stages: [{ monthOffset: 1, amount: 10_000 }],
    totalStock: 100,
    perDriverLimit: 1,
    claimStart: new Date(Date.now() - hour).toISOString(),
    claimEnd: new Date(Date.now() + 24 * hour).toISOString(),
    validityType: 2,
    validDays: 30,
  });
  if (made.code !== 0) throw new Error(`新建优惠券：${made.msg}`);
  const listed = await post(`/api/coupons/${made.data.id}/put-on-shelf`);
  if (listed.code !== 0) throw new Error(`上架：${listed.msg}`);
  const started = performance.now();
  const answers = await Promise.all(
    driverIds.slice(0, claims).map(async (driverId, n) => {
      const response = await fetch(`${apis[n % apis.length].base}/api/app/coupons/${made.data.id}/claim`, {
        method: 'POST',
        headers: signed(key, driverId),
        body: '{}',
      });
      return response.json();
    }),
  );
  const ms = performance.now() - started;
  const refusals = {};
  for (const answer of answers.filter((one) => one.code !== 0)) {
    const why = answer.msg.replace(/「.*」/, '「…」');
    refusals[why] = (refusals[why] ?? 0) + 1;
  }
  const [after] = await query(
    url,
    `select t.issued, (select count(*)::int from coupon_orders o where o.tenant_id = t.tenant_id and o.coupon_id = t.id) as orders,
       (select count(distinct driver_id)::int from coupon_orders o where o.tenant_id = t.tenant_id and o.coupon_id = t.id) as holders
     from coupon_templates t where t.id = $1`,
    [made.data.id],
  );
  const granted = answers.filter((one) => one.code === 0).length;
  const ok = granted === 100 && after.issued === 100 && after.orders === 100 && after.holders === 100;
  return { claims: answers.length, granted, ...after, refusals: JSON.stringify(refusals), ms: Math.round(ms), ok };
}

/** `rate` inbound calls a second for `seconds`: 留资 and feedback in turn, each from another driver. */
function inbound(base, key, driverIds, seconds) {
  let next = 0;
  const mobile = () => `1${3 + (next % 7)}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const calls = [
    (driverId) => ({
      path: '/api/app/retention-leads',
      body: { name: `基准留资${next}`, mobile: mobile(), sourcePage: 1 + (next % 5), consent: true },
      driverId,
    }),
    (driverId) => ({
      path: '/api/app/feedback',
      body: { kind: 'suggestion', menu: '我的-优惠券', problem: `基准反馈第${next}条：领券页加载慢`, level: '中' },
      driverId,
    }),
  ];
  const times = [];
  const run = autocannon({
    url: base,
    duration: seconds,
    connections: 100,
    overallRate: rate,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const driverId = driverIds[next % driverIds.length];
          const call = calls[next++ % calls.length](driverId);
          return { ...request, path: call.path, headers: signed(key, driverId), body: JSON.stringify(call.body) };
        },
      },
    ],
  });
  run.on('response', (_client, _status, _bytes, time) => times.push(time));
  return run.then((result) => summary(result, times));
}

/** All of 券订单管理's pages in turn at `connections` clients: the console's share of the mixed run. */
const mixedPaths = (list) => {
  const longest = Math.max(...list.map(([, paths]) => paths.length));
  return Array.from({ length: longest }, (_, n) => list.map(([, paths]) => paths[n % paths.length])).flat();
};

export async function runAppBench() {
  await withScaleData(
    {
      what: 'APP管理',
      generate: [
        '--vehicles',
        '0',
        '--violations',
        '0',
        '--maintenance',
        '0',
        '--drivers',
        drivers,
        '--coupon-orders',
        issued,
        '--coupon-purchases',
        purchases,
        '--coupon-templates',
        templates,
      ],
      databaseUrl: process.env.BENCH_APP_DATABASE_URL,
    },
    async (postgres) => {
      const sampled = await sample(postgres.url);
      const granted = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/app-key.ts'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: postgres.url },
        encoding: 'utf8',
      });
      if (granted.status !== 0) throw new Error(`app-key failed:\n${granted.stderr}`);
      const { header: key } = JSON.parse(granted.stdout.trim().split('\n').at(-1));
      const apis = [await startApi({ databaseUrl: postgres.url, env: apiEnv })];
      try {
        const token = await loginAs(apis[0].base);
        const list = cases(sampled);
        const rows = [];
        for (const [name, paths] of list) {
          const first = await (await fetch(`${apis[0].base}${paths[0]}`, { headers: { token } })).json();
          if (first.code !== 0) throw new Error(`${paths[0]}: ${first.msg}`);
          const loadAverage = os.loadavg()[0].toFixed(1);
          rows.push({ name, ...(await load(apis[0].base, token, paths)), 'load avg': loadAverage });
        }
        console.log(
          `\n券订单管理（PostgreSQL，约 ${sampled.rows} 张已发放的券，其中 ${purchases} 张付费购买，${sampled.coupons.length} 个优惠券，${connections} 并发，每项 ${duration} 秒）`,
        );
        console.table(rows);
        console.log('\n优惠券详情（发放最多的 5 个优惠券，逐个请求，含按状态张数、售出、收款与按月抵扣）');
        console.table([await couponDetails(apis[0].base, token, sampled.coupons)]);

        apis.push(await startApi({ databaseUrl: postgres.url, env: apiEnv }));
        const race = await claimRace(apis, token, key, postgres.url, sampled.drivers);
        console.log(`\n${claims} 名司机同时领取同一张发放总量 100 的券（两个 API 进程，经APP接口）`);
        console.table([race]);
        await apis.pop().stop();

        const mixed = mixedPaths(list.filter(([name]) => !name.includes('页签')));
        const alone = await load(apis[0].base, token, mixed);
        const [under, calls] = await Promise.all([
          load(apis[0].base, token, mixed),
          // from the warm-up of the console's run (3 s) to its end
          inbound(apis[0].base, key, sampled.drivers, duration + 3),
        ]);
        console.log(
          `\nAPP接口 ${rate} 次/秒（留资与意见反馈各半，签名请求，每次新的 nonce，${sampled.drivers.length} 名司机轮流）与券订单管理列表同时运行`,
        );
        console.table([
          { name: 'APP接口：留资 + 意见反馈', ...calls },
          { name: '券订单管理各列表轮流（单独运行）', ...alone },
          { name: '券订单管理各列表轮流（与APP接口同时）', ...under },
        ]);
        if (calls['req/s'] < rate * 0.95) {
          console.log(
            `注意：APP接口只达到 ${calls['req/s']} 次/秒（目标 ${rate}）：服务器跟不上这一速率，上表的 p99 是实际速率下的。`,
          );
        }
        if (!race.ok) throw new Error('同时领券：发放数与预期不符');
      } finally {
        for (const api of apis) await api.stop();
      }
    },
  );
}
