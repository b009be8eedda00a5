import { addDays, beijingDay } from '@cp/contracts';
import { asc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { atBusinessTime } from '../clock';
import { loadConfig } from '../config';
import type { Database, Db } from '../db';
import { runBillingDay } from '../finance/billing';
import { runOverdueDay } from '../finance/overdue';
import { refreshRentTrends } from '../finance/trends';
import { tenants } from '../identity/tables';
import { startDueRenewals } from '../orders/renewals';
import { voucherImage } from './approvals';
import { storeSeedPng } from './files';
import { BranchStaff, type Car, type Tokens } from './history-staff';
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

interface Lease {
  story: Story;
  orderId: string;
  driverId: string;
  car: Car;
  /** The day of its handover, and the day the lease ended (returned, terminated) if it did. */
  startedOn: string;
  /** Since when the driver has this car (the handover, or the exchange). */
  carSince: string;
  /** Whether its relief was asked. */
  relieved?: boolean;
  endedOn?: string;
  renewalId?: string;
}

/** What the first start replays, and through which app; the app is the console's, closed at the end. */
export async function replayLeaseHistory(db: Db, options: { dataDir?: string | undefined; today?: string }) {
  // The app is lent the database for the replay and never closes it; it serves no health check either.
  const database: Database = { db, engine: 'pglite', close: async () => undefined };
  const today = options.today ?? beijingDay(new Date());
  const defaults = loadConfig({});
  const config = {
    ...defaults,
    dataDir: options.dataDir ?? defaults.dataDir,
    jobs: { ...defaults.jobs, worker: false },
  };
  const app = await buildApp({ config, database, logger: false, businessTimeHeader: true });
  const histories: History[] = [];
  try {
    for (const [index, tenant] of (await database.db.select().from(tenants).orderBy(asc(tenants.id))).entries()) {
      // The first branch company has the whole history; the others its last eight months, every other lease.
      const begins = index === 0 ? 0 : otherBranchesBegin;
      const plan = stories.filter((story) => story.start >= begins).filter((_, at) => index === 0 || at % 2 === 0);
      const history = new History(app, database.db, tenant.id, plan, begins, addDays(today, -1), options.dataDir);
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
        await startDueRenewals(database.db, day);
        for (const history of histories) {
          if (offset < history.begins) continue;
          await runBillingDay(database.db, history.tenantId, day);
          await runOverdueDay(database.db, history.tenantId, day);
        }
      });
      for (const history of histories) if (offset >= history.begins) await history.live(offset, day);
      if (offset === historyDays) for (const history of histories) await history.finish(day);
    }
    await startDueRenewals(database.db, today);
    for (const history of histories) {
      await runBillingDay(database.db, history.tenantId, today);
      await runOverdueDay(database.db, history.tenantId, today);
    }
  } finally {
    for (const history of histories) await history.close();
    await app.close();
  }
}

/** One branch company's history, replayed. */
class History extends BranchStaff {
  private leases: Lease[] = [];

