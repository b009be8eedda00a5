// The billing job's day, the overdue job's day and the trend refresh, timed:
// `node --import tsx scripts/bench/finance-job.ts <day>`.
// Prints one JSON line: { day, receivables, lateFees, jobMs, issued, activated, billingMs, trendsMs }.
import { asc } from 'drizzle-orm';
import { loadConfig } from '../../packages/api/src/config';
import { openDatabase } from '../../packages/api/src/db';
import { runBillingDay } from '../../packages/api/src/finance/billing';
import { runOverdueDay } from '../../packages/api/src/finance/overdue';
import { refreshRentTrends } from '../../packages/api/src/finance/trends';
import { tenants } from '../../packages/api/src/identity/tables';

const day = process.argv[2] as string;
const database = await openDatabase(loadConfig());
try {
  const [tenant] = await database.db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id)).limit(1);
  if (!tenant) throw new Error('no branch company');
  const billingStarted = performance.now();
  const billing = await runBillingDay(database.db, tenant.id, day);
  const billingMs = performance.now() - billingStarted;
  const started = performance.now();
  const run = await runOverdueDay(database.db, tenant.id, day);
  const jobMs = performance.now() - started;
  const refreshed = performance.now();
  await refreshRentTrends(database.db, tenant.id);
  const trendsMs = performance.now() - refreshed;
  console.log(
    JSON.stringify({
      day,
      ...run,
      jobMs: Math.round(jobMs),
      issued: billing?.issued ?? 0,
      activated: billing?.activated ?? 0,
      billingMs: Math.round(billingMs),
      trendsMs: Math.round(trendsMs),
    }),
  );
} finally {
  await database.close();
}
