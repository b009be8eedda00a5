import { eventKind, leadEnums, leadSource, leadStatus, ruleKind } from '@cp/contracts';
import { and, asc, desc, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import { channels } from '../channels/tables';
import type { Db, Tx } from '../db';
import { writtenBy } from '../db/columns';
import { accounts, tenants, users } from '../identity/tables';
import { LeadCounts } from '../leads/counts';
import { invalidLeadRuleCities, invalidLeadRules, leadEvents, leadFollowUps, leads } from '../leads/tables';
import { cities, companies } from '../lookups/tables';
import { importBatches, importBatchRows } from '../resource/import-tables';
import { seededRandom } from './random';

const day = 86_400_000;
const surnames = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭'];
const givenNames = ['磊', '伟', '芳', '娜', '强', '敏', '静', '军', '洋', '勇', '杰', '娟', '涛', '明', '超', '霞'];
const talks = [
  '电话沟通，了解网约车租赁价格，约了下周到店看车',
  '客户在跑滴滴，想换一辆新能源车，关注月租和押金',
  '已加微信，发送了车型和租金方案',
  '到店面谈，看了秦PLUS和埃安S，倾向以租代购',
  '客户表示还在比较其他公司，下月再联系',
  '电话无人接听',
];
/** The demo's story of a lead, by its final state: how many follow-ups it had and how it ended. */
const stories = [
  { status: leadStatus.unallocated, followUps: 0 },
  { status: leadStatus.allocated, followUps: 0 },
  { status: leadStatus.followingUp, followUps: 2 },
  { status: leadStatus.followingUp, followUps: 1 },
  { status: leadStatus.activated, followUps: 3 },
  { status: leadStatus.invalid, followUps: 1 },
] as const;

/** 无效线索配置's demo rules: three unanswered calls and the service cities, on; a blocklist, off (手机号重复 is left to add). */
async function seedRules(tx: Tx, tenantId: number, serviceCities: readonly number[]) {
  const rules = [
    { name: '连续3次未接通', kind: ruleKind.unanswered, enabled: true, times: 3 },
    { name: '服务城市以外', kind: ruleKind.outsideCities, enabled: serviceCities.length > 0 },
    { name: '骚扰号码黑名单', kind: ruleKind.blockedMobile, enabled: false, mobiles: ['17000000000', '17100000000'] },
  ];
  const written = await tx
    .insert(invalidLeadRules)
    .values(rules.map((rule) => ({ ...rule, tenantId, remark: '演示规则' })))
    .onConflictDoNothing()
    .returning({ id: invalidLeadRules.id, kind: invalidLeadRules.kind });
  const outside = written.find((rule) => rule.kind === ruleKind.outsideCities);
  if (outside && serviceCities.length > 0) {
    await tx
      .insert(invalidLeadRuleCities)
      .values(serviceCities.map((cityId) => ({ ruleId: outside.id, cityId, tenantId })));
  }
}

/** Demo leads of a branch company in every state, with their follow-ups and 线索日志; none when it has some. */
async function seedTenantLeads(tx: Tx, counts: LeadCounts, tenantId: number, count: number, seed: number) {
  const [existing] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.tenantId, tenantId)).limit(1);
  const staff = await tx
    .select({ id: users.id, name: users.userName })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.status, 1)))
    .orderBy(asc(users.id));
  const served = await tx
    .selectDistinct({ id: cities.id })
    .from(companies)
    .innerJoin(cities, eq(cities.id, companies.cityId))
    .where(eq(companies.tenantId, tenantId));
  await seedRules(
    tx,
    tenantId,
    served.map((city) => city.id),
  );
  if (existing || staff.length === 0) return;
  const ownChannels = await tx.select({ id: channels.id }).from(channels).where(eq(channels.tenantId, tenantId));
  const random = seededRandom(seed);
  const now = Date.now();
  for (let n = 0; n < count; n++) {
    const story = stories[n % stories.length] as (typeof stories)[number];
    const createdAt = new Date(now - random.int(3, 170) * day - random.int(0, 600) * 60_000);
    const name = `${random.pick(surnames)}${random.pick(givenNames)}`;
    const salesperson = story.status === leadStatus.unallocated ? null : random.pick(staff);
    const business = random.int(0, 4);
    const kind = business === 3 ? 2 : business === 4 ? 3 : random.int(0, 1);
    const source = random.pick([leadSource.manual, leadSource.qrCode, leadSource.referral, leadSource.manual]);
    const followed = Array.from({ length: story.followUps }, (_, i) => ({
      at: new Date(createdAt.getTime() + (i + 1) * random.int(1, 3) * day),
      answered: !(story.status === leadStatus.invalid || (i === 0 && random.next() < 0.3)),
      level: random.int(0, 2),
    })).filter((entry) => entry.at.getTime() < now);
    const last = followed.at(-1);
    const [lead] = await tx
      .insert(leads)
      .values({
        tenantId,
        contactName: name,
        mobile: `1${random.pick(['38', '39', '58', '86', '77'])}${String(10_000_000 + n * 7919 + (seed % 1000)).slice(-8)}`,
        cityId: served.length ? random.pick(served).id : null,
        channelId: ownChannels.length ? random.pick(ownChannels).id : null,
        business,
        customerKind: kind,
        source,
        salespersonId: salesperson?.id ?? null,
        status: story.status,
        intentionLevel: last?.level ?? null,
        nextFollowUpDate:
          story.status === leadStatus.followingUp
            ? new Date(now + random.int(1, 14) * day).toISOString().slice(0, 10)
            : null,
        lastFollowedAt: last?.at ?? null,
        followUpCount: followed.length,
        unansweredCount: last && !last.answered ? 1 : 0,
        invalidReason: story.status === leadStatus.invalid ? '号码为空号，多次联系不上' : null,
        activatedKind: story.status === leadStatus.activated ? kind : null,
        activatedCustomer: story.status === leadStatus.activated ? name : null,
        remark: n % 5 === 0 ? '客户希望周末联系' : null,
        createdAt,
        updatedAt: last?.at ?? createdAt,
      })
      .returning();
    if (!lead) continue;
    counts.move(null, lead);
    const actor = salesperson?.name ?? '系统管理员';
    const events: { kind: number; summary: string; at: Date; actorName: string }[] = [
      {
        kind: eventKind.created,
        summary: `${leadEnums.source.label(source)}新增线索`,
        at: createdAt,
        actorName: '系统管理员',
      },
    ];
    if (salesperson) {
      events.push({
        kind: eventKind.allocated,
        summary: `按分配规则分配给${salesperson.name}`,
        at: createdAt,
        actorName: '系统管理员',
      });
    }
    for (const entry of followed) {
      const content = entry.answered ? random.pick(talks.slice(0, -1)) : (talks.at(-1) ?? '');
      await tx.insert(leadFollowUps).values({
        tenantId,
        leadId: lead.id,
        followedAt: entry.at,
        way: entry.answered ? random.int(0, 2) : 0,
        answered: entry.answered,
        content,
        intentionLevel: entry.level,
        followerName: actor,
        createdAt: entry.at,
        updatedAt: entry.at,
      });
      const way = entry.answered ? '跟进（已接通）' : '电话跟进（未接通）';
      events.push({
        kind: eventKind.followedUp,
        summary: `${way}，意向等级${leadEnums.intentionLevel.label(entry.level)}：${content}`,
        at: entry.at,
        actorName: actor,
      });
    }
    const end = new Date((last?.at ?? createdAt).getTime() + day);
    if (story.status === leadStatus.activated && end.getTime() < now) {
      events.push({
        kind: eventKind.activated,
        summary: `激活为${leadEnums.customerKind.label(kind)}：${name}`,
        at: end,
        actorName: actor,
      });
    }
    if (story.status === leadStatus.invalid && end.getTime() < now) {
      events.push({
        kind: eventKind.invalidated,
        summary: '标记无效：号码为空号，多次联系不上',
        at: end,
        actorName: actor,
      });
    }
    await tx
      .insert(leadEvents)
      .values(
        events.map((event) => ({ ...event, tenantId, leadId: lead.id, createdAt: event.at, updatedAt: event.at })),
      );
  }
}

