import { birthDateOfId, driverStatus, genderOfId, luhnCheckDigit, nationalIdCheckCharacter } from '@cp/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { rowsOf } from '../db/migrate';
import { drivers } from '../drivers/tables';
import { accounts } from '../identity/tables';
import { carReturns, deliveries, violations } from '../vehicles/record-tables';
import { vehicles } from '../vehicles/tables';
import { type Random, seededRandom } from './random';
import { driverGivenNames, driverSurnames } from './reference-data';
import { chinaDate, day } from './timeline';

/** Area codes of the places drivers come from (their ID's first six digits), by the city they drive in. */
const areaCodes = ['110105', '110108', '310115', '320102', '410105', '130102', '370102', '510104', '420106', '430103'];
const banks = ['中国工商银行', '中国建设银行', '中国农业银行', '中国银行', '招商银行', '交通银行'];
const bins = ['622202', '621700', '622848', '621661', '622588', '622260'];
const sources = ['门店到访', '老司机推荐', '抖音广告', '58同城', '线下地推', '公众号报名'];
const taxiCompanies = ['银建出租汽车公司', '首汽出租汽车公司', '金建出租汽车公司', '北方出租汽车公司'];
const relations = [1, 2, 4, 5];
const addresses = ['花园路12号院', '建设街道幸福里', '光明小区', '新村东里', '阳光家园', '和平路社区'];

const ageBirth = (random: Random, now: number) => {
  const born = new Date(now - random.int(24, 55) * 365.25 * day - random.int(0, 364) * day);
  return chinaDate(born.getTime()).replaceAll('-', '');
};

function nationalId(random: Random, now: number): string {
  const first17 = `${random.pick(areaCodes)}${ageBirth(random, now)}${String(random.int(0, 999)).padStart(3, '0')}`;
  return first17 + nationalIdCheckCharacter(first17);
}

function bankCard(random: Random): string {
  const body = `${random.pick(bins)}${String(random.int(0, 999_999_999_999)).padStart(12, '0')}`;
  return body + luhnCheckDigit(body);
}

/** A driver's row as someone would have entered it, registered at `registered`. */
function driverRow(random: Random, now: number, person: Partial<typeof drivers.$inferInsert>, registered: number) {
  const id = nationalId(random, now);
  const name = person.name ?? `${random.pick(driverSurnames)}${random.pick(driverGivenNames)}`;
  const kind = random.next() < 0.7 ? 1 : 2;
  const firstIssue = registered - random.int(4, 15) * 365 * day;
  // Most papers run for years; a few run out within the month, or have lately.
  const roll = random.next();
  const permitExpiry =
    roll < 0.08
      ? now + random.int(5, 25) * day
      : roll < 0.16
        ? now - random.int(1, 20) * day
        : Math.max(registered, now) + random.int(400, 1800) * day;
  return {
    kind,
    name,
    mobile:
      person.mobile ??
      `1${random.pick(['35', '38', '39', '58', '86', '88'])}${String(random.int(0, 99_999_999)).padStart(8, '0')}`,
    nationalId: id,
    gender: genderOfId(id),
    birthDate: birthDateOfId(id),
    cityId: person.cityId ?? 0,
    address: `${random.pick(addresses)}${random.int(1, 30)}号楼${random.int(1, 6)}单元${random.int(101, 1802)}`,
    licenseNo: id,
    licenseClass: random.next() < 0.85 ? 6 : 5,
    licenseFirstIssue: chinaDate(firstIssue),
    licenseExpiry: chinaDate(firstIssue + (random.next() < 0.5 ? 10 : 16) * 365 * day),
    permitNo: `${id.slice(0, 6)}${String(random.int(0, 999_999)).padStart(6, '0')}`,
    permitAuthority: kind === 1 ? '市交通运输委员会' : '市出租汽车管理局',
    permitExpiry: chinaDate(permitExpiry),
    taxiCompany: kind === 2 ? random.pick(taxiCompanies) : null,
    emergencyName: `${random.pick(driverSurnames)}${random.pick(driverGivenNames)}`,
    emergencyRelation: random.pick(relations),
    emergencyMobile: `13${String(random.int(0, 999_999_999)).padStart(9, '0')}`,
    bankName: random.pick(banks),
    bankCardNo: bankCard(random),
    bankCardHolder: name,
    source: random.pick(sources),
    status: person.status ?? driverStatus.active,
    statusReason: person.statusReason ?? null,
    createdAt: new Date(registered),
    updatedAt: new Date(Math.min(now, registered + random.int(0, 20) * day)),
  };
}

