// What the staff ask for on a lease along the way, each through its approval as a user asks: 减免, 换车, 延期, the
// return and its settlement, 线下收款, money recovered from bad debt.
import { addDays } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { voucherImage } from './approvals';
import { storeSeedFile } from './files';
import { BranchStaff, type Car, type Tokens } from './history-staff';
import type { Story } from './lease-stories';

/** A lease of the history as it goes: its story, order, driver and car, and what has happened to it. */
export interface Lease {
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

/** A branch company's staff asking for what leases need on the way; `lastDay` is the history's last (yesterday). */
export class LeaseRequests extends BranchStaff {
  constructor(
    app: FastifyInstance,
    db: Db,
    tenantId: number,
    /** The history's last day (yesterday), whose open work is left to today. */
    protected lastDay: string,
    dataDir: string | undefined,
  ) {
    super(app, db, tenantId, dataDir);
  }

  /**
   * 减免 of the oldest bill still owing (of the order, or any): half of it, 车辆故障停运 — asked by `who`;
   * decided by the 运营经理 and then, 财务 having asked, the administrator in 财务's place (when `decided`).
   */
  protected async askRelief(day: string, who: keyof Tokens, decided: boolean, orderId?: string): Promise<void> {
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
  protected async exchange(
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
  protected async askDelay(current: Lease, day: string, who: keyof Tokens, decided = false, months = 3): Promise<void> {
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
  protected async settle(
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
  protected async offlinePayment(day: string): Promise<void> {
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
      const voucher = await storeSeedFile(this.db, this.dataDir, this.tenantId, '门店收款凭证.png', voucherImage());
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
  protected async recover(current: Lease, day: string, share: number): Promise<void> {
    const [account] = await this.query<{ id: string; owed: number }>(sql`
      select c.id::text, (c.overdue_amount + c.late_fee)::int as owed from overdue_cases c
      join bad_debt_levels l on l.id = c.level_id and l.bad_debt
      where c.order_id = ${Number(current.orderId)} and c.status = 1`);
    if (!account || !this.dataDir) return;
    const voucher = await storeSeedFile(this.db, this.dataDir, this.tenantId, '坏账回款凭证.png', voucherImage());
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
}

/** The odometer of the lease's car on `day`: a ride-hailing car runs about 260 km a day. */
const driven = (current: Lease, day: string) => current.car.mileage + 260 * daysBetween(current.carSince, day);

export const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
