import { and, asc, eq, inArray } from 'drizzle-orm';
import { allocationRuleMembers, allocationRules, channels } from '../channels/tables';
import type { Db } from '../db';
import { accounts, tenants, users } from '../identity/tables';
import { cities, companies } from '../lookups/tables';

const day = 86_400_000;

/** A channel of each type (渠道类型 1-9); the ones marked false were stopped. */
const demoChannels = (city: string): [name: string, type: number, cost: number | null, open: boolean][] => [
  [`${city}门店海报二维码`, 1, 120_000, true],
  [`${city}网约车司机之家二维码`, 1, 80_000, true],
  ['CP出行APP注册', 2, null, true],
  ['老司机推荐有礼', 3, 2_500_000, true],
  [`${city}机场地推`, 4, 1_800_000, true],
  [`${city}高铁站地推（春节）`, 4, 960_000, false],
  ['抖音信息流投放', 5, 12_000_000, true],
  ['百度搜索推广', 5, 4_500_000, false],
  ['滴滴车主合作', 6, null, true],
  ['车队批量导入', 7, null, true],
  ['400电话咨询', 8, null, true],
  [`${city}门店到访`, 9, null, true],
];

/** Demo channels and allocation rules of every branch company; only what is missing is written. */
export async function seedDemoChannels(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [index, tenant] of (await tx.select().from(tenants).orderBy(asc(tenants.id))).entries()) {
      const staff = await tx
        .select({ id: users.id, name: users.userName })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.userId))
        .where(and(eq(accounts.tenantId, tenant.id), eq(accounts.status, 1)))
        .orderBy(asc(users.id));
      if (staff.length === 0) continue;
      const tenantCities = await tx
        .selectDistinct({ id: cities.id, name: cities.name })
        .from(companies)
        .innerJoin(cities, eq(cities.id, companies.cityId))
        .where(eq(companies.tenantId, tenant.id))
        .orderBy(asc(cities.id));
      const home = tenantCities[0];
      const cityName = home?.name.replace(/市$/, '') ?? tenant.name.replace(/分公司$/, '');
      const now = Date.now();
      const rows = demoChannels(cityName).map(([name, type, cost, open], n) => {
        const createdAt = new Date(now - (200 - n * 13 - index * 3) * day);
        return {
          tenantId: tenant.id,
          name,
          type,
          cost,
          status: open ? 1 : 0,
          ownerId: (staff[n % staff.length] as (typeof staff)[number]).id,
          remark: open ? null : '活动结束，暂停接收新线索',
          createdAt,
          updatedAt: open ? createdAt : new Date(createdAt.getTime() + 40 * day),
        };
      });
      await tx.insert(channels).values(rows).onConflictDoNothing();
      const channelId = new Map(
        (
          await tx
            .select({ id: channels.id, name: channels.name })
            .from(channels)
            .where(
              and(
                eq(channels.tenantId, tenant.id),
                inArray(
                  channels.name,
                  rows.map((row) => row.name),
                ),
              ),
            )
        ).map((row) => [row.name, row.id]),
      );
      const second = tenantCities[1];
      const rules = [
        {
          name: '司机推荐专人跟进',
          priority: 10,
          channelId: channelId.get('老司机推荐有礼') ?? null,
          cityId: null,
          members: staff.slice(0, 2),
        },
        {
          name: `${cityName}地推线索`,
          priority: 20,
          channelId: channelId.get(`${cityName}机场地推`) ?? null,
          cityId: home?.id ?? null,
          members: staff.slice(1, 4),
        },
        ...(second
          ? [{ name: `${second.name}线索`, priority: 30, channelId: null, cityId: second.id, members: staff.slice(-2) }]
          : []),
        { name: '其余线索轮流分配', priority: 900, channelId: null, cityId: null, members: staff },
      ];
      for (const [n, { members, ...rule }] of rules.entries()) {
        const createdAt = new Date(now - (150 - n * 20 - index * 5) * day);
        const [inserted] = await tx
          .insert(allocationRules)
          .values({ ...rule, tenantId: tenant.id, enabled: true, createdAt, updatedAt: createdAt })
          .onConflictDoNothing()
          .returning({ id: allocationRules.id });
        if (!inserted || members.length === 0) continue;
        await tx
          .insert(allocationRuleMembers)
          .values(members.map((member) => ({ ruleId: inserted.id, userId: member.id, tenantId: tenant.id })));
      }
    }
  });
}
