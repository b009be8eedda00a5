import { addDays, approvalBusinessTypes, beijingDay, nationalIdCheckCharacter } from '@cp/contracts';
import { asc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { tenants } from '../identity/tables';
import { voucherImage } from '../seed/approvals';
import { storeSeedFile } from '../seed/files';
import { BranchStaff, type Car } from '../seed/history-staff';
import { catchUpFleetBilling } from './billing';

type Line = { car: Car; rent: number; leaseType: number };

/**
 * A branch company's B端 book, made through the console's API on past business days: an order in force whose
 * three cars went out fifty days ago (one back since), one completed, one waiting for its approval, one turned
 * down, one draft.
 */
class FleetBook extends BranchStaff {
  private customers: string[] = [];

  async begin(): Promise<boolean> {
    this.customers = (
      await this.query<{ id: string }>(
        sql`select id::text from customers where tenant_id = ${this.tenantId} and kind in (1, 2) order by id limit 3`,
      )
    ).map((row) => row.id);
    // Cars bought for this book are numbered past the lease history's (their VINs and plates follow the count).
    this.bought = 9_000;
    return this.customers.length > 0 && (await this.startSessions());
  }

  buyCarFor(needed: string): Promise<Car | undefined> {
    return this.buyCar(needed);
  }

  async end(): Promise<void> {
    await this.endSessions();
  }

  private terms(day: string, customer: number, lines: Line[], contract: string) {
    return {
      customerId: this.customers[customer % this.customers.length],
      cityId: lines[0]?.car.cityId,
      contractNo: contract,
      signedOn: day,
      settlementMode: customer % 2 === 0 ? 1 : 2,
      billingDay: 5,
      paymentDays: 10,
      businessTerms: '车辆保险、年检由出租方负责；违章及罚款由承租方处理；提前还车需提前30天书面通知。',
      lines: lines.map(({ car, rent, leaseType }) => ({
        modelId: car.modelId,
        leaseType,
        monthlyRent: rent,
        rentRatio: 8_000,
        depositDue: 500_000,
        startDate: addDays(day, 3),
        endDate: addDays(day, 368),
        renewal: 1,
      })),
    };
  }

  async order(
    day: string,
    customer: number,
    lines: Line[],
    contract: string,
    end: 'draft' | 'asked' | 'rejected' | 'approved',
  ) {
    const order = await this.call<{ id: string }>(
      day,
      '10:20',
      'admin',
      'POST',
      '/api/fleet-orders',
      this.terms(day, customer, lines, contract),
    );
    if (end === 'draft') return order.id;
    await this.call(day, '10:40', 'admin', 'POST', `/api/fleet-orders/${order.id}/submit`, {});
    if (end === 'asked') return order.id;
    if (end === 'rejected') {
      const [task] = await this.query<{
        id: string;
      }>(sql`select id::text from approval_tasks where tenant_id = ${this.tenantId}
        and business_type = ${approvalBusinessTypes.fleetOrder} and business_id = ${Number(order.id)} and status = 0 limit 1`);
      await this.call(day, '15:10', 'manager', 'POST', `/api/approval-tasks/${task?.id}/reject`, {
        comment: '月租金低于区域指导价，请重新报价',
      });
      return order.id;
    }
    await this.decide(day, '14:30', 'manager', approvalBusinessTypes.fleetOrder, order.id);
    await this.decide(addDays(day, 1), '09:50', 'finance', approvalBusinessTypes.fleetOrder, order.id);
    return order.id;
  }

  /** 交车 (or 还车) of each car of the order with its checklist, photos and the receiver's signature. */
  async handOver(day: string, orderId: string, cars: Car[], action: 'deliver' | 'give-back', dataDir: string) {
    const rows = await this.query<{ id: string }>(
      sql`select id::text from fleet_order_cars where order_id = ${Number(orderId)} order by id`,
    );
    for (const [index, row] of rows.entries()) {
      const car = cars[index];
      if (!car) continue;
      const photo = async (name: string) => [
        await storeSeedFile(this.db, dataDir, this.tenantId, `${name}.png`, voucherImage()),
      ];
      const first17 = `3101151988${String(1 + (index % 12)).padStart(2, '0')}1${index}${String(this.tenantId % 100).padStart(2, '0')}3`;
      await this.call(day, '10:00', 'admin', 'POST', `/api/fleet-cars/${row.id}/${action}`, {
        ...(action === 'deliver' ? { vehicleId: car.id } : {}),
        mileage: car.mileage + (action === 'deliver' ? 5 : 3_200),
        energyLevel: action === 'deliver' ? 95 : 60,
        frontPhotos: await photo('车头'),
        rearPhotos: await photo('车尾'),
        leftPhotos: await photo('左侧'),
        rightPhotos: await photo('右侧'),
        dashboardPhotos: await photo('仪表盘'),
        keysCount: 2,
        accessories: [1, 2, 3, 4],
        documents: [1, 2, 3],
        receiverName: ['周立新', '孙海涛', '吴晓梅'][index % 3],
        receiverIdNo: first17 + nationalIdCheckCharacter(first17),
        signature: await photo('签名'),
      });
    }
  }
}

/** The B端 book of each branch company, then the night's billing of its cars' days up to today. */
export async function seedFleetOrders(db: Db, app: FastifyInstance, dataDir: string | undefined): Promise<void> {
  const today = beijingDay(new Date());
  for (const tenant of await db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id))) {
    const book = new FleetBook(app, db, tenant.id, dataDir);
    if (!(await book.begin())) continue;
    try {
      const at = (days: number) => addDays(today, -days);
      const running = [await book.buyCarFor(at(50)), await book.buyCarFor(at(50)), await book.buyCarFor(at(50))];
      const done = [await book.buyCarFor(at(40))];
      if (running.some((car) => !car) || !done[0]) continue;
      const cars = running as Car[];
      const line = (car: Car, rent: number, leaseType = 1): Line => ({ car, rent, leaseType });
      const inForce = await book.order(
        at(58),
        0,
        [line(cars[0] as Car, 520_000), line(cars[1] as Car, 520_000), line(cars[2] as Car, 480_000, 4)],
        `HT-B-${tenant.id}-0101`,
        'approved',
      );
      const completed = await book.order(
        at(45),
        1,
        [line(done[0] as Car, 390_000, 2)],
        `HT-B-${tenant.id}-0102`,
        'approved',
      );
      if (dataDir) {
        await book.handOver(at(50), inForce, cars, 'deliver', dataDir);
        await book.handOver(at(40), completed, done as Car[], 'deliver', dataDir);
        await book.handOver(at(12), completed, done as Car[], 'give-back', dataDir);
      }
      await book.order(
        at(3),
        2,
        [line(cars[0] as Car, 450_000), line(cars[1] as Car, 450_000)],
        `HT-B-${tenant.id}-0103`,
        'asked',
      );
      await book.order(at(6), 1, [line(cars[2] as Car, 300_000, 4)], `HT-B-${tenant.id}-0104`, 'rejected');
      await book.order(at(1), 0, [line(cars[1] as Car, 500_000, 3)], `HT-B-${tenant.id}-0105`, 'draft');
    } finally {
      await book.end();
    }
  }
  await catchUpFleetBilling(db, today);
}
