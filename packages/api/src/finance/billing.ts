import { addDays, billStates, envelope, leaseOrderStates, receivableStates } from '@cp/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { companySettings, setBillLeadDays } from '../branchCompanies/settings';
import { businessNowSql, businessToday } from '../clock';
import type { Db, Executor } from '../db';
import { rowsOf } from '../db/migrate';
import { access, sessionOf } from '../http/access';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { tenants } from '../identity/tables';
import { defineJobKind } from '../jobs/kinds';
import { refreshBills } from './bill-money';
import { billingDayRuns } from './tables';

/** The most days one run of the daily jobs catches up (a year): an older gap is a configuration problem, not downtime. */
export const catchUpDaysMax = 366;

/** A constant written into the statement (a state): typed by its column, not a parameter. */
const n = (value: number) => sql.raw(String(value));

export interface BillingDay {
  day: string;
  issued: number;
  activated: number;
}

/** How many days before its due date a branch company's bill is issued (公司运营配置's 出账提前天数, read now). */
async function billLeadDays(db: Executor, tenantId: number): Promise<number> {
  return (await companySettings(db, tenantId)).billLeadDays;
}

/**
 * Does one Beijing day of a branch company's billing, once: each order in performance (履约中) gets its bill
 * of a month (账单, 未激活) for its receivables not yet billed that fall due within the lead days (出账提前天数)
 * — added to the month's bill when the order has one; what fell due before the branch company's first
 * billing day is left as it was (a first run does not bill years of history) — and every bill 未激活 whose
 * due date has come is
 * activated (待收款; its money then decides its state). The day is recorded in the same transaction
 * (`billing_day_runs`), under a lock of the branch company's billing, so a day done — by this process or
 * another racing it — answers null and changes nothing.
 */
export async function runBillingDay(db: Db, tenantId: number, day: string): Promise<BillingDay | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing:${tenantId}`}))`);
    const [claimed] = await tx
      .insert(billingDayRuns)
      .values({ tenantId, day })
      .onConflictDoNothing()
      .returning({ day: billingDayRuns.day });
    if (!claimed) return null;
    // What fell due before the branch company's first billing day is history the job leaves as it was.
    const [first] = rowsOf<{ day: string }>(
      await tx.execute(sql`select min(day)::text as day from billing_day_runs where tenant_id = ${tenantId}`),
    );
    const { issued, activated } = await issueBills(tx, tenantId, day, { from: first?.day ?? day });
    const run = { day, issued, activated };
    await tx
      .update(billingDayRuns)
      .set({ issued: run.issued, activated: run.activated, finishedAt: new Date() })
      .where(sql`${billingDayRuns.tenantId} = ${tenantId} and ${billingDayRuns.day} = ${day}::date`);
    return run;
  });
}

/**
 * Issues the bills of what falls due within the lead days of `day` (from `scope.from` on) and activates the
 * bills whose due date has come — for a branch company's orders in performance, or one order's.
 */
async function issueBills(
  tx: Executor,
  tenantId: number,
  day: string,
  scope: { from: string; orderId?: number },
): Promise<{ issued: number; activated: number }> {
  const { from } = scope;
  const until = addDays(day, await billLeadDays(tx, tenantId));
  const onlyOrder = scope.orderId === undefined ? sql`` : sql`and r.order_id = ${scope.orderId}`;
  const unbilled = sql`
    select r.order_id, to_char(r.due_date, 'YYYY-MM') as period, min(r.due_date) as due_date
    from order_receivables r join lease_orders o on o.id = r.order_id
    where r.tenant_id = ${tenantId} and r.bill_id is null and r.status <> ${n(receivableStates.void)}
      and r.due_date between ${from}::date and ${until}::date and o.status = ${n(leaseOrderStates.performing)}
      ${onlyOrder}
    group by r.order_id, to_char(r.due_date, 'YYYY-MM')`;
  const issued = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into bills (tenant_id, bill_no, order_id, driver_id, city_id, period, due_date, status, remark,
        created_at, updated_at)
      select ${tenantId}, 'ZD' || to_char(${day}::date, 'YYYYMMDD') || lpad(nextval('bill_no_seq')::text, 6, '0'),
        u.order_id, o.driver_id, o.city_id, u.period, u.due_date, ${n(billStates.inactive)}, '出账任务按应收日期出账',
        ${businessNowSql()}, ${businessNowSql()}
      from (${unbilled}) u join lease_orders o on o.id = u.order_id
      where not exists (select 1 from bills b where b.order_id = u.order_id and b.period = u.period)
      order by u.order_id, u.period
      on conflict do nothing
      returning id::text`),
  );
  // The receivables go into their month's bill (new or not), in id order as payments lock them; money not
  // yet due in a bill 未激活 waits for its activation (what is due is collectible all the same).
  const billed = rowsOf<{ bill_id: string }>(
    await tx.execute(sql`
      with due as (
        select r.id, b.id as bill_id, b.status as bill_status
        from order_receivables r
        join lease_orders o on o.id = r.order_id
        join bills b on b.order_id = r.order_id and b.period = to_char(r.due_date, 'YYYY-MM')
        where r.tenant_id = ${tenantId} and r.bill_id is null and r.status <> ${n(receivableStates.void)}
          and r.due_date between ${from}::date and ${until}::date and o.status = ${n(leaseOrderStates.performing)}
          and b.status <> ${n(billStates.shut)}
          ${onlyOrder}
        order by r.id
        for update of r
      )
      update order_receivables r
      set bill_id = due.bill_id, collectible = due.bill_status <> ${n(billStates.inactive)}, updated_at = ${businessNowSql()}
      from due where r.id = due.id
      returning r.bill_id::text`),
  );
  const activated = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update bills set status = ${n(billStates.open)}, version = version + 1, updated_at = ${businessNowSql()}
      where tenant_id = ${tenantId} and status = ${n(billStates.inactive)} and due_date <= ${day}::date
        ${scope.orderId === undefined ? sql`` : sql`and order_id = ${scope.orderId}`}
      returning id::text`),
  );
  if (activated.length > 0) {
    await tx.execute(sql`
      update order_receivables set collectible = true, updated_at = ${businessNowSql()}
      where bill_id = any(${`{${activated.map((row) => row.id).join(',')}}`}::bigint[]) and not collectible`);
  }
  const touched = [...new Set([...billed.map((row) => row.bill_id), ...activated.map((row) => row.id)])];
  await refreshBills(tx, tenantId, touched.map(Number));
  return { issued: issued.length, activated: activated.length };
}