  constructor(
    app: FastifyInstance,
    db: Db,
    tenantId: number,
    private plan: Story[],
    /** The day (from the first) its history begins. */
    readonly begins: number,
    /** The history's last day (yesterday), whose open work is left to today. */
    private lastDay: string,
    dataDir: string | undefined,
  ) {
    super(app, db, tenantId, dataDir);
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

  /**
   * 减免 of the oldest bill still owing (of the order, or any): half of it, 车辆故障停运 — asked by `who`;
   * decided by the 运营经理 and then, 财务 having asked, the administrator in 财务's place (when `decided`).
   */
  private async askRelief(day: string, who: keyof Tokens, decided: boolean, orderId?: string): Promise<void> {
    const [bill] = await this.query<{ id: string; owed: number }>(sql`
      select id::text, (amount + late_fee - received - relieved)::int as owed from bills
      where tenant_id = ${this.tenantId} and status in (2, 3, 5) and amount + late_fee - received - relieved > 1
        ${orderId ? sql`and order_id = ${Number(orderId)}` : sql``}
        and not exists (select 1 from bill_reliefs r where r.bill_id = bills.id and r.status = 1)
      order by due_date, id limit 1`);
    if (!bill) return;
    await this.call(day, '10:30', who, 'POST', `/api/bills/${bill.id}/relief`, {
      amount: Math.floor(bill.owed / 2),
      reason: '车辆故障停运维修，减免停运期间租金',
    });
    const [relief] = await this.query<{ id: string }>(
      sql`select id::text from bill_reliefs where bill_id = ${Number(bill.id)} order by bill_reliefs.id desc limit 1`,
    );
    const reliefId = String(relief?.id);
    if (!decided) return;
    await this.decide(day, '13:00', 'manager', 6, reliefId);
    if (day !== this.lastDay) await this.decide(day, '14:00', 'admin', 6, reliefId);
  }

  /** 换车: asked by `who`, approved by the 运营经理 (when `decide`), the cars swapped the same afternoon. */
  private async exchange(
    current: Lease,
    day: string,
    who: keyof Tokens,
    how: { damage?: number; rentDifference?: number; handOver?: boolean; decide?: boolean },
  ): Promise<void> {
    const car = await this.buyCar(day);
    if (!car) return;
    const asked = await this.call<{ exchangeId: string }>(
      day,
      '09:30',
      who,
      'POST',
      `/api/lease-orders/${current.orderId}/exchange`,
      { newVehicleId: car.id, reason: '车辆故障，更换同型号车辆', rentDifference: how.rentDifference ?? 0 },
    );
    if (how.decide === false) return;
    await this.decide(day, '11:00', 'manager', 9, asked.exchangeId);
    if (how.handOver === false) return;
    const damage = how.damage ?? 0;
    await this.call(day, '15:30', 'ops', 'POST', `/api/exchange-orders/${asked.exchangeId}/handover`, {
      oldMileage: driven(current, day),
      oldEnergyLevel: 50,
      oldDamage: damage ? '左后门凹陷' : '无',
      ...(damage ? { oldDamageFee: damage } : {}),
      newMileage: car.mileage,
      newEnergyLevel: 95,
    });
    this.promised.delete(car.id);
    current.car = car;
    current.carSince = day;
  }

  /** 延期: asked by `who`, decided by the 运营经理 and 财务 (when `decided`). */
  private async askDelay(current: Lease, day: string, who: keyof Tokens, decided = false, months = 3): Promise<void> {
    const asked = await this.call<{ changeRequestId: string }>(
      day,
      '10:00',
      who,
      'POST',
      `/api/lease-orders/${current.orderId}/delay`,
      { extraMonths: months },
    );
    if (!decided) return;
    await this.decide(day, '14:00', 'manager', 10, asked.changeRequestId);
    await this.decide(day, '16:00', 'finance', 10, asked.changeRequestId);
  }

  /**
   * The car comes back: 退租, 还车验收 and the settlement calculated by `who` — then (when `approved`) the
   * settlement approved by the 运营经理 and 财务, and the deposit refund approved and paid out by 财务.
   */
  private async settle(
    current: Lease,
    day: string,
    who: keyof Tokens,
    damageFee: number,
    approved = true,
    penaltyFee = 0,
    deciders: [keyof Tokens, keyof Tokens] = ['manager', 'finance'],
  ): Promise<void> {
    await this.call(day, '09:00', 'ops', 'POST', `/api/lease-orders/${current.orderId}/end-lease`, {
      reason: penaltyFee ? '司机提前退租' : '租期届满退车',
    });
    const [order] = await this.query<{ return_id: string }>(
      sql`select return_id::text from lease_orders where id = ${Number(current.orderId)}`,
    );
    await this.call(day, '10:30', 'ops', 'POST', `/api/vehicle-returns/${order?.return_id}/accept`, {
      mileage: driven(current, day),
      energyLevel: 60,
      damage: damageFee ? '前保险杠破损' : '',
      photos: [],
    });
    current.endedOn = day;
    const sheet = await this.call<{ settlementId: string; total: number }>(
      day,
      '11:30',
      who,
      'POST',
      `/api/return-calculations/${current.orderId}/calculate`,
      {
        accountingUnitId: this.unitId,
        ...(damageFee ? { damageFee, damageNote: '前保险杠破损，更换' } : {}),
        ...(penaltyFee ? { penaltyFee } : {}),
      },
    );
    if (!approved) return;
    await this.decide(day, '15:00', deciders[0], 4, sheet.settlementId);
    await this.decide(day, '16:30', deciders[1], 4, sheet.settlementId);
    const [refund] = await this.query<{ id: string }>(
      sql`select id::text from deposit_refunds where settlement_id = ${Number(sheet.settlementId)}`,
    );
    if (!refund || day >= addDays(this.lastDay, -2)) return;
    const next = addDays(day, 2);
    await this.decide(next, '10:00', 'manager', 5, refund.id);
    await this.decide(next, '10:30', 'finance', 5, refund.id);
    await this.call(addDays(day, 3), '11:00', 'finance', 'POST', `/api/deposit-refunds/${refund.id}/pay`, {
      payeeName: '司机本人',
      bankName: '中国建设银行',
      bankAccount: '6217000010001234569',
      paidOn: addDays(day, 3),
      paymentReference: `TK${addDays(day, 3).replaceAll('-', '')}${refund.id.padStart(5, '0')}`,
    });
  }

  /** 线下收款 recorded by 财务 with their vouchers: 财务 alone confirms money, so the administrator decides them. */
  private async offlinePayment(day: string): Promise<void> {
    if (!this.dataDir) return;
    const payments = [
      {
        payer: '北京顺达汽车服务有限公司',
        amount: 2_560_000,
        time: '10:20',
        purpose: '车队客户上季度租金（银行转账到对公账户）',
      },
      {
        payer: '北京顺达汽车服务有限公司',
        amount: 1_280_000,
        time: '17:10',
        purpose: '车队客户季度租金（银行转账到对公账户）',
      },
    ];
    for (const [index, payment] of payments.entries()) {
      const voucher = await storeSeedPng(this.db, this.dataDir, this.tenantId, '门店收款凭证.png', voucherImage());
      const reference = `LX${day.replaceAll('-', '')}000${index + 1}`;
      await this.call(day, payment.time, 'finance', 'POST', '/api/offline-payments', {
        payerName: payment.payer,
        amount: payment.amount,
        method: 2,
        receivedOn: day,
        reference,
        purpose: payment.purpose,
        vouchers: [voucher],
      });
      if (index > 0) continue;
      // The first confirmed by the administrator the same afternoon (线下已办); the second waits (线下审批).
      const [row] = await this.query<{ id: string }>(
        sql`select id::text from offline_payments where tenant_id = ${this.tenantId} and reference = ${reference}`,
      );
      await this.decide(day, '15:40', 'admin', 7, String(row?.id));
    }
  }

  /** 坏账回款: the collector registers money a bad-debt customer paid (with the voucher); 财务 confirms it. */
  private async recover(current: Lease, day: string, share: number): Promise<void> {
    const [account] = await this.query<{ id: string; owed: number }>(sql`
      select c.id::text, (c.overdue_amount + c.late_fee)::int as owed from overdue_cases c
      join bad_debt_levels l on l.id = c.level_id and l.bad_debt
      where c.order_id = ${Number(current.orderId)} and c.status = 1`);
    if (!account || !this.dataDir) return;
    const voucher = await storeSeedPng(this.db, this.dataDir, this.tenantId, '坏账回款凭证.png', voucherImage());
    const recovery = await this.call<{ id: string }>(day, '10:00', 'manager', 'POST', '/api/bad-debt-recoveries', {
      caseId: account.id,
      amount: Math.max(100, Math.round(account.owed * share)),
      arrivedOn: day,
      channel: 2,
      payerName: '司机本人',
      reference: `HK${day.replaceAll('-', '')}${account.id.padStart(5, '0')}`,
      vouchers: [voucher],
    });
    await this.call(
      addDays(day, 1),
      '10:30',
      'finance',
      'POST',
      `/api/bad-debt-recoveries/${recovery.id}/confirm-arrival`,
    );
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

/** The odometer of the lease's car on `day`: a ride-hailing car runs about 260 km a day. */
const driven = (current: Lease, day: string) => current.car.mileage + 260 * daysBetween(current.carSince, day);

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
