import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../src/db';
import { rowsOf } from '../src/db/migrate';
import { lastOverdueDay, lateFeesByRule } from '../src/finance/lateFees';

/**
 * The ledger's invariants (#23 item 13), as a finance controller would check the books of a branch company:
 * each answers the rows breaking it, named so that a failure reads as the broken rule. An empty answer is
 * books that balance.
 */
const invariants: { rule: string; rows: (tenantId: number) => SQL; afterJob?: true }[] = [
  {
    rule: 'a receivable never holds more than it asks (amount + late fee − received − relieved ≥ 0)',
    rows: (t) => sql`select id::text as id from order_receivables
      where tenant_id = ${t} and status <> 5 and amount + late_fee - received - relieved < 0`,
  },
  {
    rule: 'a cancelled receivable holds no money',
    rows: (t) => sql`select id::text as id from order_receivables
      where tenant_id = ${t} and status = 5 and (received <> 0 or relieved <> 0)`,
  },
  {
    rule: "a receivable's received is the sum of the live allocations to it",
    rows: (t) => sql`select r.id::text as id from order_receivables r
      left join (select receivable_id, sum(amount) as s from payment_allocations where not reversed group by 1) a
        on a.receivable_id = r.id
      where r.tenant_id = ${t} and r.received <> coalesce(a.s, 0)`,
  },
  {
    rule: "a receivable's relieved is the sum of its relief lines and settlement closings",
    rows: (t) => sql`select r.id::text as id from order_receivables r
      left join (select receivable_id, sum(amount) as s from bill_relief_lines group by 1) l on l.receivable_id = r.id
      left join (select receivable_id, sum(amount) as s from receivable_closings group by 1) c on c.receivable_id = r.id
      where r.tenant_id = ${t} and r.relieved <> coalesce(l.s, 0) + coalesce(c.s, 0)`,
  },
  {
    rule: "a payment's allocated is the sum of its live allocations, never more than it brought; a reversed one keeps none",
    rows: (t) => sql`select p.id::text as id from payments p
      left join (select payment_id, sum(amount) as s from payment_allocations where not reversed group by 1) a
        on a.payment_id = p.id
      where p.tenant_id = ${t} and (
        (p.status = 1 and (p.allocated <> coalesce(a.s, 0) or p.allocated > p.amount))
        or (p.status = 2 and coalesce(a.s, 0) <> 0))`,
  },
  {
    rule: 'the deposit held by an order = collected − offset − refunded − forfeited − carried out + carried in ≥ 0',
    rows: (t) => sql`select o.id::text as id from lease_orders o
      left join (
        select r.order_id, sum(a.amount) as s from payment_allocations a
        join order_receivables r on r.id = a.receivable_id
        where not a.reversed and r.kind = 2 group by 1
      ) c on c.order_id = o.id
      left join (
        select order_id, sum(case when kind = 5 then amount else -amount end) as s from deposit_movements group by 1
      ) m on m.order_id = o.id
      where o.tenant_id = ${t} and coalesce(c.s, 0) + coalesce(m.s, 0) < 0`,
  },
  {
    rule: 'an order whose settlement was approved owes nothing but its one 退车结算款',
    rows: (t) => sql`select r.id::text as id from order_receivables r
      join return_settlements s on s.order_id = r.order_id and s.status = 2
      where r.tenant_id = ${t} and r.kind <> 6 and r.status <> 5 and r.amount + r.late_fee - r.received - r.relieved <> 0`,
  },
  {
    rule: 'a settlement leaves one 退车结算款 or one 押金退款, never both',
    rows: (t) => sql`select s.id::text as id from return_settlements s
      where s.tenant_id = ${t} and s.status = 2
        and ((select count(*) from order_receivables r where r.order_id = s.order_id and r.kind = 6)
          + (select count(*) from deposit_refunds f where f.settlement_id = s.id)) > 1`,
  },
  {
    // A period is the car's the order had when it began (an exchange after it began gives the old car); days
    // after the car came back are not its (the settlement cancels them).
    rule: "no car's day is billed twice: the rent periods of its orders never overlap",
    rows: (t) => sql`with periods as (
        select r.id, r.order_id, r.period_start,
          least(r.period_end, coalesce((ret.returned_at at time zone 'Asia/Shanghai')::date, r.period_end)) as period_end,
          coalesce((
            select e.old_vehicle_id from exchange_orders e
            where e.order_id = r.order_id and e.status = 4
              and (e.handed_over_at at time zone 'Asia/Shanghai')::date > r.period_start
            order by e.handed_over_at limit 1), o.vehicle_id) as vehicle_id
        from order_receivables r
        join lease_orders o on o.id = r.order_id
        left join vehicle_returns ret on ret.id = o.return_id and ret.returned_at is not null
        where r.tenant_id = ${t} and r.kind = 1 and r.status <> 5
      )
      select a.id::text || '~' || b.id::text as id from periods a
      join periods b on b.vehicle_id = a.vehicle_id and b.order_id <> a.order_id and b.id > a.id
      where a.vehicle_id is not null and a.period_start <= a.period_end and b.period_start <= b.period_end
        and a.period_start <= b.period_end and b.period_start <= a.period_end`,
  },
  {
    rule: 'a completed order owes nothing past due unless an open overdue account says so',
    rows: (t) => sql`select o.id::text as id from lease_orders o
      where o.tenant_id = ${t} and o.status = 4
        and exists (select 1 from order_receivables r where r.order_id = o.id and r.status <> 5
          and r.amount + r.late_fee - r.received - r.relieved > 0
          and r.due_date < (select max(day) from overdue_day_runs where tenant_id = ${t}))
        and not exists (select 1 from overdue_cases c where c.order_id = o.id and c.status = 1)`,
    // The job files what is past due: a settlement since its last run is the next run's.
    afterJob: true,
  },
  {
    rule: "a bill's money is the sum of its receivables'",
    rows: (t) => sql`select b.id::text as id from bills b
      left join (
        select bill_id, sum(amount) as amount, sum(late_fee) as late_fee, sum(received) as received,
          sum(relieved) as relieved
        from order_receivables where status <> 5 and bill_id is not null group by 1
      ) r on r.bill_id = b.id
      where b.tenant_id = ${t} and (b.amount <> coalesce(r.amount, 0) or b.late_fee <> coalesce(r.late_fee, 0)
        or b.received <> coalesce(r.received, 0) or b.relieved <> coalesce(r.relieved, 0))`,
  },
];