const earlier = (a: string | null, b: string | null) => [a, b].filter(Boolean).sort()[0] ?? null;

/** Who stopped being a 正常 driver, and why: a few frozen, blacklisted, churned, or waiting for review. */
const others: { status: number; reasons: readonly (string | null)[]; count: number }[] = [
  { status: driverStatus.pending, reasons: [null], count: 6 },
  { status: driverStatus.rejected, reasons: ['驾驶证照片不清晰，请重新上传', '网约车驾驶员证已过期'], count: 2 },
  { status: driverStatus.frozen, reasons: ['连续两期租金逾期', '车辆GPS长时间离线，待核实'], count: 3 },
  { status: driverStatus.blacklisted, reasons: ['恶意拖欠租金并失联', '多次私自转租车辆'], count: 2 },
  { status: driverStatus.churned, reasons: ['转行不再跑车', null], count: 3 },
];

/**
 * The branch company's drivers: one for each person the vehicle seed handed a car to (same name and phone;
 * the deliveries, returns and violations then name them by id), and a few more in every other status.
 * Idempotent: a mobile already kept is not written again, and only links still missing are made.
 */
export async function seedDemoDrivers(db: Db, tenantId: number, seed: number): Promise<void> {
  const random = seededRandom(seed);
  const now = Date.now();
  await db.transaction(async (tx) => {
    const handedOver = rowsOf<{ name: string; phone: string; city_id: number; first: Date }>(
      await tx.execute(sql`
        select d.driver_name as name, d.driver_phone as phone, min(v.city_id) as city_id, min(d.delivered_at) as first
        from ${deliveries} d join ${vehicles} v on v.id = d.vehicle_id
        where d.tenant_id = ${tenantId} group by d.driver_name, d.driver_phone order by min(d.delivered_at)`),
    );
    const salespeople = await tx
      .select({ id: accounts.userId })
      .from(accounts)
      .where(and(eq(accounts.tenantId, tenantId), eq(accounts.status, 1)))
      .orderBy(asc(accounts.id));
    const cityIds = await tx
      .selectDistinct({ id: vehicles.cityId })
      .from(vehicles)
      .where(eq(vehicles.tenantId, tenantId));
    if (cityIds.length === 0) return;
    const rows = handedOver.map((person) =>
      driverRow(
        random,
        now,
        { name: person.name, mobile: person.phone, cityId: Number(person.city_id) },
        new Date(person.first).getTime() - random.int(3, 20) * day,
      ),
    );
    for (const group of others) {
      for (let index = 0; index < group.count; index++) {
        const registered = now - random.int(group.status === driverStatus.pending ? 1 : 30, 200) * day;
        rows.push(
          driverRow(
            random,
            now,
            {
              cityId: random.pick(cityIds).id,
              status: group.status,
              statusReason: random.pick(group.reasons),
            },
            registered,
          ),
        );
      }
    }
    const values = rows.map((row) => ({
      ...row,
      tenantId,
      salespersonId: salespeople.length ? random.pick(salespeople).id : null,
      papersExpiry: earlier(row.licenseExpiry, row.permitExpiry),
    }));
    for (let start = 0; start < values.length; start += 500) {
      await tx
        .insert(drivers)
        .values(values.slice(start, start + 500))
        .onConflictDoNothing();
    }
    // Deliveries name their driver by id; returns and violations follow the delivery that had the car.
    await tx.execute(sql`update ${deliveries} d set driver_id = r.id from ${drivers} r
      where d.tenant_id = ${tenantId} and d.driver_id is null and r.tenant_id = d.tenant_id and r.mobile = d.driver_phone`);
    await tx.execute(sql`update ${carReturns} c set driver_id = d.driver_id from ${deliveries} d
      where c.tenant_id = ${tenantId} and c.driver_id is null and d.id = c.delivery_id`);
    await tx.execute(sql`update ${violations} x set driver_id = d.driver_id from ${deliveries} d
      where x.tenant_id = ${tenantId} and x.driver_id is null and x.driver_name is not null and d.vehicle_id = x.vehicle_id
        and d.driver_name = x.driver_name and d.delivered_at <= x.occurred_at`);
  });
}
