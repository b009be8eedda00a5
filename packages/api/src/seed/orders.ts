import '../orders/family';
import { beijingDay, creditCodeCheckCharacter } from '@cp/contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../db';
import { writtenBy } from '../db/columns';
import { drivers } from '../drivers/tables';
import { tenants, users } from '../identity/tables';
import { accountingUnits, driverApplications } from '../orders/tables';
import { vehicles } from '../vehicles/tables';

const day = 86_400_000;

/**
 * What the lease book needs before its first order, in each branch company: its 核算主体 and the 司机申请 from
 * the app waiting for review. The orders themselves are the replayed history's (lease-history.ts).
 */
export async function seedDemoOrderReferences(db: Db, now = new Date()): Promise<void> {
  const [placer] = await db.select({ id: users.id }).from(users).where(eq(users.loginId, 'manager'));
  if (!placer) return;
  for (const tenant of await db.select().from(tenants).orderBy(asc(tenants.id))) {
    await seedAccountingUnits(db, tenant.id, tenant.name, placer.id);
    await seedDriverApplications(db, tenant.id, now);
  }
}

/** 核算主体: two legal entities of each branch company, with credit codes that pass their check. */
async function seedAccountingUnits(db: Db, tenantId: number, tenantName: string, userId: number): Promise<void> {
  const city = tenantName.replace(/分公司$/, '');
  const shanghai = city === '上海';
  const division = shanghai ? '310115' : '110105';
  const codeOf = (serial: string) => {
    const first17 = `91${division}MA0${tenantId}${serial}X`;
    return `${first17}${creditCodeCheckCharacter(first17)}`;
  };
  const street = shanghai ? '浦东新区世纪大道' : '朝阳区建国路';
  const phone = shanghai ? '021-50880001' : '010-65880001';
  const rows = [
    {
      name: `${city}畅行汽车租赁有限公司`,
      taxNo: codeOf('B2C3'),
      bankName: '招商银行股份有限公司营业部',
      bankAccount: `11090${tenantId}2345678901`,
      address: `${city}市${street}88号`,
      phone,
    },
    {
      name: `${city}畅行融资租赁有限公司`,
      taxNo: codeOf('D4E5'),
      bankName: '中国工商银行股份有限公司支行',
      bankAccount: `02000${tenantId}9876543210`,
      address: `${city}市${street}18号`,
      phone,
    },
  ];
  await db
    .insert(accountingUnits)
    .values(rows.map((row) => ({ ...row, ...writtenBy({ tenantId, userId }) })))
    .onConflictDoNothing();
}

const applicationMessages = [
  '想跑网约车，周末可以来看车吗？',
  '之前在别家租过，想换一辆新能源车',
  '有出租车从业资格证，想长期租',
  null,
  '希望月租能便宜一点',
  '下个月初需要用车',
  '朋友推荐来的',
  '驾驶证照片稍后补传',
];

/** 司机申请 from the app: six waiting for review and two refused, over the branch company's drivers. */
async function seedDriverApplications(db: Db, tenantId: number, now: Date): Promise<void> {
  const [existing] = await db
    .select({ id: driverApplications.id })
    .from(driverApplications)
    .where(eq(driverApplications.tenantId, tenantId))
    .limit(1);
  if (existing) return;
  const people = await db
    .select({ id: drivers.id, cityId: drivers.cityId })
    .from(drivers)
    .where(and(eq(drivers.tenantId, tenantId), eq(drivers.status, 1)))
    .orderBy(desc(drivers.id))
    .limit(8);
  const models = await db
    .select({ modelId: vehicles.modelId })
    .from(vehicles)
    .where(eq(vehicles.tenantId, tenantId))
    .groupBy(vehicles.modelId)
    .limit(4);
  if (people.length === 0 || models.length === 0) return;
  await db.insert(driverApplications).values(
    people.map((person, index) => {
      const at = new Date(now.getTime() - (index * 26 + 5) * 3_600_000);
      const refused = index >= 6;
      return {
        tenantId,
        applicationNo: `SQ${beijingDay(at).replaceAll('-', '')}${String(tenantId).padStart(2, '0')}${String(index + 1).padStart(4, '0')}`,
        driverId: person.id,
        cityId: person.cityId,
        modelId: (models[index % models.length] as { modelId: number }).modelId,
        rentalMode: index % 3,
        wantedDate: beijingDay(new Date(at.getTime() + 10 * day)),
        termMonths: [12, 24, 36][index % 3],
        message: applicationMessages[index] ?? null,
        status: refused ? 2 : 0,
        refuseReason: refused ? '驾龄不满三年，暂不符合租赁条件' : null,
        reviewedAt: refused ? new Date(at.getTime() + 4 * 3_600_000) : null,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
}
