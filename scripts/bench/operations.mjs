// 运营管理 at scale on PostgreSQL: a year of points for 200,000 drivers (10 M ledger rows) and half a year of
// 互动记录 (1 M rows over 200 contents) in one branch company. 积分总览, 积分明细 and 互动记录 pages as their
// screens ask for them (page 1, 20 rows, the default order), at 20 concurrent clients, each request another
// driver, content or day; then 1,000 spends of one driver's points at once (scripts/bench/points-spend.ts),
// which must never take the balance below zero.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import pg from 'pg';
import { load } from './drivers.mjs';
import { loginAs, withScaleData } from './scale-db.mjs';
import { root, startApi } from './server.mjs';

const connections = Number(process.env.BENCH_CONNECTIONS || 20);
const duration = Number(process.env.BENCH_SECONDS || 10);
const drivers = process.env.BENCH_DRIVERS || '200000';
const entries = process.env.BENCH_POINTS || '10000000';
const interactions = process.env.BENCH_INTERACTIONS || '1000000';

/** 500 drivers with points, and the last 60 days, picked at random: what the requests vary over. */
async function sample(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select driver_id::text as id, balance from points_accounts
        where tenant_id = (select min(id) from tenants) order by random() limit 500`,
    );
    const { rows: counted } = await client.query(
      `select relname, reltuples::bigint as rows from pg_class where relname in ('points_entries', 'content_interactions')`,
    );
    const { rows: contents } = await client.query(
      `select id::text from contents where tenant_id = (select min(id) from tenants) and title like '司机激活内容第%'
        order by random() limit 100`,
    );
    const size = (name) => Number(counted.find((row) => row.relname === name)?.rows ?? 0);
    return {
      accounts: rows,
      contents: contents.map((row) => row.id),
      ledgerRows: size('points_entries'),
      interactionRows: size('content_interactions'),
    };
  } finally {
    await client.end();
  }
}

/** 积分明细's screen endpoint (`pointsScreens.integralAllDetails.endpoint`): a view of the ledger. */
const ledger = '/api/points-entries/views/integralAllDetails';
const page = (endpoint, query) => `${endpoint}?page=1&limit=20${query ? `&${query}` : ''}`;
const day = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

function cases({ accounts, contents }) {
  const ids = accounts.map((row) => row.id);
  const days = Array.from({ length: 60 }, (_, n) => day(n + 1));
  const interactionsPage = (query) => page('/api/content-interactions', query);
  return [
    ['积分总览（默认：余额从高到低）', ['/api/points-accounts?page=1&limit=20']],
    ['积分总览 · 按司机', ids.map((id) => page('/api/points-accounts', `driverId=${id}`))],
    [
      '积分总览 · 余额区间',
      accounts.map((row) => page('/api/points-accounts', `balanceFrom=${row.balance}&balanceTo=${row.balance + 50}`)),
    ],
    ['积分明细 · 按司机（详情进入）', ids.map((id) => page(ledger, `driverId=${id}`))],
    ['积分明细 · 按司机 + 变动类型', ids.map((id, n) => page(ledger, `driverId=${id}&kind=${1 + (n % 2)}`))],
    ['积分明细 · 发生时间（一天）', days.map((d) => page(ledger, `createdAt=${d},${d}`))],
    ['积分明细 · 积分来源 + 一天', days.map((d, n) => page(ledger, `source=${1 + (n % 7)}&createdAt=${d},${d}`))],
    ['互动记录（默认：最新在前）', ['/api/content-interactions?page=1&limit=20']],
    ['互动记录 · 按内容', contents.map((id) => interactionsPage(`contentId=${id}`))],
    [
      '互动记录 · 内容 + 一天',
      contents.map((id, n) => interactionsPage(`contentId=${id}&occurredAt=${days[n % 60]},${days[n % 60]}`)),
    ],
    [
      '互动记录 · 内容 + 行为 + 一天',
      contents.map((id, n) =>
        interactionsPage(`contentId=${id}&action=${1 + (n % 2)}&occurredAt=${days[n % 60]},${days[n % 60]}`),
      ),
    ],
  ];
}

export async function runOperationsBench() {
  await withScaleData(
    {
      what: '积分',
      generate: [
        '--vehicles',
        '0',
        '--violations',
        '0',
        '--maintenance',
        '0',
        '--drivers',
        drivers,
        '--points',
        entries,
        '--interactions',
        interactions,
      ],
      databaseUrl: process.env.BENCH_OPERATIONS_DATABASE_URL,
    },
    async (postgres) => {
      const sampled = await sample(postgres.url);
      const { accounts, ledgerRows, interactionRows } = sampled;
      const api = await startApi({ databaseUrl: postgres.url });
      const rows = [];
      try {
        const token = await loginAs(api.base);
        for (const [name, paths] of cases(sampled)) {
          const first = await (await fetch(`${api.base}${paths[0]}`, { headers: { token } })).json();
          if (first.code !== 0) throw new Error(`${paths[0]}: ${first.msg}`);
          const loadAverage = os.loadavg()[0].toFixed(1);
          rows.push({ name, ...(await load(api.base, token, paths)), 'load avg': loadAverage });
        }
      } finally {
        await api.stop();
      }
      console.log(
        `\n积分与互动记录（PostgreSQL，${accounts.length ? drivers : 0} 司机，约 ${ledgerRows} 条积分明细、${interactionRows} 条互动记录，${connections} 并发，每项 ${duration} 秒）`,
      );
      console.table(rows);
      const spent = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/points-spend.ts'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: postgres.url },
        encoding: 'utf8',
      });
      if (spent.status !== 0 && !spent.stdout) throw new Error(`points-spend failed:\n${spent.stderr}`);
      const outcome = JSON.parse(spent.stdout.trim().split('\n').at(-1));
      console.log('\n同一司机同时 1,000 次兑换（两个连接池，各 10 个连接）');
      console.table([outcome]);
      if (!outcome.ok) throw new Error('同时兑换：余额或明细与预期不符');
    },
  );
}
