import { beijingDay, pointsTaskCodes as task } from '@cp/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { atBusinessTime, businessNow } from '../clock';
import type { Db, Executor } from '../db';
import { drivers } from '../drivers/tables';
import { tenants, users } from '../identity/tables';
import { awardPoints } from './award';
import { ensureTaskCatalogue } from './catalogue';
import { runPointsExpiry } from './expiry';
import { adjustPoints, spendPoints } from './ledger';
import { pointsEntries } from './tables';

const hour = 3_600_000;
const historyDays = 150;
/** Days (ago) the demo's expiry job ran on, as the hourly job would have; the article points expire after 3 months. */
const expiryDays = new Set([56, 42, 28, 14, 7, 2]);
const goods = [
  ['车载香薰', 300],
  ['洗车券', 150],
  ['手机支架', 500],
  ['保养代金券', 800],
] as const;

/** A steady pseudo-random number 0–99 for a driver and a day: the demo reads the same every time. */
const chance = (driver: number, day: number, salt: number) =>
  ((driver * 7919 + day * 104_729 + salt * 31) % 9973) % 100;

interface DemoDriver {
  index: number;
  id: number;
}

/** What one driver did on one day (`ago` days back), written through the services as the events would. */
async function driverDay(
  tx: Executor,
  tenantId: number,
  adminId: number,
  driver: DemoDriver,
  ago: number,
  day: string,
) {
  const holder = { tenantId, driverId: driver.id, userId: null };
  const keen = driver.index % 3 !== 2;
  const at = (hours: number, work: () => Promise<unknown>) =>
    atBusinessTime(new Date(businessNow().getTime() + hours * hour), work);
  if (chance(driver.index, ago, 1) < (keen ? 75 : 35)) {
    await at(0, () =>
      awardPoints(tx, { ...holder, task: task.checkIn, bizType: 'checkIn', bizId: `${driver.id}:${day}` }),
    );
  }
  if (ago % 30 === (driver.index * 3) % 30) {
    const bizId = `${day}:${driver.id}`;
    await at(2, () => awardPoints(tx, { ...holder, task: task.safetyMeeting, bizType: 'safetyMeeting', bizId }));
  }
  if (chance(driver.index, ago, 2) < 12) {
    await at(3, () =>
      awardPoints(tx, { ...holder, task: task.stationVisit, bizType: 'stationVisit', bizId: `${driver.id}:${day}` }),
    );
  }
  for (let read = 0; read < chance(driver.index, ago, 3) % 4; read += 1) {
    const bizId = `${driver.id}:${day}:${read}`;
    await at(4, () => awardPoints(tx, { ...holder, task: task.article, bizType: 'article', bizId, title: '阅读文章' }));
  }
  if (ago % 14 === driver.index % 14) {
    await at(5, () =>
      awardPoints(tx, { ...holder, task: task.safetyVideo, bizType: 'safetyVideo', bizId: `${driver.id}:${day}` }),
    );
  }
  if (keen && ago % 35 === (driver.index * 5) % 35) {
    const [name, points] = goods[(driver.index + ago) % goods.length] ?? goods[0];
    // An exchange the driver cannot afford yet is simply not made (the app would have refused it).
    await at(6, () =>
      spendPoints(tx, {
        ...holder,
        points,
        bizType: 'exchange',
        bizId: `${driver.id}:${day}`,
        title: `积分兑换：${name}`,
      }),
    ).catch(() => undefined);
  }
  if (driver.index === 0 && ago === 20) {
    await at(7, () =>
      adjustPoints(tx, { ...holder, userId: adminId, points: 100, reason: '安全驾驶月度表彰（零事故）' }),
    );
  }
  if (driver.index === 1 && ago === 9) {
    await at(7, () => adjustPoints(tx, { ...holder, userId: adminId, points: -10, reason: '重复签到的积分扣回' }));
  }
}

/**
 * Five months of points for eight drivers of each branch company, day by day through the services — sign-ins,
 * safety meetings, station visits, articles, videos, exchanges and two adjustments — with the expiry job run
 * on its days, so every row and balance is what the rules give. Rent paid on time has earned points already
 * (the lease book's payments).
 */
export async function seedDemoPoints(db: Db): Promise<void> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.loginId, 'admin'));
  if (!admin) return;
  const now = businessNow();
  const branches: { tenantId: number; drivers: DemoDriver[] }[] = [];
  for (const tenant of await db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id))) {
    const [seeded] = await db
      .select({ id: pointsEntries.id })
      .from(pointsEntries)
      .where(and(eq(pointsEntries.tenantId, tenant.id), eq(pointsEntries.bizType, 'checkIn')))
      .limit(1);
    if (seeded) continue;
    await ensureTaskCatalogue(db, tenant.id);
    const some = await db
      .select({ id: drivers.id })
      .from(drivers)
      .where(eq(drivers.tenantId, tenant.id))
      .orderBy(asc(drivers.id))
      .limit(8);
    branches.push({ tenantId: tenant.id, drivers: some.map((driver, index) => ({ index, id: driver.id })) });
  }
  if (branches.length === 0) return;
  for (let ago = historyDays; ago >= 1; ago -= 1) {
    // 08:00 Beijing of the day: its events follow through the day.
    const morning = new Date(now.getTime() - ago * 24 * hour);
    const day = beijingDay(morning);
    const start = new Date(Date.parse(`${day}T08:00:00+08:00`));
    await atBusinessTime(start, () =>
      db.transaction(async (tx) => {
        for (const branch of branches) {
          for (const driver of branch.drivers) await driverDay(tx, branch.tenantId, admin.id, driver, ago, day);
        }
      }),
    );
    if (expiryDays.has(ago))
      await atBusinessTime(new Date(start.getTime() + 14 * hour), () => runPointsExpiry(db, day));
  }
}