/**
 * The rules the branch company's books break, each with (up to five of) the rows breaking it. What the overdue
 * job keeps — every late fee the rule's value, what is past due on an open account — is checked where the job
 * has just done its day (`afterJob`, default on): a handover, payment or settlement recorded since its last run
 * is the next run's to charge and file.
 */
export async function booksProblems(
  db: Executor,
  tenantId: number,
  options: { afterJob?: boolean } = {},
): Promise<string[]> {
  const problems: string[] = [];
  const afterJob = options.afterJob !== false;
  for (const { rule, rows, afterJob: jobs } of invariants) {
    if (jobs && !afterJob) continue;
    const found = rowsOf<{ id: string }>(await db.execute(sql`${rows(tenantId)} limit 5`));
    if (found.length > 0) problems.push(`${rule}: ${found.map((row) => row.id).join(', ')}`);
  }
  const fees = afterJob ? await lateFeeProblems(db, tenantId) : [];
  if (fees.length > 0)
    problems.push(`every late fee equals the rule's value in the books of the job's last day: ${fees.join(', ')}`);
  return problems;
}

/**
 * The receivables (of orders in force or done by their renewal, bills not shut) whose late fee is not the one rule's value
 * (`lateFeeOnDay` in contracts, as 查看账户 reads it) on the overdue job's last day — what the job's statement
 * computes set-based — nor the late fee already paid or relieved, which the job never gives back. Each as
 * `id: held≠rule`.
 */
async function lateFeeProblems(db: Executor, tenantId: number): Promise<string[]> {
  const day = await lastOverdueDay(db, tenantId);
  if (!day) return [];
  const rows = rowsOf<{
    id: string;
    kind: number;
    due_date: string;
    amount: number;
    received: number;
    relieved: number;
    late_fee: number;
  }>(
    await db.execute(sql`select r.id::text, r.kind, r.due_date::text, r.amount::int, r.received::int, r.relieved::int,
        r.late_fee::int
      from order_receivables r join lease_orders o on o.id = r.order_id
      where r.tenant_id = ${tenantId} and r.status <> 5 and r.due_date < ${day}::date and o.status <> 0
        and (o.status <> 4 or exists (select 1 from lease_orders n where n.renewed_from_id = o.id))
        and (r.bill_id is null or not exists (select 1 from bills b where b.id = r.bill_id and b.status = 6))`),
  );
  const ruled = await lateFeesByRule(
    db,
    tenantId,
    rows.map((row) => ({ id: Number(row.id), kind: row.kind, dueDate: row.due_date, amount: row.amount })),
    day,
  );
  return rows
    .flatMap((row) => {
      const expected = Math.max(ruled.get(Number(row.id))?.fee ?? 0, row.received + row.relieved - row.amount, 0);
      return expected === row.late_fee ? [] : [`${row.id}: ${row.late_fee}≠${expected}`];
    })
    .slice(0, 5);
}

/** What 查看账户 shows a customer owing, added up from the receivables' rows. */
export async function owedByRows(db: Executor, driverId: string): Promise<{ outstanding: number; lateFee: number }> {
  const [row] = rowsOf<{ outstanding: string; late_fee: string }>(
    await db.execute(sql`select coalesce(sum(amount + late_fee - received - relieved), 0)::text as outstanding,
      coalesce(sum(late_fee), 0)::text as late_fee
      from order_receivables where driver_id = ${Number(driverId)} and status <> 5`),
  );
  return { outstanding: Number(row?.outstanding ?? 0), lateFee: Number(row?.late_fee ?? 0) };
}