/**
 * A car handed over: its order is billed at once by the same rule — what falls due within the lead days (the
 * handover's one-off charges, a first period, and any period a handover recorded after the fact made due
 * already) goes into its month's bill, a bill already due is activated. The daily job bills the rest.
 */
export async function billOrderAtHandover(tx: Executor, tenantId: number, orderId: number, day: string) {
  return issueBills(tx, tenantId, day, { from: '0001-01-01', orderId });
}

/**
 * Every branch company's billing days not yet done, up to `today`, in order (at most a year back; a first
 * run does today only) — after downtime the missed days are done, each once.
 */
export async function catchUpBilling(db: Db, today = businessToday()): Promise<BillingDay[]> {
  const runs: BillingDay[] = [];
  for (const tenant of await db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id))) {
    const [last] = await db
      .select({ day: sql<string | null>`max(${billingDayRuns.day})::text` })
      .from(billingDayRuns)
      .where(eq(billingDayRuns.tenantId, tenant.id));
    let day = last?.day ? addDays(last.day, 1) : today;
    const earliest = addDays(today, -(catchUpDaysMax - 1));
    if (day < earliest) day = earliest;
    for (; day <= today; day = addDays(day, 1)) {
      const run = await runBillingDay(db, tenant.id, day);
      if (run) runs.push(run);
    }
  }
  return runs;
}

/** 出账 every hour: the Beijing days not yet done (normally none, or the day just begun). */
export const billingJob = defineJobKind<Record<string, never>>({
  kind: 'finance.billing',
  everyMs: 3600_000,
  run: async ({ db }) => {
    const runs = await catchUpBilling(db);
    return {
      days: runs.length,
      issued: runs.reduce((sum, run) => sum + run.issued, 0),
      activated: runs.reduce((sum, run) => sum + run.activated, 0),
    };
  },
});

const settingsBody = z.strictObject({
  billLeadDays: z
    .number()
    .int('应为整数')
    .min(0, '不能小于0')
    .max(60, '不能超过60天')
    .meta({ title: '出账提前天数', description: '账单在应收日期前几天由出账任务出账（未激活），到应收日期自动激活' }),
});

/**
 * 出账提前天数 of the session's branch company (`GET/PUT /api/finance-settings`), beside 坏账分级配置 whose
 * permissions it takes: read with the page, changed with its 编辑 — the same value as 公司运营配置's. The next
 * billing day uses the new value.
 */
export const financeSettingsRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  const tags = ['财务配置'];
  app.get(
    '/api/finance-settings',
    {
      config: { access: access.permission('hierarchicalAllocation') },
      schema: { summary: '财务设置：出账提前天数', tags, response: { 200: envelope(settingsBody) } },
    },
    async (request) => ok({ billLeadDays: await billLeadDays(db, sessionOf(request).tenantId) }),
  );
  app.put(
    '/api/finance-settings',
    {
      config: { access: access.permission('hierarchicalAllocation:edit') },
      schema: {
        summary: '修改财务设置：出账提前天数',
        tags,
        body: settingsBody,
        response: { 200: envelope(settingsBody) },
      },
    },
    async (request) => {
      const { billLeadDays: days } = request.body;
      await setBillLeadDays(db, request, days);
      return ok({ billLeadDays: days });
    },
  );
};
