import { addDays, retentionChannel } from '@cp/contracts';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { drivers } from '../drivers/tables';
import type { Feature } from '../feature';
import { tenants } from '../identity/tables';
import { leads } from '../leads/tables';
import { vehicleCatalog } from '../lookups/tables';
import { seedEachBranch } from '../seed/branches';
import { linkOfMobile } from './link';
import { alliancePartners, retentionFollowUps, retentionLeads } from './tables';

type DemoOptions = Parameters<NonNullable<Feature['demo']>>[1];

const partners = [
  {
    name: '鑫源二手车行',
    kind: 1,
    contactName: '周建国',
    staff: ['周建国', '孙丽'],
    days: 30,
    note: '保护期内转化每单500元',
  },
  {
    name: '安达驾校',
    kind: 2,
    contactName: '钱红',
    staff: ['钱红', '吴磊', '郑浩'],
    days: 60,
    note: '保护期内转化每单300元，季度结算',
  },
  { name: '优行出行', kind: 3, contactName: '冯涛', staff: ['冯涛'], days: 15, note: '互推客户，不计佣金' },
  {
    name: '司机帮平台',
    kind: 4,
    contactName: '陈静',
    staff: [],
    days: 30,
    note: '按转化数阶梯计佣：每月10单以上每单400元',
  },
] as const;

const names = [
  '刘洋',
  '陈思远',
  '张海涛',
  '王晓东',
  '李春明',
  '赵宇航',
  '孙志刚',
  '周明辉',
  '吴建华',
  '郑立伟',
  '冯晓峰',
  '何俊杰',
];

/** A demo mobile of the branch company: distinct per branch and row, in a range the demo's drivers leave alone. */
const mobileOf = (branch: number, n: number) => `1776${branch}${String(3100 + n * 37).padStart(6, '0')}`;

const results = [1, 2, 4, 2, 3] as const;
const contents = [
  '电话沟通，了解到目前在跑滴滴，想换新能源车，约周末到店看车',
  '已发送车型报价和押金政策，客户在比较两家',
  '未接通，稍后再打',
  '客户关心保险和维修费用，已详细说明全包方案',
  '客户表示暂时不换车，下个月再联系',
];

/**
 * The demo's 留资: each branch's four alliance partners; staff 留资 by phone and at the store and partners'
 * reports, some followed up, converted or given up; their follow-ups; then what the app sent over the last
 * weeks through the inbound API — some of it from mobiles the branch already knows as a 线索 or a driver, and
 * one form sent twice the same day.
 */
export async function seedRetention(db: Db, { app }: DemoOptions) {
  await seedEachBranch(db, alliancePartners, (branch) =>
    partners.map((partner, n) => ({
      name: partner.name,
      kind: partner.kind,
      contactName: partner.contactName,
      contactPhone: `1380${branch.index}${String(5200 + n * 13).padStart(6, '0')}`,
      staff: [...partner.staff],
      protectionDays: partner.days,
      commissionNote: partner.note,
      active: n !== 2 || branch.index !== 0,
      createdAt: branch.ago(200 - n * 20),
    })),
  );
  await seedEachBranch(db, retentionLeads, async (branch) => {
    const owned = await branch.tx
      .select({ id: alliancePartners.id, staff: alliancePartners.staff, days: alliancePartners.protectionDays })
      .from(alliancePartners)
      .where(eq(alliancePartners.tenantId, branch.tenantId))
      .orderBy(asc(alliancePartners.id));
    const [driver] = await branch.tx
      .select({ id: drivers.id, name: drivers.name })
      .from(drivers)
      .where(eq(drivers.tenantId, branch.tenantId))
      .orderBy(asc(drivers.id))
      .limit(1);
    const rows = [];
    for (let n = 0; n < 12; n++) {
      const alliance = n >= 6;
      const partner = owned[n % owned.length];
      const daysAgo = 3 + n * 6;
      const mobile = mobileOf(branch.index, n);
      const status = [0, 1, 1, 2, 3, 0][n % 6] ?? 0;
      const followUps = status === 0 ? 0 : 1 + (n % 3);
      const first = branch.ago(daysAgo, n);
      const link = await linkOfMobile(branch.tx, branch.tenantId, mobile);
      const protectedUntil = alliance && partner ? addDays(branch.day(daysAgo), partner.days) : null;
      const convertedAt = status === 2 ? branch.ago(daysAgo - 2) : null;
      rows.push({
        channel: alliance ? retentionChannel.alliance : retentionChannel.direct,
        contactName: names[n] ?? '王磊',
        mobile,
        cityId: branch.cityIds[n % branch.cityIds.length] ?? null,
        rentalMode: n % 3,
        source: alliance ? 4 : 2 + (n % 2),
        firstTouchAt: first,
        lastSubmittedAt: first,
        status,
        ...link,
        followUpCount: followUps,
        lastFollowedAt: followUps ? branch.ago(daysAgo - 1) : null,
        lastResult: followUps ? (results[(n + followUps - 1) % results.length] ?? 2) : null,
        nextFollowUpDate: status === 1 ? branch.day(-2 - (n % 5)) : null,
        ...(status === 2 && driver
          ? { convertedTo: 2, convertedAt, linkedDriverId: driver.id, linked: `司机：${driver.name}` }
          : {}),
        invalidReason: status === 3 ? '已在其他公司租车，无需求' : null,
        partnerId: alliance ? (partner?.id ?? null) : null,
        partnerStaff: alliance ? (partner?.staff[0] ?? null) : null,
        protectedUntil,
        partnerCredited:
          alliance && status === 2 ? Boolean(protectedUntil && branch.day(daysAgo - 2) <= protectedUntil) : null,
        createdAt: first,
        updatedAt: convertedAt ?? (followUps ? branch.ago(daysAgo - 1) : first),
      });
    }
    return rows;
  });
  await seedEachBranch(db, retentionFollowUps, async (branch) => {
    const followed = await branch.tx
      .select()
      .from(retentionLeads)
      .where(and(eq(retentionLeads.tenantId, branch.tenantId), gt(retentionLeads.followUpCount, 0)))
      .orderBy(asc(retentionLeads.id));
    return followed.flatMap((lead, n) =>
      Array.from({ length: lead.followUpCount }, (_, k) => {
        const last = k === lead.followUpCount - 1;
        const at =
          last && lead.lastFollowedAt
            ? lead.lastFollowedAt
            : new Date(lead.firstTouchAt.getTime() + (k + 1) * 3_600_000);
        return {
          leadId: lead.id,
          followedAt: at,
          way: (n + k) % 3,
          result: last ? (lead.lastResult ?? 2) : (results[(n + k) % results.length] ?? 2),
          content: contents[(n + k) % contents.length] ?? '电话沟通',
          nextFollowUpDate: last ? lead.nextFollowUpDate : null,
          followerName: '系统管理员',
          createdAt: at,
        };
      }),
    );
  });
  await sendFromApp(db, app);
}

