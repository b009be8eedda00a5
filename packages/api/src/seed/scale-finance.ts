import { beijingDay } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { rowsOf } from '../db/migrate';
import { syncOverdueCases } from '../finance/overdue-cases';
import { seedFinanceConfig } from './finance';

export interface FinanceScaleOptions {
  tenantId: number;
  /** Payments, one per period paid (the oldest first), each allocated to it. */
  payments: number;
  /** Contacts spread over the overdue accounts. */
  collections: number;
  onProgress?: (message: string) => void;
}

const chunk = 100_000;

/**
 * The books of the generated orders (`generateOrderScaleData` first): the finance configuration, a 实收 per
 * period paid with its allocation (up to `payments`), the overdue accounts as the daily job would open them
 * (without running it: the bench times the job itself), and `collections` contacts over them.
 */
export async function generateFinanceScaleData(db: Db, options: FinanceScaleOptions): Promise<void> {
  const { tenantId } = options;
  await seedFinanceConfig(db);
  const [user] = rowsOf<{ id: number }>(await db.execute(sql`select id from users where login_id = 'finance'`));
  const [last] = rowsOf<{ n: string | null }>(
    await db.execute(sql`select max(id)::text as n from order_receivables where tenant_id = ${tenantId}`),
  );
  const top = Number(last?.n ?? 0);
  let made = 0;
  for (let from = 0; from <= top && made < options.payments; from += chunk * 4) {
    const [done] = rowsOf<{ n: number }>(
      await db.execute(sql`
        with paid as (
          select r.id, r.driver_id, r.due_date, r.received
          from order_receivables r
          where r.tenant_id = ${tenantId} and r.id > ${from} and r.id <= ${from + chunk * 4} and r.received > 0
            and not exists (select 1 from payment_allocations a where a.receivable_id = r.id)
          order by r.id limit ${options.payments - made}
        ), made as (
          insert into payments (tenant_id, payment_no, driver_id, amount, allocated, paid_on, channel, reference,
            status, created_by, updated_by, created_at, updated_at)
          select ${tenantId}, 'SS' || lpad(p.id::text, 14, '0'), p.driver_id, p.received, p.received,
            p.due_date + (p.id % 4)::int, (array[2, 3, 4, 6])[1 + (p.id % 4)::int]::smallint,
            'BENCH' || p.id, 1, ${user?.id ?? null}, ${user?.id ?? null}, p.due_date + time '10:00', p.due_date + time '10:00'
          from paid p
          returning id, reference)
        , allocated as (
          insert into payment_allocations (tenant_id, payment_id, receivable_id, amount)
          select ${tenantId}, m.id, substr(m.reference, 6)::bigint, r.received
          from made m join order_receivables r on r.id = substr(m.reference, 6)::bigint
          returning 1)
        select count(*)::int as n from allocated`),
    );
    made += done?.n ?? 0;
    options.onProgress?.(`payments ${made}/${options.payments}`);
  }
  // The overdue accounts as the job opens them, from periods past due and unpaid.
  const today = beijingDay(new Date());
  await db.execute(sql`
    update order_receivables set status = 3, overdue_days = ${today}::date - due_date
    where tenant_id = ${tenantId} and status = 0 and due_date < ${today}::date and received = 0`);
  await db.transaction((tx) => syncOverdueCases(tx, tenantId));
  options.onProgress?.('overdue accounts opened');
  let contacts = 0;
  while (contacts < options.collections) {
    const n = Math.min(chunk, options.collections - contacts);
    await db.execute(sql`
      with open as (
        select array_agg(id order by id) as ids, count(*)::int as n from overdue_cases
        where tenant_id = ${tenantId} and status = 1)
      insert into collection_records (tenant_id, case_id, order_id, driver_id, contacted_at, collector_id, way,
        reached, result, escalation, overdue_days, overdue_amount, created_at, updated_at)
      select ${tenantId}, c.id, c.order_id, c.driver_id, now() - make_interval(hours => (g % 2000)::int),
        ${user?.id ?? 0}, (1 + g % 5)::smallint, g % 3 <> 0,
        (array['电话无人接听', '客户承诺本周还款', '客户称资金紧张', '已发短信提醒'])[1 + (g % 4)::int],
        (case when g % 50 = 0 then 1 else 0 end)::smallint, c.overdue_days, c.overdue_amount, now(), now()
      from generate_series(1, ${n}::int) g
      cross join open
      join overdue_cases c on c.id = open.ids[1 + (g + ${contacts}) % open.n]
      where open.n > 0`);
    contacts += n;
    options.onProgress?.(`collection records ${contacts}/${options.collections}`);
  }
  for (const table of ['payments', 'payment_allocations', 'order_receivables', 'overdue_cases', 'collection_records']) {
    await db.execute(sql.raw(`vacuum (analyze) ${table}`));
  }
}
