import { addDays, approvalBusinessType, beijingDay, type PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { families } from '../src/families';
import { startTestApp, type TestContext } from './harness';
import { booksProblems } from './ledger-support';
import type { Task } from './task-support';

let ctx: TestContext;
let admin: string;
let tenantId: number;

const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await ctx.database.db.execute(statement));

beforeAll(async () => {
  // The demo as `npm start` writes it on an empty database.
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 150 });
  admin = await ctx.login('admin', 'admin123');
  const [tenant] = await query<{ id: number }>(sql`select id from tenants where code = 'BJ'`);
  tenantId = Number(tenant?.id);
});
afterAll(() => ctx.close());

/**
 * The list screens of 订单管理, 财务管理, 租金管理, 坏账管理 and 审批管理 (each a page of its own, not a related
 * list) — but the administrator's own requests (我发起的, 线下发起): the administrator decides, others ask.
 */
const bookScreens = families.flatMap((family) =>
  family.screens.filter(
    (screen) =>
      !screen.embedded &&
      !['/initiated', '/offlineApproveInitial'].includes(screen.route.path) &&
      (screen.route.section === 'order' ||
        screen.route.section === 'finance' ||
        screen.route.section === 'approval' ||
        screen.route.group === '租金管理' ||
        screen.route.group === '坏账管理'),
  ),
);

