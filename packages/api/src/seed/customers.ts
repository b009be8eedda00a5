import { creditCodeCheckCharacter, nationalIdCheckCharacter } from '@cp/contracts';
import { asc, eq } from 'drizzle-orm';
import { customers } from '../customers/tables';
import type { Db } from '../db';
import { tenants } from '../identity/tables';
import { cities, companies } from '../lookups/tables';

const day = 86_400_000;
const code = (first17: string) => first17 + creditCodeCheckCharacter(first17);
const idNumber = (first17: string) => first17 + nationalIdCheckCharacter(first17);

/** B端 terms (客户管理): companies bill monthly or quarterly on credit and take invoices; one is paused. */
function termsOf(
  row: { kind: number; name: string; mobile: string; address?: string; creditCode?: string },
  n: number,
) {
  const company = row.kind !== 3;
  return {
    settlementMode: [1, 2, 1, 4, 1, 5, 1][n] ?? 1,
    billingDay: [1, 5, 10, 15, 25, 1, 20][n] ?? 1,
    paymentDays: company ? 30 - (n % 3) * 10 : 7,
    creditLimit: company ? ([50_000_000, 20_000_000, 30_000_000, 80_000_000, 15_000_000][n] ?? 0) : 1_000_000,
    cooperationStatus: n === 2 ? 2 : 1,
    reconciliationContact: company ? '财务部 对账专员' : row.name,
    reconciliationMobile: row.mobile,
    ...(company
      ? {
          invoiceTitle: row.name,
          taxNumber: row.creditCode,
          invoiceAddressPhone: `${row.address ?? ''} 010-6${String(5_550_000 + n * 137)}`,
          invoiceBankAccount: `中国工商银行${row.name.slice(0, 2)}分行 0200 ${String(1_000_000_000 + n * 7_777)}`,
        }
      : {}),
  };
}

/** Customers of each kind per branch company (valid credit codes and IDs); kept by the unique code or ID. */
export async function seedDemoCustomers(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [index, tenant] of (await tx.select().from(tenants).orderBy(asc(tenants.id))).entries()) {
      const [home] = await tx
        .select({ id: cities.id, name: cities.name, code: cities.code })
        .from(companies)
        .innerJoin(cities, eq(cities.id, companies.cityId))
        .where(eq(companies.tenantId, tenant.id))
        .orderBy(asc(cities.id))
        .limit(1);
      if (!home) continue;
      const city = home.name.replace(/市$/, '');
      const area = home.code.slice(0, 4);
      const serial = (n: number) => String(index * 10 + n).padStart(2, '0');
      const company = (n: number, name: string, legal: string, contact: string) => ({
        name: `${city}${name}`,
        creditCode: code(`91${area}05MA01${serial(n)}X0K`),
        legalRepresentative: legal,
        contactName: contact,
        mobile: `139${serial(n)}${String(4_200_000 + n * 1371).slice(0, 6)}`,
        cityId: home.id,
        address: `${city}经济技术开发区科创路${n * 7 + 3}号`,
      });
      const rows = [
        { kind: 1, ...company(1, '市交通运输集团有限公司', '周建国', '王立新') },
        { kind: 1, ...company(2, '城市环境服务中心', '李海涛', '孙倩') },
        { kind: 1, ...company(3, '星河科技股份有限公司', '陈一鸣', '赵敏') },
        {
          kind: 2,
          ...company(4, '畅行汽车服务有限公司', '刘洋', '刘洋'),
          commissionRate: 350,
          region: `${city}及周边`,
        },
        { kind: 2, ...company(5, '途安出行科技有限公司', '黄志强', '许静'), commissionRate: 275, region: '华东大区' },
        {
          kind: 3,
          name: '马俊杰',
          mobile: `137${serial(6)}886612`,
          idNumber: idNumber(`${area}0519880312${serial(6)}1`),
          cityId: home.id,
        },
        {
          kind: 3,
          name: '林晓燕',
          mobile: `136${serial(7)}203318`,
          idNumber: idNumber(`${area}0519920717${serial(7)}2`),
          cityId: home.id,
          address: `${city}朝阳路18号院`,
        },
      ];
      const now = Date.now();
      await tx
        .insert(customers)
        .values(
          rows.map((row, n) => {
            const createdAt = new Date(now - (120 - n * 11 - index * 2) * day);
            return { ...row, ...termsOf(row, n), tenantId: tenant.id, createdAt, updatedAt: createdAt };
          }),
        )
        .onConflictDoNothing();
    }
  });
}