/** What the app's 留资 form sent in each branch company over the last weeks, sent again through its inbound API. */
async function sendFromApp(db: Db, app: DemoOptions['app']) {
  const now = Date.now();
  for (const [index, tenant] of (
    await db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id))
  ).entries()) {
    const [sent] = await db
      .select({ id: retentionLeads.id })
      .from(retentionLeads)
      .where(and(eq(retentionLeads.tenantId, tenant.id), eq(retentionLeads.source, 1)))
      .limit(1);
    if (sent) continue;
    const known = [
      ...(await db
        .select({ name: drivers.name, mobile: drivers.mobile, id: drivers.id })
        .from(drivers)
        .where(eq(drivers.tenantId, tenant.id))
        .orderBy(asc(drivers.id))
        .limit(2)),
      ...(await db
        .select({ name: leads.contactName, mobile: leads.mobile, id: leads.id })
        .from(leads)
        .where(eq(leads.tenantId, tenant.id))
        .orderBy(asc(leads.id))
        .limit(2)),
    ];
    if (known.length === 0) continue;
    const cityIds = (
      await db.select({ id: retentionLeads.cityId }).from(retentionLeads).where(eq(retentionLeads.tenantId, tenant.id))
    ).flatMap((row) => (row.id === null ? [] : [String(row.id)]));
    const models = (
      await db
        .select({ id: vehicleCatalog.id })
        .from(vehicleCatalog)
        .where(inArray(vehicleCatalog.level, [3]))
        .limit(3)
    ).map((row) => String(row.id));
    const send = await app(tenant.id);
    const forms = [
      ...known.map((person) => ({ name: person.name, mobile: person.mobile })),
      ...names.slice(0, 8).map((name, n) => ({ name, mobile: mobileOf(index, 40 + n) })),
    ];
    for (const [n, form] of forms.entries()) {
      const at = new Date(now - (26 - n * 2) * 24 * 3_600_000 - (n % 5) * 3_600_000);
      const body = {
        name: form.name,
        mobile: form.mobile,
        ...(cityIds[n % Math.max(cityIds.length, 1)] ? { cityId: cityIds[n % cityIds.length] } : {}),
        ...(models[n % 3] && n % 2 === 0 ? { modelId: models[n % 3] } : {}),
        rentalMode: n % 3,
        sourcePage: 1 + (n % 5),
        consent: true,
      };
      await send({ method: 'POST', url: '/api/app/retention-leads', body, at });
      // The same form sent again two hours later: counted on the first.
      if (n === 5)
        await send({ method: 'POST', url: '/api/app/retention-leads', body, at: new Date(at.getTime() + 7_200_000) });
    }
  }
}