/**
 * One 上传日志 batch of a branch company, three weeks ago, with mixed results: leads allocated and waiting,
 * one made 无效 by the service-city rule, two mobiles already open leads, a row with a bad mobile. None when
 * the branch company has a lead batch already.
 */
async function seedUploadBatch(tx: Tx, counts: LeadCounts, tenantId: number, seed: number) {
  const [existing] = await tx
    .select({ id: importBatches.id })
    .from(importBatches)
    .where(and(eq(importBatches.tenantId, tenantId), eq(importBatches.resourceKey, 'lead')))
    .limit(1);
  const [uploader] = await tx
    .select({ id: users.id, name: users.userName })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.status, 1)))
    .orderBy(asc(users.id))
    .limit(1);
  const open = await tx
    .select({ mobile: leads.mobile, contactName: leads.contactName, status: leads.status })
    .from(leads)
    .where(and(eq(leads.tenantId, tenantId), inArray(leads.status, [leadStatus.allocated, leadStatus.followingUp])))
    .orderBy(asc(leads.id))
    .limit(2);
  const [served] = await tx
    .select({ id: cities.id })
    .from(companies)
    .innerJoin(cities, eq(cities.id, companies.cityId))
    .where(eq(companies.tenantId, tenantId))
    .limit(1);
  // The row made 无效 names a city the branch company has no company in.
  const servedIds = tx
    .select({ id: companies.cityId })
    .from(companies)
    .where(and(eq(companies.tenantId, tenantId), isNotNull(companies.cityId)));
  const [elsewhere] = await tx
    .select({ id: cities.id })
    .from(cities)
    .where(notInArray(cities.id, servedIds))
    .orderBy(desc(cities.id))
    .limit(1);
  if (existing || !uploader || open.length < 2) return;
  const random = seededRandom(seed);
  const at = new Date(Date.now() - 21 * day - random.int(0, 600) * 60_000);
  const by = { ...writtenBy({ tenantId, userId: uploader.id }), createdAt: at, updatedAt: at };
  const [batch] = await tx
    .insert(importBatches)
    .values({ ...by, resourceKey: 'lead', fileName: '渠道线索汇总.xlsx', rows: 8, status: 1, finishedAt: at })
    .returning({ id: importBatches.id });
  if (!batch) return;
  const outcomes: { outcome: number; message: string; recordId?: number }[] = [];
  const admitted = [
    { status: leadStatus.allocated, note: `按分配规则分配给${uploader.name}` },
    { status: leadStatus.allocated, note: `按分配规则分配给${uploader.name}` },
    { status: leadStatus.unallocated, note: '未匹配分配规则，待分配' },
    { status: leadStatus.unallocated, note: '未匹配分配规则，待分配' },
    { status: leadStatus.invalid, note: '已标记为无效：服务城市以外（规则「服务城市以外」）：城市不在服务范围' },
  ];
  for (const [n, entry] of admitted.entries()) {
    const name = `${random.pick(surnames)}${random.pick(givenNames)}`;
    const [lead] = await tx
      .insert(leads)
      .values({
        ...by,
        contactName: name,
        mobile: `15${String(300_000_000 + seed * 7 + n * 104_729).slice(-9)}`,
        cityId: entry.status === leadStatus.invalid ? (elsewhere?.id ?? null) : (served?.id ?? null),
        business: random.int(0, 2),
        customerKind: random.int(0, 1),
        source: leadSource.upload,
        batchId: batch.id,
        salespersonId: entry.status === leadStatus.allocated ? uploader.id : null,
        status: entry.status,
        invalidReason: entry.status === leadStatus.invalid ? entry.note.replace('已标记为无效：', '') : null,
      })
      .returning();
    if (!lead) continue;
    counts.move(null, lead);
    const events: { kind: number; summary: string; actorName: string }[] = [
      { kind: eventKind.created, summary: '上传新增线索', actorName: uploader.name },
    ];
    if (entry.status === leadStatus.allocated) {
      events.push({ kind: eventKind.allocated, summary: entry.note, actorName: uploader.name });
    }
    if (entry.status === leadStatus.invalid) {
      events.push({ kind: eventKind.invalidated, summary: entry.note.slice(6), actorName: '系统（无效线索规则）' });
    }
    await tx
      .insert(leadEvents)
      .values(events.map((event) => ({ ...event, tenantId, leadId: lead.id, at, createdAt: at, updatedAt: at })));
    outcomes.push({ outcome: 1, message: entry.note, recordId: lead.id });
  }
  for (const lead of open) {
    const status = leadEnums.status.label(lead.status);
    outcomes.splice(2, 0, {
      outcome: 2,
      message: `手机号${lead.mobile}已有未结束的线索（${lead.contactName}，${status}）`,
    });
  }
  outcomes.push({ outcome: 3, message: '手机号应为11位手机号，如13812345678' });
  await tx
    .insert(importBatchRows)
    .values(outcomes.map((entry, index) => ({ ...by, batchId: batch.id, rowNumber: index + 2, ...entry })));
  const count = (which: number) => outcomes.filter((entry) => entry.outcome === which).length;
  await tx
    .update(importBatches)
    .set({ imported: count(1), duplicates: count(2), refused: count(3) })
    .where(eq(importBatches.id, batch.id));
}

/**
 * Demo leads and 无效线索 rules of every branch company: the first about 60 leads, the others fewer; counted
 * for 线索统计 as they are written.
 */
export async function seedDemoLeads(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const counts = new LeadCounts();
    for (const [index, tenant] of (await tx.select().from(tenants).orderBy(asc(tenants.id))).entries()) {
      await seedTenantLeads(tx, counts, tenant.id, index === 0 ? 60 : 42, 20_263_001 + index);
      await seedUploadBatch(tx, counts, tenant.id, 20_263_101 + index);
    }
    await counts.write(tx);
  });
}
