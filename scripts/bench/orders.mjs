// Orders at scale on PostgreSQL: 100,000 lease orders of one branch company with their schedules (about
// 3.2 M receivables) and 1,000,000 approval tasks. The 租赁订单 list filtered as a user filters it — a
// status tab, a city and a start-date range — and its tab counts; and 待办事项 of a user with 10,000 tasks
// waiting: 20 concurrent clients, each request another filter, page 1 of 20 rows.
import os from 'node:os';
import pg from 'pg';
import { load } from './drivers.mjs';
import { loginAs, withScaleData } from './scale-db.mjs';
import { startApi } from './server.mjs';

const orders = process.env.BENCH_ORDERS || '100000';
const tasks = process.env.BENCH_TASKS || '1000000';
const connections = Number(process.env.BENCH_CONNECTIONS || 20);
const duration = Number(process.env.BENCH_SECONDS || 10);

/** 200 filters of the list: a status tab, a city the branch company's orders are in, a 90-day start window. */
async function orderFilters(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select distinct city_id from lease_orders where tenant_id = (select min(id) from tenants) and order_no like 'ZS%'`,
    );
    const cities = rows.map((row) => row.city_id);
    const day = (offset) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
    return Array.from({ length: 200 }, (_, index) => {
      const from = 90 + ((index * 37) % 1000);
      return {
        status: [3, 3, 4, 1][index % 4],
        cityId: cities[index % cities.length],
        startDate: `${day(from)},${day(from - 90)}`,
      };
    });
  } finally {
    await client.end();
  }
}

const query = (filter) => new URLSearchParams({ page: '1', limit: '20', ...filter }).toString();

export async function runOrderBench() {
  // BENCH_ORDERS_DATABASE_URL names a server that holds them already (BENCH_SKIP_GENERATE=1 reuses it).
  await withScaleData(
    {
      what: '订单',
      generate: [
        ...['--vehicles', '0', '--violations', '0', '--maintenance', '0', '--drivers', '5000'],
        ...['--orders', orders, '--tasks', tasks, '--open-tasks', '10000'],
      ],
      databaseUrl: process.env.BENCH_ORDERS_DATABASE_URL,
    },
    async (postgres) => {
      const api = await startApi({ databaseUrl: postgres.url });
      try {
        const admin = await loginAs(api.base, 'admin', 'admin123');
        const manager = await loginAs(api.base, 'manager', 'manager123');
        const filters = await orderFilters(postgres.url);
        const first = await (
          await fetch(`${api.base}/api/lease-orders?${query(filters[0])}`, { headers: { token: admin } })
        ).json();
        const todo = await (
          await fetch(`${api.base}/api/approval-tasks?page=1&limit=20`, { headers: { token: manager } })
        ).json();
        if (first.code !== 0 || todo.code !== 0) throw new Error(`${first.msg} / ${todo.msg}`);
        const rows = [];
        const measure = async (name, token, paths, note) => {
          const loadAverage = os.loadavg()[0].toFixed(1);
          rows.push({ name, ...(await load(api.base, token, paths)), note, 'load avg': loadAverage });
        };
        await measure(
          '租赁订单：状态+城市+起租日期',
          admin,
          filters.map((filter) => `/api/lease-orders?${query(filter)}`),
          `首个筛选 ${first.data.total}${first.data.totalExact ? '' : '+'} 条`,
        );
        await measure(
          '租赁订单：同一筛选的状态页签计数',
          admin,
          filters.map((filter) => `/api/lease-orders/tab-counts?${new URLSearchParams(filter)}`),
          '',
        );
        await measure(
          '待办事项（1万条待审批）：第1页',
          manager,
          ['/api/approval-tasks?page=1&limit=20'],
          `共 ${todo.data.total}${todo.data.totalExact ? '' : '+'} 条`,
        );
        await measure(
          '待办事项：第1–10页轮流',
          manager,
          Array.from({ length: 10 }, (_, index) => `/api/approval-tasks?page=${1 + index}&limit=20`),
          '',
        );
        await measure(
          '待办事项：第1–50页轮流',
          manager,
          Array.from({ length: 50 }, (_, index) => `/api/approval-tasks?page=${1 + index}&limit=20`),
          '',
        );
        console.log(
          `\n订单与审批（PostgreSQL，${orders} 订单，${tasks} 审批任务，${connections} 并发，每项 ${duration} 秒）`,
        );
        console.table(rows);
      } finally {
        await api.stop();
      }
    },
  );
}
