import { asc, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { tenants } from '../identity/tables';
import { seedEachBranch } from '../seed/branches';
import { branchCompanies } from './tables';

/** Each demo branch company's record: what its 公司运营配置 holds (invented, checksums valid). */
const records = [
  {
    fullName: '北京畅行汽车租赁有限公司',
    creditCode: '91110108MA01A2B3CF',
    legalRepresentative: '赵明',
    registeredAddress: '北京市海淀区中关村大街27号8层801',
    businessLines: [1, 2, 3, 4],
    permitNo: '京交运管许可海字110108012345号',
    signingEntity: '北京畅行汽车租赁有限公司',
    bankAccountName: '北京畅行汽车租赁有限公司',
    bankName: '招商银行北京中关村支行',
    bankAccountNo: '110912345610801',
    invoiceTaxNo: '91110108MA01A2B3CF',
    invoiceAddressPhone: '北京市海淀区中关村大街27号8层801 010-62345678',
    invoiceBankAccount: '招商银行北京中关村支行 110912345610801',
    graceDays: 3,
    lateFeeRate: 5,
    permitDays: 400,
  },
  {
    fullName: '上海畅行汽车租赁有限公司',
    creditCode: '91310115MA1K4B5C6W',
    legalRepresentative: '钱蕾',
    registeredAddress: '上海市浦东新区张江路88号5幢302室',
    businessLines: [1, 3],
    permitNo: '沪交运管许可浦字310115006789号',
    signingEntity: '上海畅行汽车租赁有限公司',
    bankAccountName: '上海畅行汽车租赁有限公司',
    bankName: '中国工商银行上海张江支行',
    bankAccountNo: '1001234509000123456',
    invoiceTaxNo: '91310115MA1K4B5C6W',
    invoiceAddressPhone: '上海市浦东新区张江路88号5幢302室 021-58761234',
    invoiceBankAccount: '中国工商银行上海张江支行 1001234509000123456',
    graceDays: 5,
    lateFeeRate: 8,
    // Expires within the warning days: the list shows it 证件即将到期.
    permitDays: 40,
  },
];

/**
 * The demo branch companies' 公司运营配置, set up a year ago; their operating cities are those of their legal
 * entities (`companies`). Their app keys are the demo's (`seed/demo-app.ts`).
 */
export async function seedBranchCompanies(db: Db) {
  await seedEachBranch(db, branchCompanies, (branch) => {
    const { permitDays, ...record } = records[Math.min(branch.index, records.length - 1)] as (typeof records)[number];
    return [
      {
        ...record,
        shortName: branch.name,
        invoiceTitle: record.fullName,
        status: 1,
        billLeadDays: 5,
        powerOffSpeedKmh: 5,
        permitExpiry: branch.day(-permitDays),
        createdAt: branch.ago(365),
        updatedAt: branch.ago(30),
      },
    ];
  });
  await db.execute(sql`
    insert into branch_company_cities (company_id, city_id, tenant_id)
    select distinct b.id, c.city_id, b.tenant_id
    from ${branchCompanies} b join companies c on c.tenant_id = b.tenant_id
    where c.city_id is not null
    on conflict do nothing`);
}

/**
 * Every start: a branch company without its 公司运营配置 row (a first install's) gets one named after it, on the
 * default parameters, for its administrator to complete on 编辑公司.
 */
export async function ensureBranchCompanies(db: Db) {
  for (const tenant of await db.select().from(tenants).orderBy(asc(tenants.id))) {
    await db
      .insert(branchCompanies)
      .values({ tenantId: tenant.id, shortName: tenant.name, fullName: tenant.name })
      .onConflictDoNothing();
  }
}