describe("the demo's lease book is eighteen months of business replayed through the services", () => {
  it('spans eighteen months in 北京分公司: handovers from the first month to the last, the daily jobs run every day', async () => {
    // The day the demo was written (its last billing day), which a run crossing midnight does not move; its
    // business is the eighteen months up to the day before.
    const [written] = await query<{ first: string; last: string; billing: number; overdue: number }>(sql`
      select min(day)::text as first, max(day)::text as last, count(*)::int as billing,
        (select count(*) from overdue_day_runs where tenant_id = ${tenantId})::int as overdue
      from billing_day_runs where tenant_id = ${tenantId}`);
    const today = String(written?.last);
    expect([beijingDay(new Date()), addDays(beijingDay(new Date()), -1)]).toContain(today);
    expect(written?.first).toBe(addDays(today, -549));
    const [span] = await query<{ first: string; last: string; orders: number }>(sql`
      select min((delivered_at at time zone 'Asia/Shanghai')::date)::text as first,
        max((delivered_at at time zone 'Asia/Shanghai')::date)::text as last, count(*)::int as orders
      from lease_orders where tenant_id = ${tenantId} and delivered_at is not null`);
    expect(span?.first).toBe(written?.first);
    expect(String(span?.last) >= addDays(today, -30)).toBe(true);
    expect(span?.orders).toBeGreaterThanOrEqual(20);
    // The daily jobs did every day of it, and today.
    const runs = { billing: written?.billing, overdue: written?.overdue };
    expect(runs).toEqual({ billing: 550, overdue: 550 });
  });

  it('was made by people through the API on the day it happened: each order, payment and decision is in the audit trail', async () => {
    // An order's 开始日期 is its handover day, and it was created that day (the business clock of the replay);
    // a renewal was placed before its old order ended.
    const [orders] = await query<{ all: number; dated: number; audited: number }>(sql`
      select count(*)::int as all,
        count(*) filter (where (o.created_at at time zone 'Asia/Shanghai')::date = o.start_date
          or ((o.created_at at time zone 'Asia/Shanghai')::date < o.start_date and o.renewed_from_id is not null)
          or o.delivered_at is null)::int as dated,
        count(*) filter (where exists (select 1 from audit_log a where a.tenant_id = o.tenant_id
          and a.user_id = o.created_by and ((a.entity_id = o.id::text and a.action = 'create')
            or (a.entity_id = o.renewed_from_id::text and a.action = 'continue'))))::int as audited
      from lease_orders o where o.tenant_id = ${tenantId}`);
    expect(orders?.dated).toBe(orders?.all);
    expect(orders?.audited).toBe(orders?.all);
    // Payments were recorded on their 到账日期 by 财务, never by the order's placer (a 坏账回款 the day after it
    // arrived, when 财务 confirmed it).
    const [payments] = await query<{ all: number; same_day: number; by_finance: number }>(sql`
      select count(*)::int as all,
        count(*) filter (where (p.created_at at time zone 'Asia/Shanghai')::date = p.paid_on
          or ((p.created_at at time zone 'Asia/Shanghai')::date = p.paid_on + 1
            and exists (select 1 from bad_debt_recoveries b where b.payment_id = p.id)))::int as same_day,
        count(*) filter (where u.login_id = 'finance')::int as by_finance
      from payments p join users u on u.id = p.created_by where p.tenant_id = ${tenantId}`);
    expect(payments?.all).toBeGreaterThan(100);
    expect(payments?.same_day).toBe(payments?.all);
    expect(payments?.by_finance).toBe(payments?.all);
    // Nothing of it happened after the first start: the history's business ends the day before.
    const [latest] = await query<{ later: number }>(sql`
      select ((select count(*) from lease_orders where tenant_id = ${tenantId} and (created_at > now() or updated_at > now()))
        + (select count(*) from payments where tenant_id = ${tenantId} and created_at > now())
        + (select count(*) from approval_tasks where tenant_id = ${tenantId} and (created_at > now() or updated_at > now()))
        + (select count(*) from vehicles where tenant_id = ${tenantId} and updated_at > now()))::int as later`);
    expect(latest?.later).toBe(0);
    // Each record's 变更记录 is dated when it happened: an order created on its handover day shows that day,
    // and a bill's 出账时间 is the night the billing job issued it (both days of the history, not its install).
    const [dated] = await query<{ orders: number; audited: number; bills: number; billed: number }>(sql`
      select (select count(*) from lease_orders o where o.tenant_id = ${tenantId} and o.renewed_from_id is null
          and o.delivered_at is not null)::int as orders,
        (select count(*) from lease_orders o where o.tenant_id = ${tenantId} and o.renewed_from_id is null
          and o.delivered_at is not null and exists (select 1 from audit_log a where a.tenant_id = o.tenant_id
            and a.entity_id = o.id::text and a.action = 'create'
            and (a.at at time zone 'Asia/Shanghai')::date = o.start_date))::int as audited,
        (select count(*) from bills b where b.tenant_id = ${tenantId} and b.remark = '出账任务按应收日期出账'
          and b.due_date < (select max(day) from billing_day_runs where tenant_id = ${tenantId}) - 10)::int as bills,
        (select count(*) from bills b where b.tenant_id = ${tenantId} and b.remark = '出账任务按应收日期出账'
          and b.due_date < (select max(day) from billing_day_runs where tenant_id = ${tenantId}) - 10
          and (b.created_at at time zone 'Asia/Shanghai')::date <= b.due_date)::int as billed`);
    expect(dated?.orders).toBeGreaterThan(10);
    expect(dated?.audited).toBe(dated?.orders);
    expect(dated?.bills).toBeGreaterThan(100);
    expect(dated?.billed).toBe(dated?.bills);
  });

  it('has every kind of event: late and partial payment, late fees, relief, exchange, extension, renewal, returns with damage and refunds, 违约金, bad debt and its recovery, collection calls', async () => {
    const [made] = await query<Record<string, number>>(sql`
      select
        (select count(*) from order_receivables where tenant_id = ${tenantId} and late_fee > 0)::int as late_fees,
        (select count(*) from bill_relief_lines where tenant_id = ${tenantId})::int as reliefs,
        (select count(*) from exchange_orders where tenant_id = ${tenantId} and status = 4)::int as exchanges,
        (select count(*) from order_change_requests where tenant_id = ${tenantId} and status = 2)::int as changes,
        (select count(*) from lease_orders where tenant_id = ${tenantId} and renewed_from_id is not null and delivery_state = 1)::int as renewals,
        (select count(*) from return_settlements where tenant_id = ${tenantId} and status = 2 and damage_fee > 0)::int as damaged,
        (select count(*) from return_settlements where tenant_id = ${tenantId} and status = 2 and penalty_fee > 0)::int as penalties,
        (select count(*) from deposit_refunds where tenant_id = ${tenantId} and status = 3)::int as refunds_paid,
        (select count(*) from bad_debt_recoveries where tenant_id = ${tenantId} and status = 2)::int as recoveries,
        (select count(*) from collection_records where tenant_id = ${tenantId})::int as calls,
        (select count(*) from overdue_cases c join bad_debt_levels l on l.id = c.level_id
          where c.tenant_id = ${tenantId} and c.status = 1 and l.bad_debt)::int as bad_debts`);
    for (const [kind, count] of Object.entries(made ?? {})) expect(count, kind).toBeGreaterThan(0);
  });

  it('shows real rows on every screen of 订单管理, 财务管理, 租金管理, 坏账管理 and the approval inboxes to the administrator of 北京分公司', async () => {
    expect(bookScreens.map((screen) => screen.route.path)).toEqual(
      expect.arrayContaining([
        '/transferOrder',
        '/orderDueList',
        '/badDebtList',
        '/badDebtPayment',
        '/starSeaTobeDone',
        '/guojinTobeDone',
        '/offlineApproveDone',
      ]),
    );
    const empty: string[] = [];
    for (const screen of bookScreens) {
      const tab = screen.tabs?.items.find((item) => item.key === 'all')?.key;
      const page = await ctx.request<PageResult<unknown>>({
        method: 'GET',
        url: `${screen.endpoint}?limit=1${tab ? `&tab=${tab}` : ''}`,
        token: admin,
      });
      expect(page.msg, screen.title).toBe('success');
      if (page.data.list.length === 0) empty.push(`${screen.title} (${screen.route.path})`);
    }
    expect(empty).toEqual([]);
  });

  it("leaves the administrator's 待办 a task of every kind the approval engine decides", async () => {
    const todo = await ctx.request<PageResult<Task>>({
      method: 'GET',
      url: '/api/approval-tasks?limit=500',
      token: admin,
    });
    const kinds = new Set(todo.data.list.map((task) => task.businessType));
    // 奖励申请 are decided on their own page (审核), not through the engine.
    const engine = approvalBusinessType.values.filter((value) => value !== 8);
    expect([...kinds].sort((a, b) => a - b)).toEqual(expect.arrayContaining(engine));
  });

  it("keeps every rule of the ledger in both branch companies' books, late fees by the rule included", async () => {
    for (const tenant of await query<{ id: number }>(sql`select id from tenants order by id`)) {
      expect(await booksProblems(ctx.database.db, tenant.id)).toEqual([]);
    }
  });
});

describe('the demo is dated in the past', () => {
  it('has no row created, edited or recorded after the moment it was written', async () => {
    // Every timestamp of a business event: when a row was made, changed, decided, paid, handed over… Columns
    // of moments to come (an expiry, a scheduled run, a draw's window, a lease end) are not events.
    const toCome =
      /(expires|expiry|valid_|claim_|deadline|auto_receive|next_run|run_after|scheduled|lease_until|locked_until|due|starts_at|ends_at)/;
    const columns = await query<{ table_name: string; column_name: string }>(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type like 'timestamp%' order by table_name, column_name`);
    const events = columns.filter((column) => !toCome.test(column.column_name));
    expect(events.length).toBeGreaterThan(50);
    const future: string[] = [];
    for (const { table_name, column_name } of events) {
      const [late] = await query<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)} > now()`,
      );
      if (Number(late?.n) > 0) future.push(`${table_name}.${column_name}: ${late?.n}`);
    }
    expect(future).toEqual([]);
  });
});
