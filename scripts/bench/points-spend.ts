// 1,000 spends of one driver's points at once, from two connection pools (as two API processes would):
// `node --import tsx scripts/bench/points-spend.ts` on the database of DATABASE_URL holding the scale data.
// Each spend is sized so that about 400 fit the driver's available points. Prints one JSON line and exits 1 when
// a spend went through that the points did not cover, the balance went below zero, or the account and the
// ledger disagree.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../packages/api/src/config';
import { openDatabase } from '../../packages/api/src/db';
import { rowsOf } from '../../packages/api/src/db/migrate';
import { spendPoints } from '../../packages/api/src/points/ledger';

const spends = Number(process.env.BENCH_SPENDS || 1000);
const config = loadConfig();
const pools = [await openDatabase(config), await openDatabase(config)];
const [first] = pools as [(typeof pools)[number]];
const one = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await first.db.execute(statement))[0] as T;
try {
  const holder = await one<{ tenantId: number; driverId: number; balance: number }>(sql`
    select tenant_id as "tenantId", driver_id as "driverId", balance from points_accounts
    order by balance desc limit 1`);
  const { frozen } = await one<{ frozen: number }>(sql`
    select coalesce(sum(points), 0)::int as frozen from points_entries
    where tenant_id = ${holder.tenantId} and driver_id = ${holder.driverId} and kind = 1
      and available_from > (now() at time zone 'Asia/Shanghai')::date`);
  const available = holder.balance - frozen;
  const each = Math.max(1, Math.ceil(available / 400));
  const run = randomBytes(4).toString('hex');
  const started = performance.now();
  const outcomes = await Promise.allSettled(
    Array.from({ length: spends }, (_, n) =>
      (pools[n % pools.length] as (typeof pools)[number]).db.transaction((tx) =>
        spendPoints(tx, {
          tenantId: holder.tenantId,
          driverId: holder.driverId,
          userId: null,
          points: each,
          bizType: 'bench-spend',
          bizId: `${run}-${n}`,
          title: '基准：同时兑换',
        }),
      ),
    ),
  );
  const ms = performance.now() - started;
  const spent = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
  const refusals = new Set(
    outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason?.message).slice(0, 4)] : [])),
  );
  const after = await one<{ balance: number; ledger: number; lowest: number }>(sql`
    select a.balance,
      (select sum(points)::int from points_entries e where e.tenant_id = a.tenant_id and e.driver_id = a.driver_id) as ledger,
      (select min(balance_after)::int from points_entries e where e.tenant_id = a.tenant_id and e.driver_id = a.driver_id) as lowest
    from points_accounts a where a.tenant_id = ${holder.tenantId} and a.driver_id = ${holder.driverId}`);
  const fits = Math.floor(available / each);
  const ok =
    spent === fits &&
    after.balance === holder.balance - spent * each &&
    after.balance >= 0 &&
    after.ledger === after.balance &&
    after.lowest >= 0;
  console.log(
    JSON.stringify({
      spends,
      each,
      available,
      fits,
      spent,
      refused: spends - spent,
      refusals: [...refusals],
      balanceBefore: holder.balance,
      balanceAfter: after.balance,
      ledgerSum: after.ledger,
      lowestBalanceAfter: after.lowest,
      ms: Math.round(ms),
      ok,
    }),
  );
  if (!ok) process.exitCode = 1;
} finally {
  for (const pool of pools) await pool.close();
}
