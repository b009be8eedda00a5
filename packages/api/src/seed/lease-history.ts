import { addDays, beijingDay } from '@cp/contracts';
import { asc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { atBusinessTime } from '../clock';
import type { Db } from '../db';
import { runBillingDay } from '../finance/billing';
import { runOverdueDay } from '../finance/overdue';
import { refreshRentTrends } from '../finance/trends';
import { tenants } from '../identity/tables';
import { startDueRenewals } from '../orders/renewals';
import type { Car, Tokens } from './history-staff';
import { daysBetween, type Lease, LeaseRequests } from './lease-requests';
import { type Event, historyDays, lease, otherBranchesBegin, type Story, stories } from './lease-stories';

/**
 * The demo's lease book, made as a leasing company makes one: eighteen months replayed day by day through the
 * console's own API, on the business clock of each day (clock.ts) — orders placed and approved, cars handed
 * over, bills issued and activated by the daily job, rent paid on time, late, partly or not at all, late fees
 * and overdue accounts by the daily job, collectors' calls, reliefs, exchanges, extensions, renewals started by
 * their job, returns settled with their damage and deposit, refunds paid out, early ends with 违约金, bad debt
 * and money recovered from it. Nothing is inserted around the rules: the books are what the services made.
 * The last days leave work in every inbox (docs/DOMAIN_DECISIONS.md "演示数据的账本").
 */

/** What a driver owes on a due date (receivables not settled). */
interface Owed {
  driver_id: string;
  due_date: string;
  owed: number;
}

interface OrderState {
  id: string;
  end_date: string;
  status: number;
  delivery_state: number;
}

/** What the first start replays, through the console's own app over the demo's database (`openDemoApp`). */
export async function replayLeaseHistory(
  db: Db,
  app: FastifyInstance,
  options: { dataDir?: string | undefined; today?: string },
) {
  const today = options.today ?? beijingDay(new Date());
  const histories: History[] = [];
  try {
    for (const [index, tenant] of (await db.select().from(tenants).orderBy(asc(tenants.id))).entries()) {
      // The first branch company has the whole history; the others its last eight months, every other lease.
      const begins = index === 0 ? 0 : otherBranchesBegin;
      const plan = stories.filter((story) => story.start >= begins).filter((_, at) => index === 0 || at % 2 === 0);
      const history = new History(app, db, tenant.id, plan, begins, addDays(today, -1), options.dataDir);
      if (await history.open()) histories.push(history);
    }
    if (histories.length === 0) return;
    // The history is the eighteen months up to yesterday, whose business is all past whatever the hour of the
    // first start; today's jobs run at the end, as the server's own would on the day.
    const first = addDays(today, -historyDays - 1);
    for (let offset = 0; offset <= historyDays; offset += 1) {
      const day = addDays(first, offset);
      // The night's jobs, for every branch company: renewals starting, bills issued and activated, the overdue day.
      await atBusinessTime(new Date(`${day}T00:30:00+08:00`), async () => {
        await startDueRenewals(db, day);
        for (const history of histories) {
          if (offset < history.begins) continue;
          await runBillingDay(db, history.tenantId, day);
          await runOverdueDay(db, history.tenantId, day);
        }
      });
      for (const history of histories) if (offset >= history.begins) await history.live(offset, day);
      if (offset === historyDays) for (const history of histories) await history.finish(day);
    }
    await startDueRenewals(db, today);
    for (const history of histories) {
      await runBillingDay(db, history.tenantId, today);
      await runOverdueDay(db, history.tenantId, today);
    }
  } finally {
    for (const history of histories) await history.close();
  }
}

/** One branch company's history, replayed. */
class History extends LeaseRequests {
  private leases: Lease[] = [];

  constructor(
    app: FastifyInstance,
    db: Db,
    tenantId: number,
    private plan: Story[],
    /** The day (from the first) its history begins. */
    readonly begins: number,
    lastDay: string,
    dataDir: string | undefined,
  ) {
    super(app, db, tenantId, lastDay, dataDir);
  }

  /** A day of the branch company: leases beginning, each lease's day, the weekly collection round. */
  async live(offset: number, day: string): Promise<void> {
    for (const story of this.plan) if (story.start === offset) await this.handOver(story, day);
    const owed = await this.owedOn(day);
    const orders = new Map(
      (
        await this.query<OrderState>(sql`
          select id::text, end_date::text, status, delivery_state from lease_orders where tenant_id = ${this.tenantId}`)
      ).map((row) => [row.id, row]),
    );
    for (const current of this.leases) {
      await this.leaseDay(
        current,
        day,
        owed.filter((row) => row.driver_id === current.driverId),
        orders.get(current.orderId),
      );
    }
    if (offset % 7 === 3) await this.collect(day);
  }

  /** What each driver owes by due date, up to `day` (receivables not settled). */
  private owedOn(day: string): Promise<Owed[]> {
    return this.query<Owed>(sql`
      select driver_id::text, due_date::text, sum(amount + late_fee - received - relieved)::int as owed
      from order_receivables
      where tenant_id = ${this.tenantId} and status <> 5 and due_date <= ${day}::date
        and amount + late_fee - received - relieved > 0
      group by 1, 2`);
  }

  /** Ends the history: the trend figures added up, the sessions it made removed. */
  async close(): Promise<void> {
    await refreshRentTrends(this.db, this.tenantId);
    await this.endSessions();
  }

  /** An order placed for the next driver waiting, of a car in stock's model and city (submitted unless told). */
  private async place(
    day: string,
    who: keyof Tokens,
    story: Story,
    more: { rentalMode?: number; submit?: boolean; car?: Car; driverId?: string } = {},
  ): Promise<{ orderId: string; driverId: string; car: Car } | undefined> {
    const driverId = more.driverId ?? this.drivers.shift();
    // An order names the model and city it is for: of its car, or of the car in stock the longest.
    const car = more.car ?? (await this.nextCar());
    if (!driverId || !car) return undefined;
    const order = await this.call<{ id: string }>(day, '09:10', who, 'POST', '/api/lease-orders', {
      driverId,
      cityId: car.cityId,
      modelId: car.modelId,
      rentalMode: more.rentalMode ?? 0,
      orderType: story.orderType ?? 0,
      rentReceipt: 0,
      rentTiming: 1,
      maintenancePlan: 0,
      rentSettlement: 0,
      startDate: day,
      termMonths: story.termMonths,
      rent: story.rent,
      deposit: story.deposit,
      firstPayment: story.orderType === 1 ? 2_000_000 : 0,
      finalPayment: story.orderType === 1 ? 3_000_000 : 0,
      servicingFee: 80_000,
      graceDays: story.graceDays,
      lateFeeRate: story.lateFeeRate,
      businessItems: story.businessItems ?? [],
    });
    if (more.submit !== false) await this.call(day, '09:15', who, 'POST', `/api/lease-orders/${order.id}/submit`);
    return { orderId: order.id, driverId, car };
  }

  /** A lease begins: the order placed by ops, approved by the 运营经理 and 财务, the car handed over the same day. */
  private async handOver(story: Story, day: string): Promise<void> {
    const car = await this.buyCar(day);
    if (!car) return;
    const driverId = await this.registerDriver(day, car.cityId);
    const placed = await this.place(day, 'ops', story, { car, driverId });
    if (!placed) return;
    const { orderId } = placed;
    await this.decide(day, '10:20', 'manager', 1, orderId);
    await this.decide(day, '11:05', 'finance', 1, orderId);
    await this.call(day, '14:30', 'ops', 'POST', `/api/lease-orders/${orderId}/fill-delivery`, {
      vehicleId: car.id,
      mileage: car.mileage,
      energyLevel: 90,
      deliveredOn: day,
    });
    this.promised.delete(car.id);
    this.leases.push({ story, orderId, driverId, car, startedOn: day, carSince: day });
  }

  /**
   * Today's work left open, as a branch company has it on any morning: orders 待审批 and 审批中 (the 星海 and
   * 国金 lines too), one approved and waiting for its car, one cancelled; an exchange waiting for its handover;
   * a return settled but not yet approved; a relief and an extension asked. And, in the first branch company,
   * requests the 运营经理 and 财务 raised themselves — each waiting for the administrator, who decides where
   * the only other approver is the one who asked (a relief 财务 asked waits for the administrator's 财务审核).
   */
  async finish(day: string): Promise<void> {
    const term = lease(0, 12, 430_000, { kind: 'onTime' }, 'runs');
    await this.place(day, 'ops', term, { submit: false });
    await this.place(day, 'ops', term);
    await this.place(day, 'ops', { ...term, termMonths: 6, rent: 520_000 }, { rentalMode: 2 });
    await this.place(day, 'ops', { ...term, termMonths: 36, orderType: 1, businessItems: [8] });
    const waiting = await this.place(day, 'ops', term);
    if (waiting) {
      await this.decide(day, '10:40', 'manager', 1, waiting.orderId);
      await this.decide(day, '11:20', 'finance', 1, waiting.orderId);
    }
    const dropped = await this.place(day, 'ops', term, { submit: false });
    if (dropped) {
      await this.call(day, '11:30', 'ops', 'POST', `/api/lease-orders/${dropped.orderId}/cancel`, {
        reason: '客户改租其他车型',
      });
    }
    const running = this.leases.filter((current) => !current.endedOn && !current.renewalId && !current.story.events);
    const [forExchange, forReturn, forDelay, forOwnExchange, forOwnDelay, forOwnReturn, forOwnRefund] = running;
    if (forExchange) await this.exchange(forExchange, day, 'ops', { handOver: false });
    if (forReturn) await this.settle(forReturn, day, 'ops', 0);
    if (forDelay) await this.askDelay(forDelay, day, 'ops');
    await this.askRelief(day, 'finance', false);
    if (this.tokens.ops.userId === this.tokens.admin.userId) return;
    // Raised by the approvers themselves: the administrator decides in their place.
    await this.place(day, 'manager', term);
    // The partner lines' to-do lists (星海待办, 国金待办) hold the administrator's share too.
    await this.place(day, 'manager', { ...term, termMonths: 6, rent: 520_000 }, { rentalMode: 2 });
    await this.place(day, 'manager', { ...term, termMonths: 36, orderType: 1, businessItems: [8] });
    if (forOwnExchange) await this.exchange(forOwnExchange, day, 'manager', { handOver: false, decide: false });
    if (forOwnDelay) await this.askDelay(forOwnDelay, day, 'manager', false);
    if (forOwnReturn) await this.settle(forOwnReturn, day, 'manager', 0, false);
    // A settlement the 运营经理 made, approved by the administrator in their place and by 财务: its deposit
    // refund waits for the 会签 of the 运营经理's place (the administrator) and 财务.
    if (forOwnRefund) await this.settle(forOwnRefund, day, 'manager', 0, true, 0, ['admin', 'finance']);
    await this.askRelief(day, 'finance', true);
    await this.offlinePayment(day);
    await this.quote(day);
  }

  /** 产品报价 for a fleet customer, made by the 运营经理: it waits for the administrator's approval. */
  private async quote(day: string): Promise<void> {
    const car = await this.nextCar();
    const [customer] = await this.query<{ id: string }>(
      sql`select id::text from customers where tenant_id = ${this.tenantId} order by customers.id limit 1`,
    );
    if (!car || !customer) return;
    await this.call(day, '16:00', 'manager', 'POST', '/api/product-quotes', {
      customerId: customer.id,
      cityId: car.cityId,
      modelId: car.modelId,
      quantity: 12,
      termMonths: 24,
      rent: 398_000,
      deposit: 300_000,
      maintenancePlan: 1,
      validUntil: addDays(day, 30),
      explanation: '车队客户年度续签，批量 12 台，竞品报价 4,100 元/月，申请优惠价',
    });
  }

  /** A day of a lease: what the driver pays, what happens to the lease, its renewal or its return at the end. */
  private async leaseDay(current: Lease, day: string, owed: Owed[], order: OrderState | undefined): Promise<void> {
    const age = daysBetween(current.startedOn, day);
    let owing = owed;
    // A relief is asked on the first day from its `at` a bill of the order falls due (the car stood still that
    // month), and decided before the driver pays what is left of it.
    const relief = current.story.events?.find((event) => event.kind === 'relief');
    if (relief && !current.relieved && age >= relief.at && owed.some((row) => row.due_date === day)) {
      current.relieved = true;
      await this.askRelief(day, 'finance', true, current.orderId);
      owing = (await this.owedOn(day)).filter((row) => row.driver_id === current.driverId);
    }
    if (!current.endedOn) await this.pay(current, day, age, owing);
    // A recovery of bad debt may come after the car is back: the account outlives the lease.
    for (const event of current.story.events ?? []) {
      if (event.kind === 'relief' || event.at !== age) continue;
      if (!current.endedOn || event.kind === 'recovery') await this.happen(current, event, day);
    }
    if (current.endedOn || !order || order.status !== 3 || order.delivery_state !== 1) return;
    if (current.story.ending === 'renewal' && !current.renewalId && day === addDays(order.end_date, -12)) {
      const renewal = await this.call<{ renewalId: string }>(
        day,
        '10:00',
        'ops',
        'POST',
        `/api/lease-orders/${current.orderId}/continue`,
        { termMonths: 6, rent: current.story.rent },
      );
      current.renewalId = renewal.renewalId;
      await this.call(day, '10:05', 'ops', 'POST', `/api/lease-orders/${renewal.renewalId}/submit`);
      await this.decide(day, '15:00', 'manager', 1, renewal.renewalId);
      await this.decide(day, '16:40', 'finance', 1, renewal.renewalId);
    }
    const { ending } = current.story;
    if ((ending === 'return' || ending === 'returnDamaged') && day === order.end_date) {
      await this.settle(current, day, 'ops', ending === 'returnDamaged' ? 150_000 : 0);
    }
  }

  /**
   * The driver's money of the day, as 财务 records it from the bank statement: everything owed once something
   * fell due `days` ago (a late payer), or that share of it (one who pays part), or nothing once they stopped.
   */
  private async pay(current: Lease, day: string, age: number, owed: Owed[]): Promise<void> {
    const payer = current.story.payer;
    if (payer.kind === 'stops' && age > payer.after) return;
    const lag = payer.kind === 'late' ? payer.days : 0;
    const cutoff = addDays(day, -lag);
    if (!owed.some((row) => row.due_date === cutoff)) return;
    const total = owed.filter((row) => row.due_date <= cutoff).reduce((sum, row) => sum + row.owed, 0);
    const amount = payer.kind === 'partly' ? Math.max(100, Math.round(total * payer.share)) : total;
    const way = Number(current.driverId) % 4;
    await this.call(day, '16:20', 'finance', 'POST', '/api/payments', {
      driverId: current.driverId,
      amount,
      paidOn: day,
      channel: [2, 3, 4, 6][way] as number,
      reference: `${['YH', 'WX', 'ZFB', 'DK'][way]}${day.replaceAll('-', '')}${current.orderId.padStart(6, '0')}`,
    });
  }

  private async happen(current: Lease, event: Event, day: string): Promise<void> {
    if (event.kind === 'exchange') await this.exchange(current, day, 'ops', event);
    else if (event.kind === 'delay') await this.askDelay(current, day, 'ops', true, event.months);
    else if (event.kind === 'recovery') await this.recover(current, day, event.share);
    // 订单解除: the driver gives the car back early; the order's 商务约定事项 has 违约金 (two months' rent).
    else if (event.kind === 'terminate') await this.settle(current, day, 'ops', 0, true, 2 * current.story.rent);
  }

  /** The week's collection round: each open overdue account called by 财务; bad debt assigned to the 运营经理. */
  private async collect(day: string): Promise<void> {
    // Each open account called when it opens, then every two weeks — four times at most while it is not bad debt;
    // a bad debt is the 运营经理's group's to call on (坏账分级配置), assigned by 财务.
    const open = await this.query<{ id: string; overdue_days: number; collector_id: string | null; bad: boolean }>(sql`
      select c.id::text, c.overdue_days, c.collector_id::text, coalesce(l.bad_debt, false) as bad
      from overdue_cases c left join bad_debt_levels l on l.id = c.level_id
      where c.tenant_id = ${this.tenantId} and c.status = 1 and (c.contacts < 4 or l.bad_debt)
        and (c.last_contact_at is null or c.last_contact_at < ${`${day}T00:00:00+08:00`}::timestamptz - interval '13 days')
      order by c.id`);
    for (const [index, account] of open.entries()) {
      const reached = (account.overdue_days + index) % 3 !== 0;
      const body = reached
        ? { way: 1, reached: true, result: '客户称近期网约车流水下降，承诺本周内还款' }
        : { way: 2, reached: false, result: '电话无人接听，已发送逾期提醒短信' };
      if (account.bad) {
        if (!account.collector_id) {
          await this.call(day, '09:00', 'finance', 'POST', `/api/overdue-cases/${account.id}/assign`, {
            collectorId: String(this.tokens.manager.userId),
          });
        }
        await this.call(day, '15:00', 'manager', 'POST', `/api/overdue-cases/${account.id}/call-bad-debt`, {
          ...body,
          ...(reached ? {} : { way: 4 }),
        });
      } else {
        await this.call(day, '11:00', 'finance', 'POST', `/api/overdue-cases/${account.id}/call`, body);
      }
    }
  }
}
